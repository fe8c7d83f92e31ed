import fs from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { summarizeLogEntries } from "~/modules/trips/logbook-summary";
import { addDays, dayKey, startOfDay } from "~/lib/zoned-days";
import type { LogEntry } from "~/services/upstream/schemas";
import { parseCsvObjects } from "../support/csv";
import { pdfText } from "../support/pdf";
import { appUrl, getBrowser, newPage, signIn, upstreamUrl } from "./support/browser";

/**
 * Issue 5: trips, the logbook and distance, in Chromium against the real server and simulator.
 * Every logbook test uses a settled past period (no trip can still be running), so the page and
 * a direct upstream call see the same trips.
 */
// Several servers and builds share this machine: give each browser test room.
vi.setConfig({ testTimeout: 150_000 });

const TZ = "Australia/Brisbane";
const today = dayKey(Date.now(), TZ);
const FROM = addDays(today, -20);
const TO = addDays(today, -1);

async function hydrated(page: Page) {
  await page.getByTestId("loading-screen").waitFor({ state: "detached" });
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
const signedIn = new Map<string, StorageState>();

/**
 * A fresh browser context signed in as the user. Each user signs in through the form once; later
 * contexts reuse that session cookie (signing in before every test would trip the sign-in limit).
 */
async function session(
  path: string,
  options: { javaScriptEnabled?: boolean; user?: [string, string] } = {},
) {
  const [u, p] = options.user ?? ["admin", "admin123"];
  if (!signedIn.has(u)) {
    const first = await newPage();
    await signIn(first.page, u, p);
    signedIn.set(u, await first.context.storageState());
    await first.context.close();
  }
  const context = await (
    await getBrowser()
  ).newContext({
    baseURL: appUrl(),
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    storageState: signedIn.get(u),
  });
  const page = await context.newPage();
  // The first visit of a fleet-wide page fills the trip cache from the upstream: allow for a busy machine.
  page.setDefaultTimeout(60_000);
  await page.goto(path);
  if (options.javaScriptEnabled !== false) await hydrated(page);
  return { context, page };
}

let token = "";
async function upstreamGet<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(
    `${upstreamUrl()}${path}`,
    body === undefined
      ? { headers: { authorization: `Bearer ${token}` } }
      : {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** A company-1 vehicle that drove in the period, and its log entries from the upstream. */
let imei = "";
let nickname = "";
const fromIso = new Date(startOfDay(FROM, TZ)).toISOString();
const toIso = new Date(startOfDay(addDays(TO, 1), TZ)).toISOString();
/** A day of the period on which the vehicle made at least two trips (so there is a stop between). */
let DAY = "";
let second = "";
/** Trips per day of the period, by start in the company's zone. */
function tripsPerDay(list: LogEntry[]): Map<string, number> {
  const perDay = new Map<string, number>();
  for (const e of list) {
    const day = dayKey(Date.parse(e[2].logstart), TZ);
    if (day >= FROM && day <= TO) perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  return perDay;
}
/** Days with two trips or more (so a stop between them), oldest first. */
const busyDays = (perDay: Map<string, number>) =>
  [...perDay]
    .filter(([, n]) => n >= 2)
    .map(([k]) => k)
    .sort();
async function logEntries(): Promise<LogEntry[]> {
  return upstreamGet<LogEntry[]>(
    `/logbook/logentries?imei=${imei}&from=${encodeURIComponent(fromIso)}&to=${encodeURIComponent(toIso)}`,
  );
}
const logbookPath = (extra = "") => `/dashboard/logbook?imei=${imei}&from=${FROM}&to=${TO}${extra}`;

beforeAll(async () => {
  const res = await fetch(`${upstreamUrl()}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "admin123", platform: "web" }),
  });
  token = ((await res.json()) as { token: string }).token;
  const devices = await upstreamGet<{ imei: string; nickname: string; device_type_id: number }[]>(
    "/user/iotdevices",
    { platform: "web" },
  );
  // Not a courier (those drive round the clock and fill many pages): a vehicle with a few trips a day.
  for (const d of devices) {
    const list = await upstreamGet<LogEntry[]>(`/logbook/logentries?imei=${d.imei}`);
    if (list.length < 40 || list.length > 1200) continue;
    const perDay = tripsPerDay(list);
    const day = busyDays(perDay).pop();
    if (!imei && day) {
      imei = d.imei;
      nickname = d.nickname;
      DAY = day;
    } else if (imei && perDay.get(DAY)) {
      second = d.imei;
      break;
    }
  }
  expect(imei, "a vehicle with a few trips a day").not.toBe("");
  expect(second, "a second vehicle driving that day").not.toBe("");
});

describe("logbook", () => {
  it("shows the summary figures of the simulator's log entries (SPEC §5)", async () => {
    const { context, page } = await session(logbookPath());
    const root = page.getByTestId("logbook");
    expect(await root.getAttribute("data-from")).toBe(fromIso);
    expect(await root.getAttribute("data-to")).toBe(toIso);
    const expected = summarizeLogEntries(await logEntries());
    expect(expected.trips).toBeGreaterThan(10);
    const value = async (id: string) =>
      Number(await page.getByTestId(id).getAttribute("data-value"));
    expect(await value("summary-business")).toBe(expected.businessKmsTravelled);
    expect(await value("summary-total")).toBe(expected.totalKmsTravelled);
    expect(await value("summary-percent")).toBeCloseTo(expected.businessPercent, 9);
    expect(await page.getByTestId("summary-total").textContent()).toBe(
      `${expected.totalKmsTravelled.toFixed(1)} km`,
    );
    expect(await page.getByTestId("summary-percent").textContent()).toBe(
      `${expected.businessPercent.toFixed(1)}%`,
    );
    expect(await page.content()).not.toContain("NaN");
    await context.close();
  });

  it("changes a trip's purpose: shown at once, after a reload, and at the upstream", async () => {
    const { context, page } = await session(logbookPath("&purpose=business"));
    const row = page.locator("[data-entry-id]").first();
    const id = (await row.getAttribute("data-entry-id"))!;
    await row.getByRole("link", { name: "Edit purpose" }).click();
    const form = page.getByRole("form", { name: "Change purpose" });
    await form.getByLabel("Private").check();
    await form.getByLabel("Description").fill("Weekend trip to the coast");
    await form.getByRole("button", { name: "Save purpose" }).click();
    await page.getByTestId("toast").getByText("Purpose changed.").waitFor();
    // Filtered to business trips, the changed one leaves the list at once.
    expect(await page.locator(`[data-entry-id="${id}"]`).count()).toBe(0);
    await page.goto(logbookPath("&purpose=private"));
    const changed = page.locator(`[data-entry-id="${id}"]`);
    expect(await changed.getByTestId("entry-description").textContent()).toBe(
      "Weekend trip to the coast",
    );
    await page.reload();
    expect(await changed.getByTestId("entry-description").textContent()).toBe(
      "Weekend trip to the coast",
    );
    const upstream = (await logEntries()).find((e) => e[2].id === id)!;
    expect(upstream[2]).toMatchObject({
      purpose: "private",
      description: "Weekend trip to the coast",
    });
    await context.close();
  });

  it("deletes a trip only after confirmation, without JavaScript too", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { context, page } = await session(logbookPath(), { javaScriptEnabled });
      const row = page.locator("[data-entry-id]").first();
      const id = (await row.getAttribute("data-entry-id"))!;
      await row.getByRole("button", { name: "Delete" }).click();
      const yes = page.getByRole("button", { name: "Yes, delete" });
      await yes.waitFor();
      // Nothing is deleted before the confirmation.
      expect((await logEntries()).some((e) => e[2].id === id)).toBe(true);
      await yes.click();
      await page.getByTestId("toast").getByText("Trip deleted.").waitFor();
      expect(await page.locator(`[data-entry-id="${id}"]`).count()).toBe(0);
      await page.reload();
      expect(await page.locator(`[data-entry-id="${id}"]`).count()).toBe(0);
      expect((await logEntries()).some((e) => e[2].id === id)).toBe(false);
      await context.close();
    }
  });

  it("ignores a manual trip with the same start and end as an existing one, and says so", async () => {
    const { context, page } = await session(logbookPath());
    const start = `${addDays(TO, -1)}T03:10`;
    const stop = `${addDays(TO, -1)}T03:40`;
    const add = async (description: string) => {
      const form = page.getByRole("form", { name: "Add a trip" });
      await form.locator('input[name="logstart"]').fill(start);
      await form.locator('input[name="logstop"]').fill(stop);
      await form.locator('input[name="description"]').fill(description);
      await form.locator('input[name="driver"]').fill("Pat Night");
      await form.getByRole("button", { name: "Add trip" }).click();
    };
    await add("Night run to the airport");
    await page.getByTestId("toast").getByText("Trip added to the logbook.").waitFor();
    const before = (await logEntries()).filter(
      (e) => e[2].description === "Night run to the airport",
    );
    expect(before).toHaveLength(1);
    await add("Night run again");
    await page
      .getByTestId("add-error")
      .getByText(
        "A trip with the same start and end time already exists, so this one was not saved.",
      )
      .waitFor();
    // What the user typed is kept.
    expect(await page.locator('input[name="description"]').inputValue()).toBe("Night run again");
    const after = await logEntries();
    expect(
      after.filter(
        (e) => e[2].logstart === before[0]![2].logstart && e[2].logstop === before[0]![2].logstop,
      ),
    ).toHaveLength(1);
    expect(after.some((e) => e[2].description === "Night run again")).toBe(false);
    await context.close();
  });

  it("validates a manual trip on the server with field messages (no JavaScript)", async () => {
    const { context, page } = await session(logbookPath(), { javaScriptEnabled: false });
    const form = page.getByRole("form", { name: "Add a trip" });
    await form.locator('input[name="logstart"]').fill(`${TO}T10:00`);
    await form.locator('input[name="logstop"]').fill(`${TO}T09:00`);
    await form.locator('input[name="description"]').fill("Backwards");
    await form.locator('input[name="start_odometer"]').fill("100");
    await form.getByRole("button", { name: "Add trip" }).click();
    await page.getByText("The end must be after the start").waitFor();
    await page.getByText("Give both readings, or neither").waitFor();
    expect(await page.locator('input[name="description"]').inputValue()).toBe("Backwards");
    await context.close();
  });

  it("exports the logbook as CSV and as a PDF logbook", async () => {
    const { context, page } = await session(logbookPath());
    const expected = summarizeLogEntries(await logEntries());
    const download = async (name: string) => {
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("link", { name }).click(),
      ]);
      return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
    };
    const csv = await download("Export CSV");
    expect(csv.name).toMatch(new RegExp(`^logbook-.*-${FROM}-to-${TO}\\.csv$`));
    const rows = parseCsvObjects(csv.bytes.toString("utf8"));
    expect(rows).toHaveLength(expected.trips);
    const km = rows.reduce((s, r) => s + Number(r["Distance (km)"]), 0);
    expect(
      Math.abs(km - expected.businessKmsTravelled - expected.privateKmsTravelled),
    ).toBeLessThan(0.05 * rows.length + 0.1);
    expect(rows.every((r) => r.Purpose === "Business" || r.Purpose === "Private")).toBe(true);

    const pdf = await download("Export PDF");
    expect(pdf.name).toMatch(/\.pdf$/);
    const { text } = await pdfText(pdf.bytes);
    expect(text).toContain("Vehicle logbook");
    expect(text).toContain(`${nickname} (${imei})`);
    expect(text).toContain(`${FROM} to ${TO}`);
    expect(text).toContain(
      `Business-use percentage for the period: ${expected.businessPercent.toFixed(1)}%`,
    );
    // The summary block: the label, its figure under it.
    expect(text).toContain("Odometer at start");
    expect(text).toContain(
      `${expected.startOdometer!.toLocaleString("en", { minimumFractionDigits: 1, maximumFractionDigits: 1 })} km`,
    );
    await context.close();
  });

  it("refuses another company's vehicle with 404 (page, export and track)", async () => {
    const { context, page } = await session("/dashboard/account", { user: ["other", "other123"] });
    for (const path of [
      logbookPath(),
      `/dashboard/logbook/export/csv?imei=${imei}`,
      `/dashboard/trips?imei=${imei}`,
      `/dashboard/timeline?imei=${imei}`,
    ]) {
      const res = await page.goto(path);
      expect(res!.status(), path).toBe(404);
    }
    const api = await page.request.get(`/api/trip-track/${imei}-1`);
    expect(api.status()).toBe(404);
    await context.close();
  });
});

describe("trips and replay", () => {
  let context: BrowserContext;
  let page: Page;
  afterAll(() => context?.close());

  it("lists trips without JavaScript, with stops between them", async () => {
    const s = await session(`/dashboard/trips?imei=${imei}&from=${DAY}&to=${DAY}`, {
      javaScriptEnabled: false,
    });
    expect(await s.page.locator("[data-trip-id]").count()).toBeGreaterThan(0);
    expect(await s.page.getByTestId("trip-distance").first().textContent()).toMatch(/^\d+\.\d km$/);
    expect(await s.page.getByTestId("trip-max-speed").first().textContent()).toMatch(/^\d+ km\/h$/);
    await s.page.getByRole("heading", { name: "Stops between trips" }).waitFor();
    await s.context.close();
  });

  it("replays a trip: play, pause, 1x–64x, scrub; the chart follows", async () => {
    ({ context, page } = await session(`/dashboard/trips?imei=${imei}&from=${DAY}&to=${DAY}`));
    await page.getByRole("link", { name: "Only this" }).first().click();
    await page.getByTestId("trip-replay").waitFor();
    const time = () => page.getByTestId("replay-time").textContent();
    const slider = page.locator("#replay-position");
    const value = async () => Number(await slider.inputValue());
    const start = await value();
    expect(await page.getByLabel("Replay speed").locator("option").allTextContents()).toEqual([
      "1x",
      "2x",
      "4x",
      "8x",
      "16x",
      "32x",
      "64x",
    ]);
    await page.getByLabel("Replay speed").selectOption("64");
    await page.getByTestId("replay-toggle").click();
    await page.waitForTimeout(1200);
    await page.getByTestId("replay-toggle").click(); // pause
    const paused = await value();
    // About 64 s of trip per second of wall time.
    expect(paused - start).toBeGreaterThan(20_000);
    await page.waitForTimeout(600);
    expect(await value()).toBe(paused);
    expect(await page.getByTestId("replay-toggle").textContent()).toBe("Play");
    // Scrub to the end: the clock and the chart's marker follow.
    const max = Number(await slider.getAttribute("max"));
    const before = await time();
    await slider.fill(String(max));
    await page.waitForFunction(
      (b) => document.querySelector('[data-testid="replay-time"]')?.textContent !== b,
      before,
    );
    // The slider moves in whole seconds from the start, so the end is within a second.
    expect(max - (await value())).toBeLessThan(1000);
    expect(await value()).toBeGreaterThan(paused);
    await page.locator(".recharts-reference-line").first().waitFor();
    expect(await page.locator(".recharts-line").count()).toBeGreaterThan(0);
    await page.getByTestId("replay-map").waitFor();
  });

  it("replays several vehicles on one timeline", async () => {
    await page.goto(`/dashboard/trips?imei=${imei}&imei=${second}&from=${DAY}&to=${DAY}`);
    await hydrated(page);
    const pick = async (vehicle: string) => {
      const row = page
        .locator("[data-trip-id]", { has: page.locator("td") })
        .filter({ has: page.locator(`input[value^="${vehicle}-"]`) })
        .first();
      await row.locator('input[name="replay"]').check();
    };
    await pick(imei);
    await pick(second);
    await page.getByRole("button", { name: "Replay selected trips" }).click();
    await page.getByTestId("trip-replay").waitFor();
    // Each vehicle's track arrives on its own request: wait for the second, then count.
    await page.getByTestId("replay-vehicle-speed").nth(1).waitFor();
    await page.locator(".recharts-line").nth(1).waitFor();
    expect(await page.getByTestId("replay-vehicle-speed").count()).toBe(2);
    expect(await page.locator(".recharts-line").count()).toBe(2);
  });
});

describe("units and distance", () => {
  it("switches every distance and speed to imperial, live and after a reload", async () => {
    const { context, page } = await session(logbookPath());
    const totalKm = Number(await page.getByTestId("summary-total").getAttribute("data-value"));
    expect(await page.getByTestId("summary-total").textContent()).toMatch(/ km$/);
    await page.getByTestId("open-settings").click();
    await page.getByRole("dialog", { name: "Display settings" }).getByText("Imperial (mi)").click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="summary-total"]')?.textContent?.endsWith(" mi"),
    );
    expect(await page.getByTestId("summary-total").textContent()).toBe(
      `${(totalKm / 1.609344).toFixed(1)} mi`,
    );
    await page.reload();
    await hydrated(page);
    expect(await page.getByTestId("summary-total").textContent()).toBe(
      `${(totalKm / 1.609344).toFixed(1)} mi`,
    );
    // The server renders miles too (the settings cookie), so the first paint is already right.
    const html = await (await page.request.get(logbookPath())).text();
    expect(html).toContain(`${(totalKm / 1.609344).toFixed(1)} mi`);
    await page.goto(`/dashboard/trips?imei=${imei}&from=${DAY}&to=${DAY}`);
    expect(await page.getByTestId("trip-max-speed").first().textContent()).toMatch(/^\d+ mph$/);
    await page.goto("/dashboard/vehicle-distance");
    expect(await page.getByTestId("distance-total").first().textContent()).toMatch(/ mi$/);
    await context.close();
  });

  it("vehicle distance per day, week and month is sortable, also without JavaScript", async () => {
    const { context, page } = await session("/dashboard/vehicle-distance?period=week", {
      javaScriptEnabled: false,
    });
    const totals = async () =>
      (await page.getByTestId("distance-total").allTextContents()).map((t) => Number.parseFloat(t));
    const desc = await totals();
    expect(desc.length).toBeGreaterThan(5);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    await page.getByRole("link", { name: /^Total/ }).click();
    const asc = await totals();
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    await page.goto("/dashboard/vehicle-distance-mobile?period=month");
    expect(await page.getByTestId("distance-total").count()).toBe(desc.length);
    await context.close();
  });

  it("shows a vehicle's day as trips and stops on the timeline", async () => {
    // The logbook tests delete the newest trips (on DAY, perhaps): the oldest busy day as it is now.
    const day = busyDays(tripsPerDay(await logEntries()))[0];
    expect(day, "a day with two trips or more").toBeDefined();
    const { context, page } = await session(`/dashboard/timeline?imei=${imei}&day=${day}`);
    await page.getByTestId("timeline").waitFor();
    expect(await page.getByText(/· Trip$/).count()).toBeGreaterThan(0);
    expect(await page.getByText(/· Stopped /).count()).toBeGreaterThan(0);
    await context.close();
  });
});

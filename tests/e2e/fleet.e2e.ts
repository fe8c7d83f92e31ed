import fs from "node:fs/promises";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceClock, newPage, signIn, upstreamUrl, whenReady } from "./support/browser";

/**
 * Fleet and assets (issue 4) against the real server and simulator: map counts against the
 * simulator's truth, live movement, every device management action, list order and filters, the
 * stale banner, tenant isolation and share links.
 */

type SimDevice = {
  imei: string;
  nickname: string;
  groups: { id: number; nickname: string }[];
  tags: { id: number; name: string }[];
  position: { speed: number; lat: number; lng: number; timestamp: string } | null;
};

async function simToken(username = "admin", password = "admin123"): Promise<string> {
  const res = await fetch(`${upstreamUrl()}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password, platform: "web" }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function simDevices(token: string): Promise<SimDevice[]> {
  const res = await fetch(`${upstreamUrl()}/user/iotdevices`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ platform: "web" }),
  });
  return (await res.json()) as SimDevice[];
}

async function simFaults(faults: Record<string, unknown>) {
  await fetch(`${upstreamUrl()}/__sim/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(faults),
  });
}
async function resetFaults() {
  await fetch(`${upstreamUrl()}/__sim/faults/reset`, { method: "POST" });
}

async function uncheckAll(boxes: Locator) {
  for (let i = 0; i < (await boxes.count()); i++)
    if (await boxes.nth(i).isChecked()) await boxes.nth(i).uncheck();
}

async function pageCounts(page: Page) {
  const read = async (s: string) =>
    Number(await page.getByTestId(`count-${s}`).locator("[data-count]").textContent());
  return {
    moving: await read("moving"),
    idling: await read("idling"),
    resting: await read("resting"),
    offline: await read("offline"),
  };
}

async function until<T>(
  fn: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs: number,
  stepMs = 1000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  let v = await fn();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, stepMs));
    v = await fn();
  }
  return v;
}

let token: string;
let devices: SimDevice[];

beforeAll(async () => {
  token = await simToken();
  devices = await simDevices(token);
});
afterAll(resetFaults);

describe("fleet map", () => {
  it("shows the counts of the simulator's truth, and markers on a plain background without tiles", async () => {
    const { context, page } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/assets");
    await whenReady(page);
    await page.getByTestId("fleet-map").waitFor();
    const truth = async () =>
      (await (await fetch(`${upstreamUrl()}/__sim/stats?companyid=1`)).json()) as Record<
        string,
        number
      >;
    // Vehicles change state while we look: compare until both sides agree (the page follows live).
    const result = await until(
      async () => ({ page: await pageCounts(page), truth: await truth() }),
      (r) =>
        (["moving", "idling", "resting", "offline"] as const).every(
          (k) => r.page[k] === r.truth[k],
        ),
      30_000,
    );
    expect(result.page).toEqual({
      moving: result.truth.moving,
      idling: result.truth.idling,
      resting: result.truth.resting,
      offline: result.truth.offline,
    });
    expect(await page.getByTestId("count-total").textContent()).toContain(String(devices.length));
    // Tiles cannot load here (no network); markers and clusters still render.
    const markers = await page.locator(".ts-marker, .ts-cluster").count();
    expect(markers).toBeGreaterThan(0);
    await context.close();
  });

  it("moves a vehicle without reloading the page", async () => {
    const moving = devices.find((d) => (d.position?.speed ?? 0) > 0);
    expect(moving, "the simulator always has a moving vehicle").toBeTruthy();
    const { context, page } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto(`/dashboard/vehicle-dashboard/${moving!.imei}`);
    await whenReady(page);
    await page.evaluate(
      () => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true),
    );
    const first = await page.getByTestId("device-position").textContent();
    const later = await until(
      () => page.getByTestId("device-position").textContent(),
      (t) => t !== first,
      40_000,
    );
    expect(later).not.toBe(first);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);
    await context.close();
  });

  it("sorts the list by nickname case-insensitively, searches and filters by group and tag", async () => {
    const { context, page } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/assets");
    await whenReady(page);
    const names = await page.getByTestId("device-name").allTextContents();
    expect(names.length).toBe(devices.length);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" })),
    );
    expect(names).toEqual(
      devices
        .map((d) => d.nickname)
        .sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" })),
    );

    await page.getByLabel("Search devices").fill("TRAILER");
    const found = await page.getByTestId("device-name").allTextContents();
    expect(found.length).toBe(
      devices.filter((d) => d.nickname.toLowerCase().includes("trailer")).length,
    );
    expect(found.every((n) => n.toLowerCase().includes("trailer"))).toBe(true);
    await page.getByLabel("Search devices").fill("");

    const group = devices.flatMap((d) => d.groups)[0]!;
    await page.getByLabel("Group").selectOption(String(group.id));
    const inGroup = await page.getByTestId("device-name").allTextContents();
    expect(inGroup.sort()).toEqual(
      devices
        .filter((d) => d.groups.some((g) => g.id === group.id))
        .map((d) => d.nickname)
        .sort(),
    );
    await page.getByLabel("Group").selectOption("");

    const tag = devices.flatMap((d) => d.tags)[0]!;
    await page.getByLabel("Tag").selectOption(String(tag.id));
    const tagged = await page.getByTestId("device-name").allTextContents();
    expect(tagged.sort()).toEqual(
      devices
        .filter((d) => d.tags.some((t) => t.id === tag.id))
        .map((d) => d.nickname)
        .sort(),
    );

    // Clicking a device focuses it on the map (a popup with its name opens).
    await page.getByLabel("Tag").selectOption("");
    const target = devices.find((d) => d.position)!;
    await page.getByRole("link", { name: `Show ${target.nickname} on the map` }).click();
    await page.locator(".leaflet-popup-content", { hasText: target.nickname }).waitFor();
    await context.close();
  });

  it("draws device icons as SVG (no emoji font needed) in the list, the picker and on markers", async () => {
    const { context, page } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/assets");
    await whenReady(page);
    const rows = page.getByTestId("device-row");
    const rowCount = await rows.count();
    expect(rowCount).toBe(devices.length);
    expect(await rows.locator("svg[data-icon]").count()).toBe(rowCount);
    expect(await page.getByTestId("device-list").textContent()).not.toMatch(
      /[\u{1F300}-\u{1FAFF}]/u,
    );
    // A moving vehicle stands alone at street level: its marker carries its icon as SVG.
    const moving = devices.find((d) => (d.position?.speed ?? 0) > 0)!;
    await page.getByRole("link", { name: `Show ${moving.nickname} on the map` }).click();
    await page.locator(".ts-marker svg[data-icon]").first().waitFor();
    expect(
      await page.locator(`.ts-marker [data-imei="${moving.imei}"] svg[data-icon]`).count(),
    ).toBe(1);
    // The icon picker: every choice shows its SVG.
    await page.goto(`/dashboard/assets/device/${devices[0]!.imei}`);
    await whenReady(page);
    const choices = page.getByTestId("form-icon").locator("label:has(svg[data-icon])");
    expect(await choices.count()).toBe(9);
    await context.close();
  });

  it("draws jobsite geofences with their names when the preference is on, none when it is off", async () => {
    const { context, page } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/assets");
    await whenReady(page);
    const jobsites = page.locator("[data-testid=fleet-map] path.ts-jobsite");
    // Company 1 has five jobsites in the simulator (two polygons, three circles).
    await until(
      () => jobsites.count(),
      (n) => n === 5,
      20_000,
      250,
    );
    expect(await jobsites.count()).toBe(5);
    // The name shows on hover: centre the map on the Port of Brisbane berth (a polygon) and point at it.
    await page.evaluate(
      `document.querySelector("[data-testid=fleet-map]").leafletMap.setView([-27.3812, 153.1650], 16, { animate: false })`,
    );
    const box = (await page.getByTestId("fleet-map").boundingBox())!;
    await page.mouse.move(box.x + box.width / 2 - 3, box.y + box.height / 2 - 3);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.locator(".leaflet-tooltip", { hasText: "Port of Brisbane Berth 9" }).waitFor();
    // Another company never sees them: tenant isolation of /api/jobsites.
    const other = await newPage();
    await signIn(other.page, "other", "other123");
    const theirs = (await other.page.evaluate(`fetch("/api/jobsites").then((r) => r.json())`)) as {
      jobsites: { name: string }[];
    };
    expect(theirs.jobsites.map((j) => j.name).sort()).toEqual([
      "Annerley Units Renovation",
      "Moorooka Workshop",
    ]);
    await other.context.close();
    // Off: gone at once, and still gone after a reload (the preference persists).
    await page.getByTestId("open-settings").click();
    await page.getByRole("switch", { name: "Jobsite geofences" }).click();
    await until(
      () => jobsites.count(),
      (n) => n === 0,
      10_000,
      250,
    );
    expect(await jobsites.count()).toBe(0);
    await page.reload();
    await whenReady(page);
    await page.locator(".ts-cluster, .ts-marker").first().waitFor();
    expect(await jobsites.count()).toBe(0);
    // On again.
    await page.getByTestId("open-settings").click();
    await page.getByRole("switch", { name: "Jobsite geofences" }).click();
    await until(
      () => jobsites.count(),
      (n) => n === 5,
      10_000,
      250,
    );
    expect(await jobsites.count()).toBe(5);
    await context.close();
  });

  it("filters without JavaScript through the query string", async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/assets?q=bus");
    const names = await page.getByTestId("device-name").allTextContents();
    expect(names.length).toBe(
      devices.filter((d) => d.nickname.toLowerCase().includes("bus")).length,
    );
    expect(names.length).toBeGreaterThan(0);
    await expect(page.getByTestId("map-fallback").isVisible()).resolves.toBe(true);
    await context.close();
  });
});

describe("fleet list", () => {
  const speeds = async (page: Page) =>
    (
      await page.locator("[data-testid=fleet-table] tbody tr td:nth-child(3)").allTextContents()
    ).map((t) => (t === "—" ? null : Number.parseInt(t, 10)));
  // Vehicles without a speed go last whichever way the column runs.
  const inOrder = (list: (number | null)[], dir: "asc" | "desc") => {
    const known = list.filter((v): v is number => v !== null);
    const sorted = [...known].sort((a, b) => (dir === "asc" ? a - b : b - a));
    return [...sorted, ...list.filter((v) => v === null)];
  };

  for (const javaScriptEnabled of [false, true]) {
    it(`sorts by a column header, both ways, ${javaScriptEnabled ? "with" : "without"} JavaScript`, async () => {
      const { context, page } = await newPage({ javaScriptEnabled });
      await signIn(page, "admin", "admin123");
      await page.goto("/dashboard/fleet");
      if (javaScriptEnabled) await whenReady(page);
      expect(await page.getByTestId("table-showing").textContent()).toBe(
        `Showing 1–${Math.min(100, devices.length)} of ${devices.length}`,
      );
      // SPEC §3: by nickname until asked otherwise.
      await page.locator('th[aria-sort="ascending"] a[data-sort="vehicle"]').waitFor();

      await page.locator('a[data-sort="speed"]').click();
      await page.waitForURL(/sort=speed&dir=asc/);
      await page
        .locator('th[aria-sort="ascending"] a[data-sort="speed"]')
        .waitFor({ state: "attached" });
      expect(await page.locator("th[aria-sort]").count()).toBe(1);
      const asc = await speeds(page);
      expect(asc.length).toBe(Math.min(100, devices.length));
      expect(asc).toEqual(inOrder(asc, "asc"));

      await page.locator('a[data-sort="speed"]').click();
      await page.waitForURL(/sort=speed&dir=desc/);
      await page
        .locator('th[aria-sort="descending"] a[data-sort="speed"]')
        .waitFor({ state: "attached" });
      const desc = await speeds(page);
      expect(desc).toEqual(inOrder(desc, "desc"));
      await context.close();
    });
  }

  it("searches, filters by group and exports the same rows as CSV, without JavaScript", async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/fleet");
    const rows = page.locator("[data-testid=fleet-table] tbody tr");

    await page.getByLabel("Search vehicles").fill("bus");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/q=bus/);
    const buses = devices.filter((d) => d.nickname.toLowerCase().includes("bus"));
    expect(buses.length).toBeGreaterThan(0);
    expect(await rows.count()).toBe(Math.min(100, buses.length));

    const group = devices.flatMap((d) => d.groups)[0]!;
    const inGroup = devices.filter((d) => d.groups.some((g) => g.id === group.id));
    await page.getByRole("link", { name: "Clear filters" }).click();
    await page.getByLabel("Group").selectOption(String(group.id));
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(new RegExp(`group=${group.id}`));
    expect(await rows.count()).toBe(Math.min(100, inGroup.length));
    // Every row's address column holds an address or a dash, never bare coordinates.
    for (const text of await rows.locator("td:nth-child(5)").allTextContents())
      expect(text).not.toMatch(/^-?\d+\.\d+, ?-?\d+\.\d+$/);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^fleet-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await fs.readFile((await download.path())!, "utf8");
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(
      /^Vehicle,IMEI,Status,Speed \(km\/h\),Ignition,Driver,Groups,Address,/,
    );
    expect(lines.length - 1).toBe(inGroup.length);
    for (const d of inGroup) expect(csv).toContain(`,${d.imei},`);
    await context.close();
  });
});

describe("device management", () => {
  it("renames, changes the icon, sets tags and groups, with messages next to the fields", async () => {
    const d = devices[11]!;
    const { context, page } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto(`/dashboard/assets/device/${d.imei}`);
    await whenReady(page);

    const rename = page.getByTestId("form-rename");
    await rename.locator("input[name=nickname]").fill("   ");
    await rename.getByRole("button", { name: "Rename" }).click();
    await rename.getByText("Enter a nickname.").waitFor();
    await rename.locator("input[name=nickname]").fill("e2e Renamed Truck");
    await rename.getByRole("button", { name: "Rename" }).click();
    await page.getByTestId("device-nickname").filter({ hasText: "e2e Renamed Truck" }).waitFor();
    expect((await simDevices(token)).find((x) => x.imei === d.imei)!.nickname).toBe(
      "e2e Renamed Truck",
    );

    await page
      .getByTestId("form-icon")
      .getByLabel(/Excavator/)
      .check();
    await page.getByTestId("form-icon").getByRole("button", { name: "Change icon" }).click();
    await page.getByText("Icon saved.").waitFor();
    expect(
      (await simDevices(token)).find((x) => x.imei === d.imei) as unknown as { avatar: string },
    ).toMatchObject({ avatar: "excavator" });

    const tagsForm = page.getByTestId("form-tags");
    const firstTag = tagsForm.locator("input[name=tag]").first();
    const tagId = Number(await firstTag.getAttribute("value"));
    await uncheckAll(tagsForm.locator("input[name=tag]"));
    await firstTag.check();
    await tagsForm.getByRole("button", { name: "Save tags" }).click();
    await page.getByText("Tags saved.").waitFor();
    expect((await simDevices(token)).find((x) => x.imei === d.imei)!.tags.map((t) => t.id)).toEqual(
      [tagId],
    );
    // A tag that is not the company's (a tampered form): a clear message, nothing saved.
    await tagsForm.evaluate((form) => {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = "tag";
      input.value = "999999";
      form.appendChild(input);
    });
    await tagsForm.getByRole("button", { name: "Save tags" }).click();
    await tagsForm.getByText(/Unknown tag/).waitFor();

    const groupsForm = page.getByTestId("form-groups");
    const labels = await groupsForm.locator("label").allTextContents();
    const groupNames = labels.filter((l) => l && !l.startsWith("Groups"));
    expect(groupNames).toEqual(
      [...groupNames].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: "base" })),
    );
    await uncheckAll(groupsForm.locator("input[name=group]"));
    const g = groupsForm.locator("input[name=group]").nth(1);
    const groupId = Number(await g.getAttribute("value"));
    await g.check();
    await groupsForm.getByRole("button", { name: "Save groups" }).click();
    await page.getByText("Groups saved.").waitFor();
    expect(
      (await simDevices(token)).find((x) => x.imei === d.imei)!.groups.map((x) => x.id),
    ).toEqual([groupId]);

    // Put the nickname back for other tests.
    await rename.locator("input[name=nickname]").fill(d.nickname);
    await rename.getByRole("button", { name: "Rename" }).click();
    await page.getByTestId("device-nickname").filter({ hasText: d.nickname }).waitFor();
    await context.close();
  }, 120_000);

  it("shows 'ERROR FOR NOW' when the permanent driver cannot be saved, and applies it anyway", async () => {
    const d = devices[12]!;
    const { context, page } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto(`/dashboard/assets/device/${d.imei}`);
    await whenReady(page);
    const form = page.getByTestId("form-permdriver");
    await form.locator("input[name=permdriver]").fill("Dana Success");
    await form.getByRole("button", { name: "Save driver" }).click();
    await page.getByText("Permanent driver saved.").waitFor();
    await simFaults({ failPaths: ["/vehicles/vehicle"] });
    try {
      await form.locator("input[name=permdriver]").fill("Erin Fallback");
      await form.getByRole("button", { name: "Save driver" }).click();
      await page.getByTestId("action-alert").getByText("ERROR FOR NOW").waitFor();
      await page.getByTestId("device-permdriver").filter({ hasText: "Erin Fallback" }).waitFor();
    } finally {
      await resetFaults();
    }
    expect(
      (await simDevices(token)).find((x) => x.imei === d.imei) as unknown as { permdriver: string },
    ).toMatchObject({ permdriver: "Dana Success" });
    await context.close();
  });

  it("saves a geofence (radius checked) and deletes it only after a confirmation, also without JavaScript", async () => {
    const d = devices[13]!;
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await signIn(page, "admin", "admin123");
    await page.goto(`/dashboard/assets/device/${d.imei}`);
    const form = page.getByTestId("form-geofence");
    await form.locator("input[name=lat]").fill("-27.4705");
    await form.locator("input[name=lng]").fill("153.0260");
    await form.locator("input[name=radius]").fill("5");
    await form.getByRole("button", { name: "Save geofence" }).click();
    await page.getByText("Radius must be between 10 and 100000 metres.").waitFor();
    // What the user typed is kept.
    expect(await page.getByTestId("form-geofence").locator("input[name=lat]").inputValue()).toBe(
      "-27.4705",
    );
    await page.getByTestId("form-geofence").locator("input[name=radius]").fill("300");
    await page.getByTestId("form-geofence").getByRole("button", { name: "Save geofence" }).click();
    await page.getByText("Geofence saved.").waitFor();
    let sim = (await simDevices(token)).find((x) => x.imei === d.imei) as unknown as {
      geofence_gps: string | null;
      geofence_meters: number | null;
    };
    expect(sim.geofence_meters).toBe(300);

    await page.getByRole("button", { name: "Delete geofence" }).click();
    await page.getByTestId("confirm-delete").waitFor();
    // Not deleted yet: the first press only asks.
    sim = (await simDevices(token)).find((x) => x.imei === d.imei) as unknown as typeof sim;
    expect(sim.geofence_meters).toBe(300);
    await page.getByRole("button", { name: "Yes, delete the geofence" }).click();
    await page.getByText("Geofence deleted.").waitFor();
    sim = (await simDevices(token)).find((x) => x.imei === d.imei) as unknown as typeof sim;
    expect(sim).toMatchObject({ geofence_gps: null, geofence_meters: null });
    await context.close();
  });
});

describe("outages and isolation", () => {
  it("shows 'Data as of … — the live feed is unavailable' while the upstream is down, from the cache", async () => {
    const { context, page } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/assets");
    await whenReady(page);
    expect(await page.getByTestId("stale-banner").count()).toBe(0);
    await simFaults({ down: true });
    try {
      await page.getByTestId("stale-banner").waitFor({ timeout: 40_000 });
      expect(await page.getByTestId("stale-banner").textContent()).toMatch(
        /^Data as of .+ — the live feed is unavailable$/,
      );
      // A fresh load still works from the cache.
      await page.goto("/dashboard/fleet");
      await page.getByTestId("fleet-table").waitFor();
      await page.getByTestId("stale-banner").waitFor();
    } finally {
      await resetFaults();
    }
    await page.goto("/dashboard/assets");
    await whenReady(page);
    await page.getByTestId("stale-banner").waitFor({ state: "detached", timeout: 40_000 });
    await context.close();
  }, 120_000);

  it("answers 404 for another company's imei, and public views never show a guessed imei", async () => {
    const imei = devices[0]!.imei;
    const { context, page } = await newPage();
    await signIn(page, "other", "other123");
    for (const path of [
      `/dashboard/assets/device/${imei}`,
      `/dashboard/vehicle-dashboard/${imei}`,
      `/dashboard/recover-offline-device/${imei}`,
    ]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
    }
    const res = await page.goto(`/assets/dashboard/${imei}`);
    expect(res?.status()).toBe(404);
    await context.close();
    const anon = await newPage();
    expect((await anon.page.goto(`/assets/details/${imei}`))?.status()).toBe(404);
    expect((await anon.page.goto(`/sharing/${"A".repeat(43)}`))?.status()).toBe(404);
    await anon.context.close();
  });

  it("shares a vehicle by a link that works until it expires, and can be revoked", async () => {
    const d = devices.find((x) => x.position)!;
    const { context, page } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto(`/dashboard/assets/device/${d.imei}`);
    await whenReady(page);
    const share = page.getByTestId("form-share");
    await share.locator("select[name=minutes]").selectOption("60");
    await share.getByRole("button", { name: "Create share link" }).click();
    await page.getByText("Share link created.").waitFor();
    await share.locator("select[name=minutes]").selectOption("1");
    await share.getByRole("button", { name: "Create share link" }).click();
    await page.getByTestId("share-link").nth(1).waitFor();
    const hrefs = await page
      .getByTestId("share-link")
      .locator("a")
      .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute("href")!));
    const [short, long] = hrefs; // newest first
    const visitor = await newPage();
    expect((await visitor.page.goto(short!))?.status()).toBe(200);
    await visitor.page.getByTestId("shared-position").waitFor();
    // The same token opens the public asset pages (their own view, sharing the live parts).
    const shareToken = new URL(short!, "http://host").pathname.split("/").pop()!;
    const q = `?share=${encodeURIComponent(shareToken)}`;
    expect((await visitor.page.goto(`/assets/dashboard/${d.imei}${q}`))?.status()).toBe(200);
    await visitor.page.getByTestId("asset-status").waitFor();
    expect((await visitor.page.goto(`/assets/details/${d.imei}${q}`))?.status()).toBe(200);
    await visitor.page.getByTestId("asset-odometer").waitFor();
    // The token is the secret: 256 random bits, not derived from the imei.
    expect(short!).not.toContain(d.imei);

    // Revoke the long one now: it asks first, and nothing is revoked before the answer.
    const [asked] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === "POST" && r.url().includes("/dashboard/assets/device/"),
      ),
      page.getByTestId("share-link").nth(1).getByRole("button", { name: "Revoke" }).click(),
    ]);
    expect(asked.status(), "the question is an answer, not an error").toBe(200);
    await page
      .getByTestId("share-link")
      .nth(1)
      .getByRole("button", { name: "Yes, revoke" })
      .waitFor();
    expect((await visitor.page.goto(long!))?.status()).toBe(200);
    await page
      .getByTestId("share-link")
      .nth(1)
      .getByRole("button", { name: "Yes, revoke" })
      .click();
    await page.getByText("Share link revoked.").waitFor();
    expect((await visitor.page.goto(long!))?.status()).toBe(404);

    // The one-minute link expires: the app's clock is moved on a little over a minute.
    await advanceClock(62_000);
    expect((await visitor.page.goto(short!))?.status()).toBe(404);
    await visitor.context.close();
    await context.close();
  }, 150_000);
});

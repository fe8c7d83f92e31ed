import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTINGS_COOKIE } from "~/lib/settings";
import { newPage, signIn, upstreamUrl, whenReady } from "./support/browser";

/**
 * Issue 17 item 2, the map as a console, at 1440×900 and 390×844: list rows and the marker popup
 * show speed ("—" when offline), ignition, driver, last seen and the address (suburb level, street
 * level with accurateAddress); the search and the status counts filter the map as well as the
 * list; the address search centres the map; the map fills the height; imperial speeds.
 */

type SimDevice = {
  imei: string;
  nickname: string;
  position: { speed: number; lat: number; lng: number; timestamp: string } | null;
};

let devices: SimDevice[];

beforeAll(async () => {
  const login = await fetch(`${upstreamUrl()}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "admin123", platform: "web" }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${upstreamUrl()}/user/iotdevices`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ platform: "web" }),
  });
  devices = (await res.json()) as SimDevice[];
});

/** Display settings as the settings panel keeps them (browser storage and the mirror cookie). */
async function useSettings(page: Page, patch: Record<string, unknown>) {
  await page.evaluate(
    ([p, cookie]) => {
      const key = "tracksmith.settings";
      const s = { ...JSON.parse(localStorage.getItem(key) ?? "{}"), ...p, savedAt: Date.now() };
      localStorage.setItem(key, JSON.stringify(s));
      document.cookie = `${cookie}=${encodeURIComponent(JSON.stringify(s))}; Path=/`;
    },
    [patch, SETTINGS_COOKIE] as const,
  );
}

/** What the map draws: single devices by imei and status, and the clusters' status breakdowns. */
async function mapContent(page: Page) {
  return page.evaluate(() => {
    const singles = [...document.querySelectorAll<HTMLElement>(".ts-marker [data-imei]")].map(
      (e) => ({ imei: e.dataset.imei!, status: e.dataset.status! }),
    );
    const clusters = [...document.querySelectorAll<HTMLElement>(".ts-cl")].map((e) =>
      e.dataset.breakdown!.split(",").map(Number),
    );
    return { singles, clusters };
  });
}

const rowOf = (page: Page, imei: string) =>
  page.locator(`[data-testid="device-row"][data-imei="${imei}"]`);

for (const [label, viewport] of [
  ["desktop 1440×900", { width: 1440, height: 900 }],
  ["phone 390×844", { width: 390, height: 844 }],
] as const) {
  describe(`the map as a console (${label})`, () => {
    let page: Page;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const p = await newPage();
      page = p.page;
      close = () => p.context.close();
      await page.setViewportSize(viewport);
      await signIn(page, "admin", "admin123");
    });
    afterAll(() => close());

    it("list rows and the popup show speed, ignition, driver, last seen and the address", async () => {
      await useSettings(page, { accurateAddress: false, measurement: "metric" });
      await page.goto("/dashboard/overview-map");
      await whenReady(page);
      await page.getByTestId("fleet-map").waitFor();
      const offline = devices.find(
        (d) => d.position && Date.now() - Date.parse(d.position.timestamp) > 25 * 3_600_000,
      )!;
      const moving = devices.find((d) => (d.position?.speed ?? 0) > 0)!;
      // Offline: "—" for speed, never 0 km/h; an address (suburb level) instead of coordinates.
      const off = rowOf(page, offline.imei);
      await expect
        .poll(() => off.getByTestId("device-address").textContent(), { timeout: 20_000 })
        .toMatch(/^[A-Za-z ]+ QLD \d{4}$/);
      expect(await off.locator('[data-field="speed"]').textContent()).toBe("Speed: —");
      expect(await off.locator('[data-field="last-seen"]').textContent()).toMatch(
        /Last seen: \d+ (h|d) ago/,
      );
      const row = rowOf(page, moving.imei);
      expect(await row.locator('[data-field="speed"]').textContent()).toMatch(/^Speed: \d+ km\/h$/);
      expect(await row.getByTestId("device-facts").textContent()).toMatch(
        /^Speed: .+ · Ignition (on|off) · Driver: .+ · Last seen: (just now|\d+ min ago)$/,
      );

      await page.getByRole("link", { name: `Show ${moving.nickname} on the map` }).click();
      const popup = page.getByTestId("device-popup");
      await popup.waitFor();
      await expect
        .poll(() => popup.getByTestId("popup-address").textContent(), { timeout: 20_000 })
        .toMatch(/QLD \d{4}$/);
      const text = (await popup.textContent())!;
      expect(text).toContain(moving.nickname);
      expect(text).toMatch(/Speed: (\d+ km\/h|—)/);
      expect(text).toMatch(/Ignition: (On|Off)/);
      expect(text).toMatch(/Driver: /);
      expect(text).toMatch(/Last seen: (just now|\d+ min ago)/);
    });

    it("street-level addresses with accurateAddress, and imperial speeds", async () => {
      await useSettings(page, { accurateAddress: true, measurement: "imperial" });
      await page.goto("/dashboard/overview-map");
      await whenReady(page);
      const parked = devices.find((d) => d.position && d.position.speed === 0)!;
      await expect
        .poll(() => rowOf(page, parked.imei).getByTestId("device-address").textContent(), {
          timeout: 20_000,
        })
        .toMatch(/^\d+ .+ (Rd|St|Dr|Mwy|Hwy|Bypass), [A-Za-z ]+ QLD \d{4}$/);
      const moving = devices.find((d) => (d.position?.speed ?? 0) > 0)!;
      await expect
        .poll(() => rowOf(page, moving.imei).locator('[data-field="speed"]').textContent())
        .toMatch(/(\d+ mph|—)$/);
      await useSettings(page, { accurateAddress: false, measurement: "metric" });
    });

    it("the search and the status counts filter the map as well as the list", async () => {
      await page.goto("/dashboard/overview-map");
      await whenReady(page);
      await page.getByTestId("fleet-map").waitFor();
      await page.locator(".ts-marker, .ts-cluster").first().waitFor();

      // One device by its full name: the map shows it alone.
      const one = devices.find(
        (d) =>
          d.position &&
          !devices.some(
            (x) => x !== d && x.nickname.toLowerCase().includes(d.nickname.toLowerCase()),
          ),
      )!;
      await page.getByLabel("Search devices").fill(one.nickname);
      await expect
        .poll(() => mapContent(page))
        .toEqual({
          singles: [{ imei: one.imei, status: expect.any(String) }],
          clusters: [],
        });
      await expect
        .poll(() => page.getByTestId("device-name").allTextContents())
        .toEqual([one.nickname]);
      await page.getByLabel("Search devices").fill("");

      // The Offline count: only offline devices in the list and on the map, all of them.
      const offlineCount = Number(
        await page.getByTestId("count-offline").locator("[data-count]").textContent(),
      );
      expect(offlineCount).toBeGreaterThan(0);
      await page.getByTestId("count-offline").click();
      await expect.poll(() => page.getByTestId("device-row").count()).toBe(offlineCount);
      await expect
        .poll(async () => {
          const m = await mapContent(page);
          const others =
            m.singles.filter((s) => s.status !== "offline").length +
            m.clusters.reduce((n, c) => n + c[0]! + c[1]! + c[2]!, 0);
          const shown = m.singles.length + m.clusters.reduce((n, c) => n + c[3]!, 0);
          return { others, shown };
        })
        .toEqual({ others: 0, shown: offlineCount });
      expect(await page.getByTestId("count-offline").getAttribute("aria-current")).toBe("true");
      // Again: every device back.
      await page.getByTestId("count-offline").click();
      await expect.poll(() => page.getByTestId("device-row").count()).toBe(devices.length);
    });

    it("the address search centres the map on the place", async () => {
      await page.goto("/dashboard/overview-map");
      await whenReady(page);
      await page.getByTestId("fleet-map").waitFor();
      await page.getByRole("textbox", { name: "Find an address" }).fill("Wynnum");
      await page.getByRole("button", { name: "Find", exact: true }).click();
      await page.getByTestId("place-popup").waitFor();
      expect(await page.getByTestId("place-popup").textContent()).toMatch(/^Wynnum QLD \d{4}$/);
      const centre = await page.evaluate(() => {
        const el = document.querySelector('[data-testid="fleet-map"]') as HTMLElement & {
          leafletMap: { getCenter(): { lat: number; lng: number } };
        };
        return el.leafletMap.getCenter();
      });
      expect(centre.lat).toBeCloseTo(-27.443, 2);
      expect(centre.lng).toBeCloseTo(153.173, 2);
    });

    it("the map fills the height the page leaves it", async () => {
      await page.goto("/dashboard/overview-map");
      await whenReady(page);
      const box = (await page.getByTestId("fleet-map").boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(Math.min(viewport.height - 320, 900));
      expect(box.height).toBeLessThanOrEqual(viewport.height);
    });
  });
}

describe("units everywhere (item 5): the imperial setting switches every page", () => {
  it("geofence radii, driver safety distances and device speeds follow the setting", async () => {
    const { context, page } = await newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "admin", "admin123");
    const radii = () =>
      page.getByTestId("geofence-table").locator("tbody td:nth-child(3)").allTextContents();
    const distances = () => page.getByTestId("leaderboard").locator("tbody tr").allTextContents();

    await useSettings(page, { measurement: "metric" });
    await page.goto("/dashboard/geofences");
    await whenReady(page);
    const metric = await radii();
    expect(metric.length).toBeGreaterThan(0);
    for (const r of metric) expect(r).toMatch(/^[\d,]+ m$/);
    // The centres by their address (suburb level), not bare coordinates.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page
            .getByTestId("geofence-table")
            .locator("tbody td:nth-child(2)")
            .allTextContents();
        },
        { timeout: 20_000 },
      )
      .toEqual(metric.map(() => expect.stringMatching(/^[A-Za-z ]+ QLD \d{4}$/)));
    await page.goto("/dashboard/driversafety");
    await whenReady(page);
    expect((await distances()).join(" ")).toMatch(/\d km/);

    await useSettings(page, { measurement: "imperial" });
    await page.goto("/dashboard/geofences");
    await whenReady(page);
    const imperial = await radii();
    expect(imperial.map((r) => Math.round(Number(r.replace(/[^\d]/g, "")) / 3.2808))).toEqual(
      metric.map((r) => Number(r.replace(/[^\d]/g, ""))),
    );
    for (const r of imperial) expect(r).toMatch(/^[\d,]+ ft$/);
    await page.goto("/dashboard/driversafety");
    await whenReady(page);
    const rows = (await distances()).join(" ");
    expect(rows).toMatch(/\d mi/);
    expect(rows).not.toMatch(/\d km/);

    const parked = devices.find((d) => d.position && d.position.speed === 0)!;
    await page.goto(`/dashboard/vehicle-dashboard/${parked.imei}`);
    await whenReady(page);
    const summary = await page.locator("main").textContent();
    expect(summary).toMatch(/Speed(\d+ mph|—)/);
    expect(summary).toMatch(/Odometer[\d,]+ mi/);
    await useSettings(page, { measurement: "metric" });
    await context.close();
  });
});

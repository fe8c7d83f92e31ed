import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPage, signIn, upstreamUrl, whenReady } from "./support/browser";

/**
 * Beacons and the coverage map (issue 4) against the real server and simulator: the list against
 * the simulator's truth (search and sort, also without JavaScript), a config change saved and shown
 * after reload, refused values with their messages, the clustered overview map, the public beacon
 * dashboard without and with a share link, tenant isolation, and the public coverage map.
 */

type SimBeacon = {
  uuid: string;
  nickname: string;
  battery: number | null;
  asset_name: string | null;
  tx_power: number;
  adv_interval_ms: number;
  last_seen: { gateway_nickname: string; lat: number; lng: number } | null;
};

async function simToken(username = "admin", password = "admin123"): Promise<string> {
  const res = await fetch(`${upstreamUrl()}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password, platform: "web" }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function simBeacons(token: string): Promise<SimBeacon[]> {
  const res = await fetch(`${upstreamUrl()}/beacons`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as SimBeacon[];
}

let token: string;
let truth: SimBeacon[];

beforeAll(async () => {
  token = await simToken();
  truth = await simBeacons(token);
});

afterAll(async () => {
  await fetch(`${upstreamUrl()}/__sim/faults/reset`, { method: "POST" });
});

describe("beacon list", () => {
  it("lists the simulator's beacons with battery and where they were last seen; sorts by a column header", async () => {
    const { context, page } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/beacons");
    await whenReady(page);
    const rows = page.getByTestId("beacon-table").locator("tbody tr");
    expect(await rows.count()).toBe(truth.length);
    for (const b of truth) {
      const row = page.locator(`tr[data-uuid="${b.uuid}"]`);
      expect(await row.getByTestId("beacon-name").textContent()).toBe(b.nickname);
      if (b.battery === null) expect(await row.locator("[data-battery]").count()).toBe(0);
      else
        expect(Number(await row.locator("[data-battery]").getAttribute("data-battery"))).toBe(
          Math.round(b.battery),
        );
      expect(await row.getByTestId("beacon-gateway").textContent()).toBe(
        b.last_seen?.gateway_nickname ?? "—",
      );
    }
    expect(await page.locator('[data-status="never"]').count()).toBe(
      truth.filter((b) => !b.last_seen).length,
    );

    await page.locator('a[data-sort="battery"]').click();
    await page.locator('th[aria-sort="ascending"] a[data-sort="battery"]').waitFor();
    const batteries = await page
      .locator("tbody tr [data-battery]")
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-battery"))));
    expect(batteries).toEqual([...batteries].sort((a, b) => a - b));
    expect(batteries[0]).toBeLessThanOrEqual(20);
    await page.locator('a[data-sort="battery"]').click();
    await page.locator('th[aria-sort="descending"] a[data-sort="battery"]').waitFor();
    const desc = await page
      .locator("tbody tr [data-battery]")
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-battery"))));
    expect(desc).toEqual([...batteries].reverse());
    await context.close();
  });

  it("searches without JavaScript", async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/beacons");
    const target = truth.find((b) => b.asset_name)!;
    await page.locator("input[name=q]").fill(target.asset_name!.toUpperCase());
    await Promise.all([
      page.waitForURL(/q=/),
      page.getByRole("button", { name: "Search" }).click(),
    ]);
    const names = await page.getByTestId("beacon-name").allTextContents();
    expect(names).toContain(target.nickname);
    expect(names.length).toBe(
      truth.filter((b) =>
        [b.asset_name ?? "", b.nickname, b.uuid, b.last_seen?.gateway_nickname ?? ""].some((v) =>
          v.toLowerCase().includes(target.asset_name!.toLowerCase()),
        ),
      ).length,
    );
    await page.locator("input[name=q]").fill("no such beacon anywhere");
    await Promise.all([
      page.waitForURL(/no\+such/),
      page.getByRole("button", { name: "Search" }).click(),
    ]);
    expect(await page.getByTestId("beacons-no-match").isVisible()).toBe(true);
    await context.close();
  });
});

describe("beacon config", () => {
  it("saves a change through the tracking service and shows it after a reload", async () => {
    const b = truth.find((x) => x.nickname === "Beacon 08")!;
    const { context, page } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/beacon-config");
    await whenReady(page);
    const form = page.locator(`[data-testid=beacon-config][data-uuid="${b.uuid}"]`);
    await form.locator("input[name=nickname]").fill("Dock tag");
    await form.locator("input[name=assetName]").fill("Dock door 4");
    await form.locator("select[name=txPower]").selectOption("-16");
    await form.locator("input[name=advIntervalMs]").fill("1500");
    await form.getByRole("button", { name: /^Save/ }).click();
    await expect(form.getByTestId("config-feedback").textContent()).resolves.toBe(
      "Dock tag saved.",
    );
    expect((await simBeacons(token)).find((x) => x.uuid === b.uuid)).toMatchObject({
      nickname: "Dock tag",
      asset_name: "Dock door 4",
      tx_power: -16,
      adv_interval_ms: 1500,
    });

    await page.reload();
    await whenReady(page);
    const again = page.locator(`[data-testid=beacon-config][data-uuid="${b.uuid}"]`);
    expect(await again.locator("input[name=nickname]").inputValue()).toBe("Dock tag");
    expect(await again.locator("input[name=assetName]").inputValue()).toBe("Dock door 4");
    expect(await again.locator("select[name=txPower]").inputValue()).toBe("-16");
    expect(await again.locator("input[name=advIntervalMs]").inputValue()).toBe("1500");
    await page.goto(`/dashboard/beacon/${b.uuid}`);
    expect(await page.getByTestId("beacon-title").textContent()).toBe("Dock tag");
    await context.close();
  });

  it("refuses bad values with a message next to the field and keeps what was typed (without JavaScript)", async () => {
    const b = truth.find((x) => x.nickname === "Beacon 09")!;
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/beacon-config");
    const form = page.locator(`[data-testid=beacon-config][data-uuid="${b.uuid}"]`);
    // Spaces pass the browser's `required` check; the server's validation must catch them.
    await form.locator("input[name=nickname]").fill("   ");
    await form.locator("input[name=assetName]").fill("Kept asset");
    await form.getByRole("button", { name: /^Save/ }).click();
    await page.waitForLoadState("load");
    const after = page.locator(`[data-testid=beacon-config][data-uuid="${b.uuid}"]`);
    await expect(after.getByText("Enter a name.").isVisible()).resolves.toBe(true);
    expect(await after.locator("input[name=assetName]").inputValue()).toBe("Kept asset");
    expect((await simBeacons(token)).find((x) => x.uuid === b.uuid)!.nickname).toBe("Beacon 09");
    await context.close();
  });
});

describe("beacon maps and pages", () => {
  it("the overview map shows every beacon with a position, as markers or in clusters, without tiles", async () => {
    const positioned = truth.filter((b) => b.last_seen).length;
    const { context, page } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/beacon-overview-map");
    await whenReady(page);
    await page.getByTestId("beacon-map").waitFor();
    await page.locator("[data-beacon], [data-cluster-count]").first().waitFor();
    const count = async () => {
      const single = await page.locator("[data-beacon]").count();
      const clustered = await page
        .locator("[data-cluster-count]")
        .evaluateAll((els) =>
          els.reduce((s, e) => s + Number(e.getAttribute("data-cluster-count")), 0),
        );
      return single + clustered;
    };
    // Markers are drawn in batches after the first: wait for the whole set, not the first batch.
    await expect.poll(count, { timeout: 10_000 }).toBe(positioned);
    // A click on a cluster zooms to where it splits (into beacons or smaller clusters); beacons
    // at one spot never split, so their cluster lists them.
    // The page settles first: a revalidation (after any fetcher submission of the shell) brings
    // fresh positions from the moving fleet, and the clusters are drawn again from them.
    await page.waitForLoadState("networkidle");
    const cluster = page.locator("[data-cluster-count]").first();
    if (await cluster.count()) {
      const n = Number(await cluster.getAttribute("data-cluster-count"));
      // Where the clicked cluster is on the earth, so it can be looked for again after the zoom.
      const at = await cluster.evaluate((el) => {
        const map = document.querySelector("[data-testid=beacon-map]") as HTMLElement & {
          leafletMap: {
            getZoom(): number;
            containerPointToLatLng(p: [number, number]): { lat: number; lng: number };
          };
        };
        const r = el.getBoundingClientRect();
        const o = map.getBoundingClientRect();
        const p = map.leafletMap.containerPointToLatLng([
          r.left + r.width / 2 - o.left,
          r.top + r.height / 2 - o.top,
        ]);
        return { lat: p.lat, lng: p.lng, zoom: map.leafletMap.getZoom() };
      });
      await cluster.click();
      // Split: zoomed in, and no cluster of the same size left at that spot. Or listed: a popup names all n.
      const split = () =>
        page.evaluate(
          `(() => { const map = document.querySelector("[data-testid=beacon-map]"); const m = map.leafletMap; if (m.getZoom() <= ${at.zoom}) return false; const p = m.latLngToContainerPoint([${at.lat}, ${at.lng}]), o = map.getBoundingClientRect(); return ![...document.querySelectorAll("[data-cluster-count='${n}']")].some((e) => { const r = e.getBoundingClientRect(); return Math.hypot(r.left + r.width / 2 - o.left - p.x, r.top + r.height / 2 - o.top - p.y) < 40; }); })()`,
        ) as Promise<boolean>;
      const listed = () => page.locator("[data-beacon-item]").count();
      await expect
        .poll(async () => (await split()) || (await listed()) === n, { timeout: 10_000 })
        .toBe(true);
    }
    expect(await page.getByTestId("beacon-map-table").locator("tbody tr").count()).toBe(
      truth.length,
    );
    await context.close();
  });

  it("a beacon of another company is a 404; the picker opens a beacon", async () => {
    const { context, page } = await newPage();
    await signIn(page, "other", "other123");
    expect((await page.goto(`/dashboard/beacon/${truth[0]!.uuid}`))?.status()).toBe(404);
    expect((await page.goto(`/dashboard/assets/beacon/${truth[0]!.uuid}`))?.status()).toBe(404);
    await page.goto("/dashboard/beacon");
    await whenReady(page);
    await Promise.all([
      page.waitForURL(/\/dashboard\/beacon\/[0-9a-f-]{36}$/),
      page.getByRole("button", { name: "Open" }).click(),
    ]);
    await page.getByTestId("beacon-title").waitFor();
    await context.close();
  });

  it("the public beacon dashboard shows nothing to a guesser, the allow-listed fields with a share link, nothing once revoked", async () => {
    const b = truth.find((x) => x.last_seen && x.nickname === "Beacon 01")!;
    const anon = await newPage();
    const res = await anon.page.goto(`/beacons/dashboard/${b.uuid}`);
    expect(res?.status()).toBe(404);
    expect(await anon.page.content()).not.toContain(b.last_seen!.lat.toFixed(5));

    const { context, page } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto(`/dashboard/beacon/${b.uuid}`);
    await whenReady(page);
    await page
      .getByTestId("beacon-share-form")
      .getByRole("button", { name: "Create share link" })
      .click();
    await page.getByTestId("beacon-share-link").first().waitFor();
    const href = (await page
      .getByTestId("beacon-share-link")
      .first()
      .locator("a")
      .getAttribute("href"))!;
    expect(href).toMatch(new RegExp(`^/beacons/dashboard/${b.uuid}\\?share=`));

    const shared = await anon.page.goto(href);
    expect(shared?.status()).toBe(200);
    expect(await anon.page.getByTestId("shared-beacon-name").textContent()).toBe(b.nickname);
    expect(await anon.page.getByTestId("shared-beacon-position").textContent()).toMatch(
      /^Last seen at -?\d+\.\d{5}, -?\d+\.\d{5}$/,
    );
    const html = await anon.page.content();
    expect(html).not.toContain(b.last_seen!.gateway_nickname);
    expect(await anon.page.getByTestId("top-bar").count()).toBe(0);
    // The token is for this beacon only.
    const another = truth.find((x) => x.uuid !== b.uuid)!;
    expect((await anon.page.goto(href.replace(b.uuid, another.uuid)))?.status()).toBe(404);

    await page
      .getByTestId("beacon-share-link")
      .first()
      .getByRole("button", { name: "Revoke" })
      .click();
    await page
      .getByTestId("beacon-share-link")
      .first()
      .getByRole("button", { name: "Yes, revoke" })
      .click();
    await page.locator('[data-testid=beacon-share-link][data-active="false"]').first().waitFor();
    expect((await anon.page.goto(href))?.status()).toBe(404);
    await anon.context.close();
    await context.close();
  });
});

describe("coverage map", () => {
  it("renders aggregated cells on a map and as a table, for anyone, with no device identities", async () => {
    const { context, page } = await newPage();
    const res = await page.goto("/coverage-map");
    expect(res?.status()).toBe(200);
    await page.getByTestId("coverage-map").waitFor();
    const rows = await page.getByTestId("coverage-table").locator("tbody tr").count();
    expect(rows).toBeGreaterThan(0);
    await page.locator(".ts-coverage-cell").first().waitFor();
    expect(await page.locator(".ts-coverage-cell").count()).toBe(rows);
    const html = await page.content();
    expect(html).not.toMatch(/354800\d{8}/);
    expect(html).not.toContain(truth[0]!.last_seen!.gateway_nickname);
    await context.close();

    const noJs = await newPage({ javaScriptEnabled: false });
    await noJs.page.goto("/coverage-map");
    expect(await noJs.page.getByTestId("coverage-table").locator("tbody tr").count()).toBe(rows);
    expect(await noJs.page.getByTestId("map-placeholder").isVisible()).toBe(true);
    await noJs.context.close();
  });
});

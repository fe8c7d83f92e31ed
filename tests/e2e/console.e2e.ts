import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MENU } from "~/modules";
import { SETTINGS_COOKIE } from "~/lib/settings";
import {
  axeViolations,
  ids,
  open,
  phoneProblems,
  PUBLIC_PAGES,
  sample,
  SHELL_PAGES,
} from "./support/console";
import { newPage, signIn } from "./support/browser";

/**
 * Issue 17, the console's shell: every page of the registry on a phone (390×844: no horizontal
 * overflow, the opened menu and the sticky header above the map) and through axe-core (WCAG 2.1
 * A/AA at 1440×900: no serious or critical violation), the three themes, the navigation progress
 * bar, display settings and honest states without JavaScript, and the menu's order.
 * One context and one page go from route to route; the no-JavaScript checks need a context of
 * their own.
 */

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  ({ context, page } = await newPage());
});
afterAll(() => context.close());

/** A page with a long table or a chart takes axe a while on a busy machine. */
const PAGE_TIMEOUT = 180_000;

/** Each page at 390×844 (phone checks), then at 1440×900 (axe). */
async function checkPage(url: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  const res = await open(page, url);
  expect(res?.status(), url).toBeLessThan(500);
  const phone = await phoneProblems(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  // The pointer left where the phone checks tapped can rest on a rail icon at this width, and a
  // tooltip fading in reads to axe as white on grey: park it on the top bar, let any tooltip go.
  await page.mouse.move(600, 20);
  await page
    .waitForFunction(() => !document.querySelector(".mantine-Tooltip-tooltip"), undefined, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  expect({ url, phone, axe: await axeViolations(page) }).toEqual({ url, phone: [], axe: [] });
}

describe("public pages (signed out): phone layout and WCAG 2.1 AA", () => {
  for (const pattern of PUBLIC_PAGES) it(pattern, () => checkPage(sample(pattern)), PAGE_TIMEOUT);
});

/** Signs the shared page in as the admin once (after the public pages) and finds their own ids. */
let admin: Promise<void> | undefined;
function asAdmin() {
  admin ??= (async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "admin", "admin123");
    await open(page, "/dashboard/assets");
    const device = page.locator('a[href^="/dashboard/assets/device/"]').first();
    ids.imei = (await device.getAttribute("href"))!.split("/").pop()!;
    await open(page, "/dashboard/beacons");
    const beacon = page.locator('a[href^="/dashboard/beacon/"]').first();
    ids.uuid = (await beacon.getAttribute("href"))!.split("/").pop()!;
  })();
  return admin;
}

describe("every page of the registry as the admin: phone layout and WCAG 2.1 AA", () => {
  beforeAll(asAdmin, 120_000);

  it("knows the pages to visit", () => {
    expect(SHELL_PAGES.length).toBeGreaterThan(100);
    expect(ids.imei).toMatch(/^\d+$/);
  });

  for (const pattern of SHELL_PAGES) it(pattern, () => checkPage(sample(pattern)), PAGE_TIMEOUT);
});

describe("themes", () => {
  beforeAll(asAdmin, 120_000);
  const PAGES = [
    "/dashboard/overview-map",
    "/dashboard/fleet",
    "/dashboard/fleetreports",
    "/dashboard/vehicle-distance",
    "/dashboard/account",
    "/timesheet/payroll",
  ];

  async function useTheme(theme: string) {
    await page.evaluate(
      ([t, cookie]) => {
        const key = "tracksmith.settings";
        const s = {
          ...JSON.parse(localStorage.getItem(key) ?? "{}"),
          theme: t,
          savedAt: Date.now(),
        };
        localStorage.setItem(key, JSON.stringify(s));
        document.cookie = `${cookie}=${encodeURIComponent(JSON.stringify(s))}; Path=/`;
      },
      [theme, SETTINGS_COOKIE],
    );
  }

  afterAll(() => useTheme("LIGHT"));

  for (const theme of ["DARK", "NATURE", "LIGHT"])
    describe(theme, () => {
      beforeAll(() => useTheme(theme));

      for (const url of PAGES)
        it(`${url}: no serious or critical violation`, { timeout: PAGE_TIMEOUT }, async () => {
          await page.setViewportSize({ width: 1440, height: 900 });
          await open(page, url);
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(
            theme.toLowerCase(),
          );
          expect({ url, axe: await axeViolations(page) }).toEqual({ url, axe: [] });
        });

      it("the settings drawer passes too, and the logo is drawn for the theme", async () => {
        await open(page, "/dashboard/fleet");
        await page.getByTestId("open-settings").click();
        await page.getByRole("dialog", { name: "Display settings" }).waitFor();
        // Measured once the drawer has slid in: mid-slide, axe reads colours against the overlay.
        await page.waitForFunction(() => {
          const d = document.querySelector('[role="dialog"][aria-modal="true"]');
          return (
            !!d &&
            getComputedStyle(d).opacity === "1" &&
            d.getAnimations().every((a) => a.playState !== "running")
          );
        });
        expect({ drawer: await axeViolations(page) }).toEqual({ drawer: [] });
        // Light lettering on dark, and no white tile around it.
        const logo = page.getByTestId("brand-logo").first();
        expect(await logo.getAttribute("src")).toBe(
          theme === "DARK" ? "/logo-dark.svg" : "/logo.svg",
        );
        expect(await logo.evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
          "rgba(0, 0, 0, 0)",
        );
      });
    });
});

describe("the menu (built from the modules' manifests)", () => {
  beforeAll(asAdmin, 120_000);

  it("lists each section's entries in the registry's order, every one a working link or group", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, "/dashboard/account");
    const nav = page.getByRole("navigation", { name: "Main menu" });
    await page.getByLabel("Search menu").fill(""); // every section, parents closed
    const shown = await nav
      .locator("[data-menu-section]")
      .evaluateAll((sections) =>
        sections.map((s) =>
          [...s.querySelectorAll(":scope > [data-menu-item]")].map((e) =>
            e.getAttribute("data-menu-item"),
          ),
        ),
      );
    const order = MENU.flatMap((s) => s.items.map((i) => i.id));
    expect(shown.flat().length).toBeGreaterThan(20);
    for (const ids of shown) {
      const places = ids.map((id) => order.indexOf(id!));
      expect(places.every((p) => p >= 0)).toBe(true);
      expect(places).toEqual([...places].sort((a, b) => a - b));
    }
    expect(await nav.getByRole("link", { name: "Trips", exact: true }).count()).toBe(1);
  });

  it("finds entries with the menu search and names them on the collapsed rail", async () => {
    await open(page, "/dashboard/account");
    const nav = page.getByRole("navigation", { name: "Main menu" });
    await page.getByLabel("Search menu").fill("logbook");
    expect(await nav.getByRole("link", { name: "Logbook", exact: true }).count()).toBe(1);

    await page.getByTestId("menu-toggle").click();
    const rail = page.getByTestId("side-menu");
    await expect(rail.getByRole("link", { name: "Trips", exact: true }).count()).resolves.toBe(1);
    await page.getByTestId("menu-toggle").click(); // the choice is kept: restore it
    await page.waitForFunction(
      () =>
        document.querySelector("[data-testid=side-nav]")?.getAttribute("data-collapsed") ===
        "false",
    );
  });
});

describe("navigation progress", () => {
  beforeAll(asAdmin, 120_000);
  it("shows a progress bar while a navigation loads, and removes it when the page is there", async () => {
    await open(page, "/dashboard/account");
    const bar = page.getByTestId("route-progress");
    expect(await bar.getAttribute("data-mounted")).toBeNull();
    // Hold the next page's data until the bar has been seen.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/dashboard\/notifications\?_data=/, async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: "Notifications" })
      .click();
    await page.locator("[data-testid=route-progress][data-mounted]").waitFor();
    expect(new URL(page.url()).pathname).toBe("/dashboard/account");
    release();
    await page.waitForURL(/\/dashboard\/notifications$/);
    await page.locator("[data-testid=route-progress][data-mounted]").waitFor({ state: "detached" });
    await page.unroute(/\/dashboard\/notifications\?_data=/);
  });
});

describe("without JavaScript", () => {
  let nojs: { context: BrowserContext; page: Page };
  beforeAll(async () => {
    nojs = await newPage({ javaScriptEnabled: false });
    await signIn(nojs.page, "admin", "admin123");
  });
  afterAll(() => nojs.context.close());

  it("changes display settings with a form that posts and sets the cookie", async () => {
    const p = nojs.page;
    await p.goto("/dashboard/trips");
    // The gear opens a drawer with JavaScript; without it, it is a link to the settings form.
    expect(await p.getByRole("link", { name: "Display settings" }).getAttribute("href")).toBe(
      "/dashboard/account#display-settings",
    );
    await p.goto("/dashboard/account");
    const form = p.getByTestId("settings-panel");
    await form.getByRole("radio", { name: "Dark" }).check();
    await form.getByRole("radio", { name: "Imperial (mi)" }).check();
    await form.getByRole("switch", { name: "Rail map" }).check();
    await Promise.all([
      p.waitForURL(/\/dashboard\/account$/),
      form.getByRole("button", { name: "Save display settings" }).click(),
    ]);
    expect(await p.locator("html").getAttribute("data-theme")).toBe("dark");
    const cookie = (await nojs.context.cookies()).find((c) => c.name === SETTINGS_COOKIE)!;
    const saved = JSON.parse(decodeURIComponent(cookie.value));
    expect(saved).toMatchObject({ theme: "DARK", measurement: "imperial", map: { railmap: true } });
    // A switch left alone keeps its value.
    expect(saved.cluster).toBe(true);
    await p.goto("/dashboard/trips");
    expect(await p.getByTestId("trips-total").textContent()).toMatch(/mi$/);

    await p.goto("/dashboard/account");
    await Promise.all([
      p.waitForURL(/\/dashboard\/account$/),
      p.getByTestId("settings-panel").getByRole("button", { name: "Reset to defaults" }).click(),
    ]);
    expect(await p.locator("html").getAttribute("data-theme")).toBe("light");
  });

  it("says once what needs JavaScript, with no endless Loading… or Connecting…", async () => {
    const p = nojs.page;
    await p.goto("/dashboard/overview-map");
    await expect(p.getByTestId("noscript-note").count()).resolves.toBe(1);
    await expect(p.getByTestId("noscript-note").isVisible()).resolves.toBe(true);
    await expect(p.getByTestId("noscript-note").textContent()).resolves.toMatch(
      /needs? JavaScript/,
    );
    await expect(p.getByText("Map loading…").isVisible()).resolves.toBe(false);
    await expect(p.getByTestId("live-state").isVisible()).resolves.toBe(false);

    await p.goto("/dashboard/trips");
    const replay = await p.locator('a[href*="replay="]').first().getAttribute("href");
    await p.goto(new URL(replay!, p.url()).href);
    // (Playwright's text search skips <noscript>: read it by its element.)
    const note = p.locator("noscript .mantine-Alert-root");
    await expect(note.isVisible()).resolves.toBe(true);
    await expect(note.textContent()).resolves.toMatch(/replay needs JavaScript/);
    await expect(p.getByTestId("replay-loading").isVisible()).resolves.toBe(false);
  });

  it("keeps a change made without JavaScript when scripts run again (the newer copy wins)", async () => {
    const { context: js, page: p } = await newPage();
    await signIn(p, "admin", "admin123");
    await open(p, "/dashboard/account");
    // An older choice in this browser's storage, then the form posted as a browser without scripts would.
    await p.evaluate(() =>
      localStorage.setItem("tracksmith.settings", JSON.stringify({ theme: "NATURE", savedAt: 1 })),
    );
    const status = await p.evaluate(async () => {
      const body = new URLSearchParams({
        form: "display-settings",
        theme: "DARK",
        redirectTo: "/dashboard/account",
      });
      return (await fetch("/display-settings", { method: "POST", body, redirect: "manual" })).type;
    });
    expect(status).toBe("opaqueredirect");
    await open(p, "/dashboard/account");
    expect(await p.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(
      await p.evaluate(() => JSON.parse(localStorage.getItem("tracksmith.settings")!).theme),
    ).toBe("DARK");
    await js.close();
  });
});

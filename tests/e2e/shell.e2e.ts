import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage, signIn } from "./support/browser";

/**
 * The application shell (issue 3, SPEC §2.10–2.11): menu, gating, top bar, themes, collapse,
 * snackbars, error pages, docs. Runs against the real server and simulator.
 */

/** Signs in through the real login form (by field name, so label decorations do not matter). */

/** The page is hydrated once the loading screen is gone (SPEC §2.10). */
async function hydrated(page: Page) {
  await page.getByTestId("loading-screen").waitFor({ state: "detached" });
}

async function session(username: string, password: string, path = "/dashboard/account") {
  const { context, page } = await newPage();
  await signIn(page, username, password);
  await page.goto(path);
  await hydrated(page);
  return { context, page };
}

/** The menu's links by accessible name. */
async function linkNames(page: Page) {
  const tree = await page.getByRole("navigation", { name: "Main menu" }).ariaSnapshot();
  return [...tree.matchAll(/- link "(.*?)"/g)].map((m) => m[1]);
}

async function sectionTitles(page: Page) {
  return page
    .locator("[data-menu-section]")
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-menu-section")));
}

describe("error pages and public routes", () => {
  it("answers an unknown path with the 404 page", async () => {
    const { context, page } = await newPage();
    const res = await page.goto("/no/such/place");
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId("error-404").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("heading", { name: "Page not found" }).isVisible()).resolves.toBe(
      true,
    );
    await context.close();
  });

  it("serves the 401, 404 and 500 pages with their status and no stack trace", async () => {
    const { context, page } = await newPage();
    for (const code of [401, 404, 500]) {
      const res = await page.goto(`/${code}`);
      expect(res?.status()).toBe(code);
      await expect(page.getByTestId(`error-${code}`).isVisible()).resolves.toBe(true);
      const text = await page.textContent("body");
      expect(text).not.toMatch(/at \w+ \(|\.tsx?:\d+/);
    }
    await context.close();
  });

  it("redirects docs/ to the welcome page, with a 256-wide sidebar", async () => {
    const { context, page } = await newPage();
    await page.goto("/docs");
    expect(new URL(page.url()).pathname).toBe("/docs/overview/welcome");
    await expect(
      page.getByRole("heading", { name: "Welcome to Tracksmith" }).isVisible(),
    ).resolves.toBe(true);
    const width = await page
      .getByTestId("docs-sidebar")
      .evaluate((e) => e.getBoundingClientRect().width);
    expect(Math.round(width)).toBe(256);
    await context.close();
  });

  it("searches the docs without JavaScript", async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await page.goto("/docs/overview/welcome");
    await page.getByLabel("Search the docs").fill("odometer");
    await Promise.all([
      page.waitForURL(/\/docs\/search\?q=odometer/),
      page.getByRole("button", { name: "Search" }).click(),
    ]);
    const results = page.getByTestId("docs-search-results");
    await expect(
      results.getByRole("link", { name: "Trips and the logbook" }).isVisible(),
    ).resolves.toBe(true);
    await page.goto("/docs/search?q=qwertyuiop");
    await expect(page.getByText("No page mentions").isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("shows a public route without the shell (an unknown insight tag is a 404)", async () => {
    const { context, page } = await newPage();
    const res = await page.goto("/insight-tag/abc123");
    expect(res?.status()).toBe(404);
    expect(await page.getByTestId("top-bar").count()).toBe(0);
    await context.close();
  });
});

describe("the shell for the admin", () => {
  it("sends a signed-out visitor to /login and back afterwards", async () => {
    const { context, page } = await newPage();
    await page.goto("/tickets/matrix");
    expect(new URL(page.url()).pathname).toBe("/login");
    await signIn(page, "admin", "admin123", page.url());
    expect(new URL(page.url()).pathname).toBe("/tickets/matrix");
    await context.close();
  });

  it("shows the top bar and the avatar menu", async () => {
    const { context, page } = await session("admin", "admin123", "/tickets/matrix");
    const bar = page.getByTestId("top-bar");
    expect(
      Math.round(await bar.evaluate((e) => e.parentElement!.getBoundingClientRect().height)),
    ).toBe(64);
    await expect(page.getByRole("link", { name: "Leave a Review" }).isVisible()).resolves.toBe(
      true,
    );
    expect(await page.getByRole("link", { name: "Contact Us" }).count()).toBe(0);
    expect(await page.getByTestId("brand-logo").getAttribute("src")).toBe("/logo.svg");
    await page.getByTestId("avatar-menu").click();
    await expect(page.getByTestId("avatar-name").textContent()).resolves.toBe("Alex Morgan");
    await Promise.all([
      page.waitForURL(/\/dashboard\/account$/),
      page.getByRole("menuitem", { name: "Settings" }).click(),
    ]);
    await expect(page.getByTestId("profile").getByLabel("Username").inputValue()).resolves.toBe(
      "admin",
    );
    await context.close();
  });

  it("answers an unknown /dashboard path with the 404 page inside the shell", async () => {
    const { context, page } = await session("admin", "admin123");
    const res = await page.goto("/dashboard/no-such-module");
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId("error-404").isVisible()).resolves.toBe(true);
    await expect(page.getByTestId("top-bar").isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("shows every section to the admin and filters the menu case-insensitively", async () => {
    const { context, page } = await session("admin", "admin123");
    expect(await sectionTitles(page)).toEqual([
      "overview",
      "reporting",
      "maintenance",
      "fleet-assets",
      "people",
      "admin",
      "concrete",
      "account",
    ]);
    const nav = page.getByRole("navigation", { name: "Main menu" });

    await page.getByLabel("Search menu").fill("LEAVE cal");
    await expect(nav.getByRole("link", { name: "Leave Calendar" }).isVisible()).resolves.toBe(true);
    // The parent shows by its child; its other children do not.
    await expect(nav.getByText("Timesheet", { exact: true }).isVisible()).resolves.toBe(true);
    expect(await nav.getByRole("link", { name: "Payroll" }).count()).toBe(0);
    expect(await sectionTitles(page)).toEqual(["people"]);

    await page.getByLabel("Search menu").fill("matrix");
    expect(await linkNames(page)).toEqual(["Ticket Matrix"]);

    await page.getByLabel("Search menu").fill("nothing like this");
    await expect(page.getByTestId("menu-empty").isVisible()).resolves.toBe(true);

    await page.getByLabel("Search menu").fill("");
    expect((await sectionTitles(page)).length).toBe(8);
    expect(await page.getByTestId("report-issue").getAttribute("href")).toMatch(
      /^mailto:.*Page%3A%20%2Fdashboard%2Faccount/,
    );
    await context.close();
  });

  it("filters the menu without JavaScript through the search form", async () => {
    const { context, page } = await newPage({ javaScriptEnabled: false });
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/account?menu=matrix");
    expect(await linkNames(page)).toEqual(["Ticket Matrix"]);
    // No JavaScript: the loading screen never covers the page.
    expect(await page.getByTestId("loading-screen").isVisible()).toBe(false);
    await context.close();
  });

  it("collapses the menu on device pages and keeps the user's choice elsewhere", async () => {
    const { context, page } = await session("admin", "admin123");
    const nav = page.getByTestId("side-nav");
    const width = () => nav.evaluate((e) => Math.round(e.getBoundingClientRect().width));
    expect(await nav.getAttribute("data-collapsed")).toBe("false");
    expect(await width()).toBe(280);

    await page.goto("/installation/354800100000001");
    await hydrated(page);
    expect(await nav.getAttribute("data-collapsed")).toBe("true");
    expect(await width()).toBe(80);

    // Client-side navigation back to a normal page expands again.
    await page.goBack();
    await page.waitForURL(/\/dashboard\/account$/);
    await page.waitForFunction(
      () =>
        document.querySelector("[data-testid=side-nav]")?.getAttribute("data-collapsed") ===
        "false",
    );

    await page.getByTestId("menu-toggle").click();
    expect(await nav.getAttribute("data-collapsed")).toBe("true");
    await page.reload();
    // The server renders it collapsed already (cookie), not only after hydration.
    expect(await nav.getAttribute("data-collapsed")).toBe("true");
    await hydrated(page);
    await page.getByTestId("menu-toggle").click();
    expect(await nav.getAttribute("data-collapsed")).toBe("false");
    await context.close();
  });

  it("shows at most 3 snackbars: five failed logouts show 'Unable to logout' three times", async () => {
    const { context, page } = await session("admin", "admin123");
    await page.route("**/logout", (route) => route.abort());
    for (let i = 0; i < 5; i++) {
      await page.getByTestId("avatar-menu").click();
      await page.getByRole("menuitem", { name: "Logout" }).click();
      await page.getByText("Unable to logout").nth(Math.min(i, 2)).waitFor();
    }
    await page.waitForTimeout(300);
    expect(await page.getByText("Unable to logout").count()).toBe(3);
    expect(new URL(page.url()).pathname).toBe("/dashboard/account");
    await context.close();
  });

  it("logs out through the avatar menu", async () => {
    const { context, page } = await session("admin", "admin123");
    await page.getByTestId("avatar-menu").click();
    await Promise.all([
      page.waitForURL(/\/login/),
      page.getByRole("menuitem", { name: "Logout" }).click(),
    ]);
    await page.goto("/dashboard/account");
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });
});

describe("themes and settings", () => {
  const BODY = {
    LIGHT: "rgb(255, 255, 255)",
    DARK: "rgb(36, 36, 36)",
    NATURE: "rgb(245, 241, 230)",
  } as const;

  for (const [theme, label, scheme] of [
    ["LIGHT", "Light", "light"],
    ["DARK", "Dark", "dark"],
    ["NATURE", "Nature", "light"],
  ] as const) {
    it(`applies ${theme} without a reload and keeps it across a reload, first paint included`, async () => {
      const { context, page } = await session("admin", "admin123");
      if (theme === "LIGHT") {
        // Start from another theme so choosing Light is a real change.
        await page.getByTestId("settings-panel").getByText("Dark", { exact: true }).click();
        await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
      }
      await page.getByTestId("settings-panel").getByText(label, { exact: true }).click();
      await page.waitForFunction(
        (t) => document.documentElement.dataset.theme === t,
        theme.toLowerCase(),
      );
      expect(
        await page.evaluate(() =>
          document.documentElement.getAttribute("data-mantine-color-scheme"),
        ),
      ).toBe(scheme);
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        BODY[theme],
      );

      // The server's HTML already carries the theme (no flash of the wrong one).
      const html = await page.evaluate(async () => (await fetch("/dashboard/account")).text());
      expect(html).toContain(`data-theme="${theme.toLowerCase()}"`);
      expect(html).toContain(`data-mantine-color-scheme="${scheme}"`);

      await page.reload();
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(
        theme.toLowerCase(),
      );
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        BODY[theme],
      );
      const stored = await page.evaluate(
        () => JSON.parse(localStorage.getItem("tracksmith.settings") ?? "{}").theme,
      );
      expect(stored).toBe(theme);
      await context.close();
    });
  }

  it("warns and falls back to light for an invalid stored theme", async () => {
    const { context, page } = await session("admin", "admin123");
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    await page.evaluate(() => {
      localStorage.setItem("tracksmith.settings", JSON.stringify({ theme: "PURPLE" }));
      document.cookie = "tracksmith_settings=; Path=/; Max-Age=0";
    });
    await page.reload();
    await hydrated(page);
    await page.waitForFunction(() => document.documentElement.dataset.theme === "light");
    expect(warnings.some((w) => w.includes("PURPLE"))).toBe(true);
    await context.close();
  });

  it("changes text direction and map preferences from the drawer, and persists them", async () => {
    const { context, page } = await session("admin", "admin123", "/tickets/matrix");
    await page.getByTestId("open-settings").click();
    const drawer = page.getByRole("dialog", { name: "Display settings" });
    await drawer.getByText("Right to left").click();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    await drawer.getByText("Satellite").click();
    await drawer.getByText("Imperial (mi)").click();
    await page.reload();
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("tracksmith.settings") ?? "{}"),
    );
    expect(stored.map.overlay).toBe("satellite");
    expect(stored.measurement).toBe("imperial");
    await context.close();
  });
});

describe("gating per user", () => {
  it("hides admin entries from the driver, and the route answers 403", async () => {
    const { context, page } = await session("driver", "driver123");
    const sections = await sectionTitles(page);
    expect(sections).not.toContain("admin");
    expect(
      await page
        .getByRole("navigation", { name: "Main menu" })
        .getByRole("link", { name: "Company" })
        .count(),
    ).toBe(0);
    const res = await page.goto("/dashboard/company_settings");
    expect(res?.status()).toBe(403);
    await expect(page.getByTestId("error-403").isVisible()).resolves.toBe(true);
    // The loader itself (a data request) refuses too, not only the document.
    const status = await page.evaluate(
      async () => (await fetch("/admin/people?_data=routes%2F_shell.admin.people")).status,
    );
    expect(status).toBe(403);
    await context.close();
  });

  it("gives the tsadmin user the restricted menu", async () => {
    const { context, page } = await session("tsadmin", "tsadmin123");
    // SPEC §6: people_view and admin_timesheet open People, Allowances and Payroll Groups.
    expect(await sectionTitles(page)).toEqual(["overview", "people", "admin", "account"]);
    const res = await page.goto("/concrete/pours");
    expect(res?.status()).toBe(403);
    const ok = await page.goto("/timesheet/payroll");
    expect(ok?.status()).toBe(200);
    await context.close();
  });

  it("shows company 112 its own logo and hides its switched-off features", async () => {
    const { context, page } = await session("admin112", "admin123");
    expect(await page.getByTestId("brand-logo").getAttribute("src")).toBe("/logos/company-112.svg");
    const links = await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link")
      .allTextContents();
    expect(links).not.toContain("Dashcam Events");
    expect(links).not.toContain("Beacon Map");
    expect(links).toContain("Reports");
    expect((await page.goto("/dashboard/dashcam-events"))?.status()).toBe(403);
    await context.close();
  });

  it("shows company 129 Contact Us instead of Leave a Review", async () => {
    const { context, page } = await session("admin129", "admin123");
    await expect(page.getByRole("link", { name: "Contact Us" }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole("link", { name: "Leave a Review" }).count()).toBe(0);
    expect(await page.getByTestId("brand-logo").getAttribute("src")).toBe("/logo.svg");
    expect(await sectionTitles(page)).not.toContain("concrete");
    await context.close();
  });
});

import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchChromium } from "../../support/chromium";
import { afterAll, inject } from "vitest";

let browser: Browser | undefined;

/** One Chromium per test file (Debian's, driven by playwright-core); closed after the file. */
export async function getBrowser(): Promise<Browser> {
  if (!browser) {
    browser = await launchChromium();
    afterAll(async () => {
      await browser?.close();
      browser = undefined;
    });
  }
  return browser;
}

export const appUrl = () => inject("appUrl");
export const upstreamUrl = () => inject("upstreamUrl");

/** Moves the app's clock (and its built-in simulator's) on by `ms` (server/test-clock.ts). */
export async function advanceClock(ms: number): Promise<void> {
  const res = await fetch(`${appUrl()}/__test/clock?advanceMs=${ms}`, { method: "POST" });
  if (!res.ok) throw new Error(`the app's clock did not move: ${res.status}`);
}
export const databaseUrl = () => inject("databaseUrl");

/** A fresh context (own cookies and storage) and page. */
export async function newPage(
  options: { javaScriptEnabled?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const b = await getBrowser();
  const context = await b.newContext({
    baseURL: appUrl(),
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  const page = await context.newPage();
  if (options.javaScriptEnabled !== false) {
    // Every visit waits for hydration: React puts a <select> chosen before it back to its default
    // value, so a form filled too early would post what the user did not choose.
    const goto = page.goto.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await whenReady(page);
      return response;
    };
  }
  return { context, page };
}

/** Signs in through the real login form. */
export async function signIn(page: Page, username: string, password: string, path = "/login") {
  await page.goto(path);
  // By name: Mantine appends a required asterisk to the visible labels.
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await Promise.all([
    page.waitForURL((u) => !u.pathname.startsWith("/login")),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
}

/** Hydrated, and the push-permission prompt out of the way of clicks. */
export async function whenReady(page: Page) {
  await page
    .getByTestId("loading-screen")
    .waitFor({ state: "detached" })
    .catch(() => undefined);
  const notNow = page.getByRole("button", { name: "Not now" });
  if (await notNow.isVisible().catch(() => false)) await notNow.click();
}

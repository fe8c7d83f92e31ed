import fs from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

/** Headless Chromium as every browser test, benchmark and script here runs it. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium (driven by playwright-core), or CHROMIUM_PATH. */
export function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
    (p) => p && fs.existsSync(p),
  );
  if (!found)
    throw new Error("Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH)");
  return found;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

/** Signs `page` in through the login form as a demo user (benches and scripts; tests have their own). */
export async function signInPage(page: Page, username = "admin", password = "admin123") {
  await page.goto("/login");
  await page.locator("input[name=username]").fill(username);
  await page.locator("input[name=password]").fill(password);
  await Promise.all([
    page.waitForURL((u) => !u.pathname.startsWith("/login"), { timeout: 120_000 }),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
}

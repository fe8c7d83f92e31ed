import fs from "node:fs";
import { chromium, type Browser } from "playwright-core";

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

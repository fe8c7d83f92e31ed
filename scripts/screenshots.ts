/**
 * The README's screenshots, taken from the real app: the production build on its own data folder
 * with the simulator, signed in as the demo admin, in Chromium. `npm run build` first, then
 * `npm run screenshots`; the images land in docs/screenshots/.
 */
import fs from "node:fs/promises";
import type { Page } from "playwright-core";
import { startBenchStack } from "../tests/bench/support";
import { launchChromium, signInPage } from "../tests/support/chromium";

const OUT = "docs/screenshots";

const SHOTS: {
  file: string;
  path: string;
  viewport: { width: number; height: number };
  ready: (page: Page) => Promise<unknown>;
}[] = [
  {
    file: "fleet-map.png",
    path: "/dashboard/assets",
    viewport: { width: 1440, height: 900 },
    ready: (p) => p.locator(".leaflet-marker-icon, .marker-cluster").first().waitFor(),
  },
  {
    file: "driver-safety.png",
    path: "/dashboard/driversafety",
    viewport: { width: 1440, height: 900 },
    ready: (p) => p.getByRole("heading", { level: 1 }).waitFor(),
  },
  {
    file: "fleet-phone.png",
    path: "/dashboard/fleet",
    viewport: { width: 390, height: 844 },
    ready: (p) => p.getByTestId("fleet-table").waitFor(),
  },
];

async function main() {
  await fs.mkdir(OUT, { recursive: true });
  const { app, stop } = await startBenchStack("screenshots", 60);
  const browser = await launchChromium();
  try {
    for (const shot of SHOTS) {
      const context = await browser.newContext({ baseURL: app.url, viewport: shot.viewport });
      const page = await context.newPage();
      await signInPage(page);
      await page.goto(shot.path);
      // The app's splash until it is interactive, then its offer of push alerts.
      await page.getByTestId("loading-screen").waitFor({ state: "detached" });
      const notNow = page.getByRole("button", { name: "Not now" });
      if (await notNow.isVisible().catch(() => false)) await notNow.click();
      await shot.ready(page);
      // Let the page settle (live data, fonts) so the image shows the screen as people see it.
      await page.waitForLoadState("networkidle", { timeout: 5000 }).catch(() => undefined);
      await page.screenshot({ path: `${OUT}/${shot.file}` });
      console.log(`${OUT}/${shot.file}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});

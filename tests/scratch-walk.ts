/* A one-off browser walk (not part of the suite): pages × roles × sizes × units, and the service down. */
import { chromium, type Page } from "playwright-core";
import { DEFAULT_SETTINGS, SETTINGS_COOKIE } from "~/lib/settings";
import { ROUTES } from "~/modules";

const APP = process.env.WALK_APP ?? "http://localhost:3100";
const SIM = process.env.WALK_SIM ?? "";
const down = process.env.WALK_DOWN === "1";
const roles = (process.env.WALK_ROLES ?? "admin,driver").split(",");
const sizes = (process.env.WALK_SIZES ?? "desktop,phone").split(",");
const imperial = process.env.WALK_IMPERIAL === "1";
const PW: Record<string, string> = { admin: "admin123", driver: "driver123", tsadmin: "tsadmin123", demo: "demo123" };
const extra = ["/dashboard/vehicle-dashboard/354800100000001", "/concrete/view-pour/802", "/assets/dashboard/354800100000001", "/verify/abc"];

async function main() {
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const pages = [...new Set([...ROUTES.filter((r) => !r.api && !r.file && !/[:*]/.test(r.pattern)).map((r) => r.pattern), ...extra])];
  if (down && SIM) await fetch(`${SIM}/__sim/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ down: false }) });
  for (const role of roles)
    for (const size of sizes) {
      const ctx = await browser.newContext({
        baseURL: APP,
        viewport: size === "phone" ? { width: 390, height: 844 } : { width: 1440, height: 900 },
        timezoneId: "America/New_York",
      });
      if (imperial)
        await ctx.addCookies([{ name: SETTINGS_COOKIE, value: encodeURIComponent(JSON.stringify({ ...DEFAULT_SETTINGS, measurement: "imperial", savedAt: Date.now() })), url: APP }]);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(String(e.message).slice(0, 200)));
      page.on("console", (m) => { if (m.type() === "error" && !/ERR_NAME_NOT_RESOLVED|Failed to load resource/.test(m.text())) errors.push(m.text().slice(0, 200)); });
      await page.goto("/login");
      await page.locator('input[name="username"]').fill(role);
      await page.locator('input[name="password"]').fill(PW[role]!);
      await Promise.all([page.waitForURL((u) => !u.pathname.startsWith("/login")), page.getByRole("button", { name: "Sign in" }).click()]);
      if (down && SIM) await fetch(`${SIM}/__sim/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ down: true }) });
      for (const p of pages) {
        errors.length = 0;
        let status = 0;
        try {
          const res = await page.goto(p, { waitUntil: "load", timeout: 30000 });
          status = res?.status() ?? 0;
          await page.getByTestId("loading-screen").waitFor({ state: "detached", timeout: 5000 }).catch(() => undefined);
          await page.waitForTimeout(300);
        } catch (e) { console.log(`${role} ${size} ${p}: GOTO ${String(e).slice(0, 100)}`); continue; }
        if (status === 403 || status === 404) continue;
        const text = await bodyText(page);
        const flags: string[] = [];
        if (status >= 500 && !(status === 503 && /not answering|temporarily unavailable/.test(text))) flags.push(`status ${status}`);
        if (down && status === 200 && !/shows what it had|Data as of|not answering|saved|earlier|as of/i.test(text)) flags.push("200 without notice?");
        if (imperial) {
          const km = /\d\s?(km|km\/h)\b|°C/.exec(text);
          if (km) flags.push(`unit: …${text.slice(Math.max(0, km.index - 40), km.index + 8)}…`);
        }
        if (size === "phone") {
          const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (over > 2) flags.push(`overflow ${over}px`);
        }
        if (errors.length) flags.push(`console: ${[...new Set(errors)].slice(0, 2).join(" | ")}`);
        if (flags.length) console.log(`${role} ${size}${imperial ? " imperial" : ""}${down ? " DOWN" : ""} ${p} [${status}]: ${flags.join("; ")}`);
      }
      await ctx.close();
      if (down && SIM) await fetch(`${SIM}/__sim/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ down: false }) });
    }
  await browser.close();
  console.log("WALK DONE");
}
const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);
void main();

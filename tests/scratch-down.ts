import { chromium } from "playwright-core";
const APP = "http://localhost:3100", SIM = "http://127.0.0.1:40407";
const set = (down: boolean) => fetch(`${SIM}/__sim/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ down }) });
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const ctx = await b.newContext({ baseURL: APP });
const page = await ctx.newPage();
await page.goto("/login");
await page.locator('input[name="username"]').fill("admin");
await page.locator('input[name="password"]').fill("admin123");
await Promise.all([page.waitForURL((u) => !u.pathname.startsWith("/login")), page.getByRole("button", { name: "Sign in" }).click()]);
await set(true);
await new Promise((r) => setTimeout(r, 20000));
for (const p of process.argv.slice(2)) {
  const res = await page.goto(p);
  await page.waitForTimeout(1500);
  const t = await page.evaluate(() => (document.querySelector("main") ?? document.body).innerText);
  console.log("==", p, res?.status(), t.replace(/\s+/g, " ").slice(0, 400));
}
await set(false);
await b.close();

import { chromium } from "playwright-core";
const APP = "http://localhost:3100";
async function text(js: boolean, path: string) {
  const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
  const ctx = await b.newContext({ baseURL: APP, javaScriptEnabled: js, timezoneId: "America/New_York" });
  const page = await ctx.newPage();
  await page.goto("/login");
  await page.locator('input[name="username"]').fill("admin");
  await page.locator('input[name="password"]').fill("admin123");
  await Promise.all([page.waitForURL((u) => !u.pathname.startsWith("/login")), page.getByRole("button", { name: "Sign in" }).click()]);
  await page.goto(path);
  await page.waitForTimeout(2500);
  const t = await page.evaluate(() => document.querySelector("main")?.innerText ?? document.body.innerText);
  await b.close();
  return t.split("\n").filter(Boolean);
}
for (const p of process.argv.slice(2)) {
  const [a, c] = [await text(false, p), await text(true, p)];
  const sa = new Set(a), sc = new Set(c);
  console.log("==", p, "server-only:", a.filter((x) => !sc.has(x)).slice(0, 10), "client-only:", c.filter((x) => !sa.has(x)).slice(0, 10));
}

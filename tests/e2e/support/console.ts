import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { PUBLIC_ROUTES, ROUTES } from "~/modules";

/**
 * The console checks of issue 17 (tests/e2e/console.e2e.ts): which pages exist, and what "works
 * on a phone" and "passes WCAG 2.1 AA" mean for one of them.
 */

/** Paths that answer a file (a download), not a page, besides those a manifest marks `file`. */
const FILE = /\/download$|\/export\/:format$/;

/** Every page of the registry behind the sign-in, each pattern once. */
export const SHELL_PAGES = [
  ...new Set(
    ROUTES.filter((r) => !r.api && !r.file && !FILE.test(r.pattern)).map((r) => r.pattern),
  ),
];

/** Every public page (no session), without those that are not pages or that sign in or out. */
export const PUBLIC_PAGES = PUBLIC_ROUTES.map((r) => r.pattern).filter(
  (p) => !["/logout", "/demo", "/map-cluster-worker.js", "/display-settings"].includes(p),
);

export const ids = { imei: "", uuid: "" };

/** A concrete URL for a pattern: the admin's own device and beacon, sample values elsewhere. */
export function sample(pattern: string): string {
  const url = pattern
    .split("/")
    .map((seg) => {
      if (seg === "*") return pattern.startsWith("/docs") ? "overview/welcome" : "x";
      if (!seg.startsWith(":")) return seg;
      const name = seg.replace(/^:|\?$/g, "");
      if (name === "imei") return ids.imei;
      if (name === "uuid") return ids.uuid;
      if (name === "kind") return "distance-per-vehicle";
      return "1";
    })
    .join("/");
  return pattern === "/docs/search" ? `${url}?q=odometer` : url;
}

/** Opens a page and waits until React has taken it over (the loading screen is gone). */
export async function open(page: Page, url: string) {
  const res = await page.goto(url);
  await page
    .getByTestId("loading-screen")
    .waitFor({ state: "detached" })
    .catch(() => undefined);
  return res;
}

/** Map parts Leaflet stacks with z-index 400–1000: markers and controls (zoom, attribution). */
const MAP_PARTS = ".leaflet-marker-icon, .leaflet-control";

/**
 * A phone (390×844): nothing wider than the screen (the top bar's avatar included); the sticky
 * header above a map scrolled under it (its zoom buttons brought right under the header); and, in
 * the shell, the opened menu above everything: every menu entry, and every map marker or control
 * the menu covers, hits the menu at that point.
 */
export async function phoneProblems(page: Page): Promise<string[]> {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const name = (el: Element | null) =>
      el ? `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}` : "nothing";
    const width = window.innerWidth;
    const wide = document.documentElement.scrollWidth;
    if (width !== 390 || wide > width) out.push(`page is ${wide} px wide in a ${width} px window`);
    const avatar = document.querySelector("[data-testid=avatar-menu]")?.getBoundingClientRect();
    if (avatar && avatar.right > width) out.push(`avatar ends at ${Math.round(avatar.right)} px`);
    const header = document.querySelector("header");
    const control = document.querySelector(".leaflet-control");
    if (header && control) {
      const middle = header.getBoundingClientRect().height / 2;
      const before = control.getBoundingClientRect();
      window.scrollBy(0, before.top + before.height / 2 - middle);
      const r = control.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      if (y > 0 && y < 2 * middle) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !header.contains(hit)) out.push(`map control over the header: ${name(hit)}`);
      }
      window.scrollTo(0, 0);
    }
    return out;
  });
  const burger = page.getByRole("button", { name: "Open the menu" });
  if (!(await burger.count())) return problems;
  await burger.click();
  // The menu slides in: measure once it is fully on screen.
  await page.waitForFunction(() => {
    const nav = document.querySelector("[data-testid=side-nav]")?.getBoundingClientRect();
    return !!nav && Math.abs(nav.left) < 1;
  });
  const covered = await page.evaluate((parts) => {
    const nav = document.querySelector("[data-testid=side-nav]")!;
    const box = nav.getBoundingClientRect();
    const entries = [...nav.querySelectorAll("[data-menu-item], [data-testid=report-issue]")];
    const points = entries.flatMap((el) => {
      const r = el.getBoundingClientRect();
      const label = el.getAttribute("data-menu-item") ?? "report-issue";
      return [16, 40, r.width / 2].map((dx) => ({
        x: r.left + dx,
        y: r.top + r.height / 2,
        label,
      }));
    });
    const mapped = [...document.querySelectorAll(parts)].map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2, label: `map ${el.className}` };
    });
    return [...points, ...mapped]
      .filter((p) => p.y > box.top && p.y < Math.min(box.bottom, window.innerHeight))
      .filter((p) => p.x > box.left && p.x < box.right)
      .map((p) => ({ ...p, hit: document.elementFromPoint(p.x, p.y) }))
      .filter((p) => !p.hit || !nav.contains(p.hit))
      .map(
        (p) =>
          `the menu at ${p.label.slice(0, 60)} is under ${p.hit?.tagName.toLowerCase()}.${String(p.hit?.className).slice(0, 60)}`,
      )
      .slice(0, 5);
  }, MAP_PARTS);
  return [...problems, ...covered];
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core"), "utf8");

/**
 * axe-core's WCAG 2.0/2.1 A and AA rules on the page as it is; the serious and critical
 * violations, one line each. Injected through the DevTools protocol, so the page's own CSP stays
 * in force (a <script> tag would need it switched off).
 */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = {
      id: string;
      impact: string;
      nodes: Array<{ target: string[]; failureSummary?: string }>;
    };
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const { violations } = (await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
      resultTypes: ["violations"],
    })) as { violations: Result[] };
    return violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map(
        (v) =>
          `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes
            .slice(0, 3)
            .map(
              (n) => `${n.target.join(" ")} — ${(n.failureSummary ?? "").split("\n")[1]?.trim()}`,
            )
            .join(" | ")}`,
      );
  });
}

import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { formatZoned } from "~/lib/zoned-time";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { useTestDatabase } from "../support/db";
import { sendTo, signInTo, type Handle } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";

/**
 * Issue 35, one clock: driver incidents, a scorecard's incidents and recent trips, and unidentified
 * trips read in the company's zone (the demo company is in Brisbane, ten hours from UTC), as the
 * production build renders them. The upstream's times are UTC; the pages used to print them
 * sliced ("2026-03-02 07:40" for an incident at 17:40 in Brisbane).
 */
let handle: Handle;
let cookie: string;
let zone: string;

type Row = { time: string };
type Safety = {
  incidents: { rows: Row[] };
  own: { id: number; incidents: Row[]; trips: Array<{ start: string }> } | null;
  leaders: Array<{ id: number }>;
};

const page = async (url: string) => {
  const res = await sendTo(handle, "GET", url, cookie);
  expect(res.status, url).toBe(200);
  return res.text;
};
const data = async <T>(url: string, route: string) =>
  JSON.parse(await page(`${url}&_data=${encodeURIComponent(route)}`)) as T;

/** Every `<time>` the page renders, with the instant it stands for. */
const timesOf = (html: string) =>
  [...html.matchAll(/<time datetime="([^"]+)"[^>]*>([^<]*)<\/time>/gi)].map((m) => ({
    iso: m[1]!,
    text: m[2]!,
  }));

/** The old display of an upstream time: the UTC clock, sliced from the ISO string. */
const utcSlice = (iso: string) => `${iso.substring(0, 10)} ${iso.substring(11, 16)}`;

function expectCompanyClock(html: string, isos: string[]) {
  expect(isos.length).toBeGreaterThan(0);
  const shown = new Map(timesOf(html).map((t) => [Date.parse(t.iso), t.text]));
  for (const iso of isos) {
    const text = shown.get(Date.parse(iso));
    expect(text, iso).toBe(formatZoned(iso, zone, "datetime"));
    expect(text, iso).not.toContain(new Date(iso).toISOString().substring(11, 16));
    expect(html).not.toContain(utcSlice(iso));
  }
}

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  handle = (r) => handler(r, { cspNonce: "n", clientAddress: "203.0.113.12" });
  cookie = await signInTo(handle, "admin", "admin123");
  zone = await companyTimeZone(await upstreamAuth("admin", "admin123"));
}, 60_000);

describe("driver times in the company's zone", () => {
  it("the demo company is far from UTC, so the UTC clock and its own never agree", () => {
    expect(zone).toBe("Australia/Brisbane");
  });

  it("the incident table shows each incident at the company's time", async () => {
    const url = "/dashboard/driversafety?days=30";
    const d = await data<Safety>(url, "routes/dashboard.driversafety");
    expectCompanyClock(
      await page(url),
      d.incidents.rows.map((r) => r.time),
    );
  }, 60_000);

  it("a scorecard's incidents and recent trips are at the company's time", async () => {
    const first = await data<Safety>(
      "/dashboard/driversafety?days=30",
      "routes/dashboard.driversafety",
    );
    const url = `/dashboard/driversafety?days=30&driver=${first.leaders[0]!.id}`;
    const d = await data<Safety>(url, "routes/dashboard.driversafety");
    const html = await page(url);
    expectCompanyClock(
      html,
      d.own!.incidents.map((r) => r.time),
    );
    for (const t of d.own!.trips) {
      expect(html).toContain(formatZoned(t.start, zone, "datetime"));
      expect(html).not.toContain(utcSlice(t.start));
    }
  }, 60_000);

  it("unidentified trips start and end at the company's time", async () => {
    const url = "/dashboard/drivermanagement?x=1";
    const d = await data<{ unidentified: Array<{ start: string; end: string }> }>(
      url,
      "routes/dashboard.drivermanagement",
    );
    expectCompanyClock(
      await page(url),
      d.unidentified.flatMap((t) => [t.start, t.end]),
    );
  }, 60_000);
});

import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { companyDerived } from "~/modules/fleet/device-views.server";
import { bump } from "~/modules/fleet/devices.server";
import { useTestDatabase } from "../support/db";
import { sendTo, signInTo, type Handle } from "../support/remix";
import { useSimulator } from "../support/upstream";
import { promisedHandler } from "../support/build";

/**
 * Issue 16, page cost: what a page derives from the whole fleet is computed once per change of the
 * device cache, and a page whose loader data is exactly that of a page rendered moments ago is
 * answered with that HTML (its own CSP nonce in it) instead of being rendered again. Through the
 * production build's handler, as the server runs it.
 */
type Stats = { hits: number; misses: number };
let handle: Handle;
let stats: () => Stats;
let admin = "";

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const handler = promisedHandler(build);
  let n = 0;
  // Each request its own nonce, as server/http.ts gives it.
  handle = (r) =>
    handler(r, { cspNonce: `bm9uY2Utbm9uY2Utbm9uY2Ut${n++}`, clientAddress: "203.0.113.9" });
  stats = (build.entry.module as unknown as { pageCacheStats: () => Stats }).pageCacheStats;
  admin = await signInTo(handle, "admin", "admin123");
  // The first page view fills the device cache from the simulator.
  expect((await sendTo(handle, "GET", "/dashboard/assets", admin)).status).toBe(200);
}, 60_000);

const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];

describe("page cost", () => {
  it("derives from the fleet once per device-cache entry, and again after a change", async () => {
    let runs = 0;
    const count = (views: readonly { imei: string }[]) => (runs++, views.length);
    const first = await companyDerived(1, count);
    expect(first).toBeGreaterThan(0);
    expect(await companyDerived(1, count)).toBe(first);
    expect(runs).toBe(1);
    bump(1); // a write in this process: the views are read again
    expect(await companyDerived(1, count)).toBe(first);
    expect(runs).toBe(2);
  });

  it("renders a signed-in page once while its data is the same; each answer has its own nonce", async () => {
    const driver = await signInTo(handle, "driver", "driver123");
    const a = await sendTo(handle, "GET", "/dashboard/geofences", admin);
    expect(a.status).toBe(200);
    const before = stats();
    const b = await sendTo(handle, "GET", "/dashboard/geofences", admin);
    expect(stats().hits).toBe(before.hits + 1);
    expect(nonceOf(b.text)).not.toBe(nonceOf(a.text));
    expect(b.text.split(nonceOf(b.text)!).join("N")).toBe(a.text.split(nonceOf(a.text)!).join("N"));
    expect(b.text).not.toContain(nonceOf(a.text));
    // Another user's data (their name, their menu) is another page: rendered, nothing of the admin's.
    const c = await sendTo(handle, "GET", "/dashboard/geofences", driver);
    expect(c.status).toBe(200);
    expect(stats().misses).toBe(before.misses + 1);
    expect(a.text).toContain("Alex Morgan");
    expect(c.text).not.toContain("Alex Morgan");
    // Another address is another page too.
    await sendTo(handle, "GET", "/dashboard/geofences?q=depot", admin);
    expect(stats().misses).toBe(before.misses + 2);
  });
});

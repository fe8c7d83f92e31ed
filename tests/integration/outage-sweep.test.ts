import { beforeAll, describe, expect, it } from "vitest";
import { ROUTES, type RouteEntry } from "~/modules";
import { prisma } from "~/services/db.server";
import { productionBuild, promisedHandler } from "../support/build";
import { useTestDatabase } from "../support/db";
import { sendTo, signInTo, type Handle } from "../support/remix";
import { samplePath, type Ids } from "../support/sweep-paths";
import { useSimulator } from "../support/upstream";
import type { Simulator } from "../../server/sim/index";

/**
 * Issue 35, promise 1: with the tracking service down, every GET path of every module in the
 * registry answers 200 (its cached data, with a notice) or 503 with Retry-After and the page's own
 * words, never a 500; a save answers 503 "nothing was saved" as action data and a toast, so the
 * page and what was typed stay, and nothing is written.
 */

let handle: Handle;
let sim: Simulator;
let cookie = "";
const own: Ids = { imei: "", uuid: "" };

/** 503 for another reason than the outage, with why. */
const NO_KEYS = new Set([
  "/api/push-key", // this process has no VAPID keys in the test environment: not an outage
]);
const SAVE_FAILED =
  "The tracking service did not answer, so nothing was saved. Try again in a moment.";
/** Pages the admin opened before the outage: their last good copy is kept. */
const SEEN = ["/admin/people", "/dashboard/suppliers"];
const isStream = (r: RouteEntry) => /\/api\/(live|notifications-stream)$/.test(r.pattern);

beforeAll(async () => {
  await useTestDatabase();
  sim = await useSimulator();
  const handler = promisedHandler(await productionBuild());
  handle = (r) => handler(r, { cspNonce: "n", clientAddress: "203.0.113.21" });
  cookie = await signInTo(handle, "admin", "admin123");
  // The fleet's device cache is filled and two pages were seen; every other page meets the
  // outage cold.
  for (const url of ["/dashboard/fleet", ...SEEN])
    expect((await sendTo(handle, "GET", url, cookie)).status, url).toBe(200);
  own.imei = (await prisma.device.findFirstOrThrow({ where: { companyId: 1 } })).imei;
  own.uuid = "probe";
  sim.setFaults({ down: true });
});

describe("the tracking service down (issue 35, promise 1)", () => {
  it("answers every page 200 or 503 with Retry-After, never 500", async () => {
    const wrong: string[] = [];
    const unavailable: string[] = [];
    for (const route of ROUTES) {
      if (isStream(route)) continue;
      const url = samplePath(route.pattern, own);
      const res = await handle(
        new Request(`http://localhost:3000${url}`, { headers: { cookie }, redirect: "manual" }),
      );
      const text = await res.text();
      if (res.status === 503) {
        unavailable.push(url);
        if (!res.headers.get("retry-after") && !NO_KEYS.has(route.pattern))
          wrong.push(`${url}: 503 without Retry-After`);
        const html = (res.headers.get("content-type") ?? "").includes("text/html");
        if (html && !text.includes("not answering"))
          wrong.push(`${url}: 503 that does not say the tracking service is not answering`);
      } else if (res.status >= 500) wrong.push(`${url} (${route.moduleId}): ${res.status}`);
    }
    expect(wrong).toEqual([]);
    // The sweep met the outage: the cold pages that read the upstream said so.
    expect(unavailable.length).toBeGreaterThan(5);
  }, 300_000);

  it.each(["/dashboard/createAutomations", "/dashboard/scheduled-reports/new"])(
    "never offers %s with its upstream lists empty: it says the service is not answering",
    async (url) => {
      const res = await sendTo(handle, "GET", url, cookie);
      expect(res.status).toBe(503);
      expect(res.text).toContain("The tracking service is not answering");
    },
  );

  it("answers every declared form 4xx or 503 'nothing was saved', never 500", async () => {
    const wrong: string[] = [];
    let posts = 0;
    for (const route of ROUTES) {
      for (const intent of Object.keys(route.actions ?? {})) {
        const url = samplePath(route.pattern, own);
        const body = { ...(intent === "*" ? {} : { intent }), name: "Outage", id: "1" };
        const res = await sendTo(handle, "POST", url, cookie, body);
        posts++;
        if (res.status === 503) {
          if (!res.text.includes(SAVE_FAILED)) wrong.push(`${url} ${intent}: 503 without why`);
        } else if (res.status >= 500) wrong.push(`${url} ${intent}: ${res.status}`);
      }
    }
    expect(posts).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  }, 300_000);

  it("keeps the page of a valid save, says nothing was saved and flashes it as a toast", async () => {
    const saves: Array<[string, Record<string, string>]> = [
      [SEEN[0]!, { intent: "create", first_name: "Out", last_name: "Age", email: "o@a.io" }],
      [SEEN[1]!, { intent: "create", name: "Outage Supplies", kind: "parts" }],
    ];
    for (const [url, body] of saves) {
      const page = await sendTo(handle, "GET", url, cookie);
      expect(page.status, url).toBe(200);
      expect(page.text, url).toContain("this page shows what it had");
      const res = await sendTo(handle, "POST", url, cookie, body);
      expect(res.status, url).toBe(503);
      // The page itself (not the error page) with the answer as its action data.
      expect(res.text, url).toContain(SAVE_FAILED);
      expect(res.text, url).not.toMatch(/data-testid="error-\d+"/);
      expect(res.cookie, url).toMatch(/^tracksmith_toast=/);
    }
  }, 120_000);
});

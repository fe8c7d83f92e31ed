/**
 * Issue 36: the pages opened by a secret link (/track/<token>, /forms/<token>,
 * /tickets/approve/<token>, /verify/<code>, a shared asset's pages) carry Cache-Control: no-store and Referrer-Policy: same-origin on
 * their HTML document too, not only on their ?_data answers: a valid link's page and the page of
 * a link that no longer works (its token is in the path all the same).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { promisedHandler } from "../support/build";
import { useTestDatabase } from "../support/db";
import { APP, sendTo, signInTo, type Handle } from "../support/remix";
import { useSimulator } from "../support/upstream";

let handle: Handle;
let formToken = "";

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const handler = promisedHandler(build);
  handle = (r) => handler(r, { cspNonce: "n", clientAddress: "198.51.100.7" });
  const admin = await signInTo(handle, "admin", "admin123");
  const made = await sendTo(handle, "POST", "/dashboard/dashboard-forms", admin, {
    intent: "link-create",
    formId: "301",
    label: "Depot QR code",
    minutes: "1440",
  });
  expect(made.status).toBe(302);
  formToken = new URL(made.location!, APP).searchParams.get("created")!;
}, 60_000);

async function documentOf(url: string) {
  const res = await handle(new Request(APP + url, { headers: { accept: "text/html" } }));
  await res.text();
  return res;
}

describe("public token pages", () => {
  it("send no-store and a same-origin referrer policy with their HTML, for a working link and a dead one", async () => {
    const dead = "A".repeat(43);
    const pages: [string, number][] = [
      [`/forms/${encodeURIComponent(formToken)}`, 200],
      [`/forms/${dead}`, 404],
      [`/track/${dead}`, 404],
      [`/tickets/approve/${dead}`, 404],
      [`/tickets/approve/${dead}?done=approve`, 404],
      // The same headers serve the certificate check and the shared asset pages (no share: 404).
      [`/verify/${dead}`, 404],
      [`/assets/dashboard/356307042441013`, 404],
      [`/assets/details/356307042441013`, 404],
    ];
    for (const [url, status] of pages) {
      const res = await documentOf(url);
      expect(res.status, url).toBe(status);
      expect(res.headers.get("content-type"), url).toMatch(/^text\/html/);
      expect(res.headers.get("cache-control"), url).toBe("no-store");
      expect(res.headers.get("referrer-policy"), url).toBe("same-origin");
    }
  });
});

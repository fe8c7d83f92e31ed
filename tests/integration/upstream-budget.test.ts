/**
 * Issue 16 item 8: pages that need the upstream answer within their total upstream budget when
 * the upstream hangs (not after 3 tries of 4 s per call), with their notice instead of a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/services/env.server";
import { resetBreakers } from "~/services/upstream/resilience";
import { useTestDatabase } from "../support/db";
import { signInOver, useHttpApp } from "../support/http-app";
import type { Simulator } from "../../server/sim/index";
import { useSimulator } from "../support/upstream";

let base = "";
let sim: Simulator;
let cookie = "";
const saved = { ...process.env };

async function faults(f: Record<string, unknown>) {
  await fetch(`${sim.url}/__sim/faults${f.reset ? "/reset" : ""}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(f),
  });
  resetBreakers();
}

beforeAll(async () => {
  Object.assign(process.env, { UPSTREAM_PAGE_BUDGET_MS: "1500", UPSTREAM_TIMEOUT_MS: "10000" });
  resetEnvCache();
  await useTestDatabase();
  sim = await useSimulator();
  base = await useHttpApp();
  cookie = await signInOver(base, "admin", "admin123");
  // Warm the caches the pages fall back on, then freeze the upstream.
  for (const path of ["/dashboard/reports", "/dashboard/dashboard-forms"])
    await fetch(`${base}${path}`, { headers: { cookie } });
  await faults({ timeoutRate: 1 });
});

afterAll(async () => {
  await faults({ reset: true });
  process.env = { ...saved };
  resetEnvCache();
});

describe("a frozen upstream", () => {
  for (const path of ["/dashboard/dashboard-forms", "/dashboard/reports"]) {
    it(`${path} answers within the page budget, not per try`, async () => {
      const started = Date.now();
      const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: "manual" });
      const took = Date.now() - started;
      expect(res.status).toBe(200);
      // One try alone would take 10 s (three, 30 s); the budget is 1.5 s (slack for a loaded machine).
      expect(took).toBeLessThan(6000);
      expect(await res.text()).not.toContain("Something went wrong");
    });
  }
});

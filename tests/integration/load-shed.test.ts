/**
 * Issue 16 item 7: an overloaded process refuses work beyond its concurrency limit with 503 and
 * Retry-After within HTTP_MAX_WAIT_MS instead of queueing it; the load balancer's /healthz answers
 * from the real HTTP front.
 */
import express from "express";
import http from "node:http";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/services/env.server";
import { loadShedder, queueLimitMs } from "../../server/load-shed";
import { useTestDatabase } from "../support/db";
import { useHttpApp } from "../support/http-app";
import { useSimulator } from "../support/upstream";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

/** An app whose /hold requests stay open until released, behind the shedder. */
async function heldApp() {
  const shedder = loadShedder();
  const held: Array<() => void> = [];
  const app = express();
  app.use(shedder);
  app.get("/hold", (_req, res) => held.push(() => res.send("done")));
  app.get("/api/live", (_req, res) => res.send("stream"));
  const server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const close = () =>
    new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r())));
  return { base, held, shedder, close };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setImmediate(r));
  expect(check()).toBe(true);
}

describe("load shedding", () => {
  it("serves up to the limit, queues a few, and refuses the rest at once with 503", async () => {
    Object.assign(process.env, {
      HTTP_MAX_CONCURRENT: "2",
      HTTP_MAX_QUEUE: "1",
      HTTP_MAX_WAIT_MS: "60000",
    });
    resetEnvCache();
    const app = await heldApp();
    try {
      const first = [fetch(`${app.base}/hold`), fetch(`${app.base}/hold`)];
      await until(() => app.held.length === 2);
      const queued = fetch(`${app.base}/hold`);
      await until(() => app.shedder.stats().waiting === 1);

      const started = Date.now();
      const refused = await fetch(`${app.base}/hold`);
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("60");
      expect(Date.now() - started).toBeLessThan(1000);
      expect(await refused.text()).not.toMatch(/ at |node_modules/);
      // Streams are not counted: they hold no CPU and have their own caps.
      expect((await fetch(`${app.base}/api/live`)).status).toBe(200);

      app.held.shift()!();
      await until(() => app.held.length === 2); // the queued one got its turn
      for (const release of app.held.splice(0)) release();
      const answers = await Promise.all([...first, queued]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(app.shedder.stats()).toMatchObject({ running: 0, waiting: 0, shed: 1 });
    } finally {
      await app.close();
    }
  });

  it("refuses a request that waited HTTP_MAX_WAIT_MS with 503 and Retry-After", async () => {
    Object.assign(process.env, {
      HTTP_MAX_CONCURRENT: "1",
      HTTP_MAX_QUEUE: "10",
      HTTP_MAX_WAIT_MS: "150",
    });
    resetEnvCache();
    const app = await heldApp();
    try {
      const holding = fetch(`${app.base}/hold`);
      await until(() => app.held.length === 1);
      const started = Date.now();
      const late = await fetch(`${app.base}/hold`);
      expect(late.status).toBe(503);
      expect(late.headers.get("retry-after")).toBe("1");
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      app.held.shift()!();
      expect((await holding).status).toBe(200);
      expect(app.shedder.stats().running).toBe(0);
    } finally {
      await app.close();
    }
  });
});

describe("the queue's time limit", () => {
  it("leaves room for a recent service time, and never less than half the wait", () => {
    expect(queueLimitMs(1000, 0)).toBe(1000);
    expect(queueLimitMs(1000, 300)).toBe(700);
    expect(queueLimitMs(1000, 5000)).toBe(500);
  });

  it("refuses a waiting request early enough that its turn would end within HTTP_MAX_WAIT_MS", async () => {
    Object.assign(process.env, {
      HTTP_MAX_CONCURRENT: "1",
      HTTP_MAX_QUEUE: "10",
      HTTP_MAX_WAIT_MS: "1000",
    });
    resetEnvCache();
    const app = await heldApp();
    try {
      // One request served in about 300 ms: the queue's limit drops by that much.
      const slow = fetch(`${app.base}/hold`);
      await until(() => app.held.length === 1);
      await new Promise((r) => setTimeout(r, 300));
      app.held.shift()!();
      expect((await slow).status).toBe(200);
      const limit = app.shedder.stats().queueLimitMs;
      expect(limit).toBeLessThanOrEqual(700);
      expect(limit).toBeGreaterThanOrEqual(500);

      const holding = fetch(`${app.base}/hold`);
      await until(() => app.held.length === 1);
      const started = Date.now();
      const late = await fetch(`${app.base}/hold`);
      expect(late.status).toBe(503);
      expect(Date.now() - started).toBeGreaterThanOrEqual(limit - 10);
      app.held.shift()!();
      expect((await holding).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("/healthz", () => {
  let base = "";
  beforeAll(async () => {
    await useTestDatabase();
    await useSimulator();
    base = await useHttpApp();
  });

  it("answers ok without a session when PostgreSQL is reachable", async () => {
    const res = await fetch(`${base}/healthz`, { redirect: "manual" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("ok");
  });
});

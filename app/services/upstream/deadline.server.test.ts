import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createUpstream } from "./client.server";
import { upstreamTimeLeft, withUpstreamDeadline } from "./deadline.server";

/** An upstream that takes every request and never answers (a frozen API). */
let base = "";
let seen = 0;
const server = http.createServer(() => void seen++);
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

const read = (timeoutMs: number) =>
  createUpstream({
    baseUrl: base,
    timeoutMs,
    retries: 2,
    breaker: { failureThreshold: 1000 },
  }).request({
    method: "GET",
    path: `/frozen/${Math.random()}`,
    schema: z.unknown(),
    idempotent: true,
  });

describe("a page's upstream budget", () => {
  it("bounds every call and retry of the page by what is left, not per try", async () => {
    seen = 0;
    const started = Date.now();
    await withUpstreamDeadline(400, async () => {
      await expect(read(4000)).rejects.toMatchObject({ kind: "timeout" });
      // The budget is spent: the next call does not even try.
      await expect(read(4000)).rejects.toMatchObject({ kind: "timeout" });
      expect(upstreamTimeLeft()).toBeLessThanOrEqual(0);
    });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(seen).toBe(1);
  });

  it("leaves calls outside a page (jobs) to their own timeout and retries", async () => {
    seen = 0;
    expect(upstreamTimeLeft()).toBeUndefined();
    await expect(read(150)).rejects.toMatchObject({ kind: "timeout" });
    expect(seen).toBe(3);
  });
});

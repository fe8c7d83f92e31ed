import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startSimulator, type Simulator } from "../../../server/sim";
import { createUpstream } from "./client.server";
import { Breaker, resetBreakers } from "./resilience";
import { iotDevices, login, profile } from "./index.server";

describe("Breaker", () => {
  it("opens after repeated failures, lets one probe through when half-open, and closes on success", () => {
    let t = 0;
    const b = new Breaker(
      { failureThreshold: 3, openMs: 1000, maxConcurrent: 2, maxQueued: 1 },
      () => t,
    );
    for (let i = 0; i < 3; i++) {
      expect(b.allow()).toBe(true);
      b.failure();
    }
    expect(b.state()).toBe("open");
    expect(b.allow()).toBe(false);
    t = 1001;
    expect(b.state()).toBe("half-open");
    expect(b.allow()).toBe(true);
    expect(b.allow()).toBe(false); // only one probe
    b.failure();
    expect(b.state()).toBe("open");
    t = 2002;
    expect(b.allow()).toBe(true);
    b.success();
    expect(b.state()).toBe("closed");
  });

  it("lets an eager call (a sign-in) probe an open breaker, one at a time", () => {
    let t = 0;
    const b = new Breaker(
      { failureThreshold: 1, openMs: 15_000, maxConcurrent: 2, maxQueued: 1 },
      () => t,
    );
    b.failure();
    t = 1000;
    expect(b.state()).toBe("open");
    expect(b.allow()).toBe(false);
    expect(b.allow(true)).toBe(true);
    expect(b.allow(true)).toBe(false); // its probe is in flight
    b.success();
    expect(b.state()).toBe("closed");
    expect(b.allow()).toBe(true);
  });

  it("bounds concurrent calls and refuses when the queue is full", async () => {
    const b = new Breaker({ failureThreshold: 3, openMs: 1000, maxConcurrent: 2, maxQueued: 1 });
    expect(await b.acquire()).toBe(true);
    expect(await b.acquire()).toBe(true);
    const waiting = b.acquire();
    expect(await b.acquire()).toBe(false);
    b.release();
    expect(await waiting).toBe(true);
    expect(b.inFlight()).toBe(2);
  });
});

describe("the client against a slow or failing upstream", () => {
  let sim: Simulator;
  let token = "";
  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    const r = await login(createUpstream({ baseUrl: sim.url }), {
      username: "admin",
      password: "admin123",
    });
    if (!r.ok) throw new Error("login failed");
    token = r.token;
  });
  afterAll(() => sim.close());

  it("ends at the timeout when the upstream takes 5 s, and keeps open calls bounded", async () => {
    resetBreakers();
    sim.setFaults({ latencyMs: 5000 });
    const up = createUpstream({
      baseUrl: sim.url,
      token,
      timeoutMs: 300,
      retries: 0,
      breaker: { maxConcurrent: 4, maxQueued: 100, failureThreshold: 1000 },
    });
    const started = Date.now();
    let peak = 0;
    const { breakerFor } = await import("./resilience");
    const timer = setInterval(() => (peak = Math.max(peak, breakerFor(sim.url).inFlight())), 5);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => iotDevices(up)));
    clearInterval(timer);
    expect(results.every((r) => r.status === "rejected")).toBe(true);
    expect(peak).toBeLessThanOrEqual(4);
    // 20 calls, 4 at a time, each cut at 300 ms (queued ones give up at their own timeout).
    expect(Date.now() - started).toBeLessThan(3000);
    sim.setFaults({ latencyMs: 0 });
  });

  it("opens the circuit on repeated failures so callers fail fast, then recovers", async () => {
    resetBreakers();
    sim.setFaults({ down: true });
    const up = createUpstream({
      baseUrl: sim.url,
      token,
      timeoutMs: 1000,
      retries: 0,
      breaker: { failureThreshold: 3, openMs: 300 },
    });
    for (let i = 0; i < 3; i++) await expect(iotDevices(up)).rejects.toMatchObject({ status: 503 });
    sim.setFaults({ down: false });
    // Open: refused without calling the upstream, even though it is back.
    await expect(iotDevices(up)).rejects.toThrow(/unavailable right now/);
    await new Promise((r) => setTimeout(r, 350));
    await expect(iotDevices(up)).resolves.toBeInstanceOf(Array);
  });

  it("keeps a broken endpoint family to itself: other calls and sign-in go on", async () => {
    resetBreakers();
    const up = createUpstream({
      baseUrl: sim.url,
      token,
      timeoutMs: 1000,
      retries: 0,
      breaker: { failureThreshold: 3, openMs: 60_000 },
    });
    sim.setFaults({ failPaths: ["/appsettings"] });
    const broken = { method: "GET" as const, path: "/appsettings/appsetting", schema: z.unknown() };
    for (let i = 0; i < 3; i++)
      await expect(up.request(broken)).rejects.toMatchObject({ status: 500 });
    await expect(up.request(broken)).rejects.toThrow(/unavailable right now/);
    await expect(iotDevices(up)).resolves.toBeInstanceOf(Array);
    const r = await login(createUpstream({ baseUrl: sim.url }), {
      username: "admin",
      password: "admin123",
    });
    expect(r.ok).toBe(true);
    sim.setFaults({ failPaths: [] });
    resetBreakers();
  });

  it("lets a sign-in through an open circuit as soon as the service is back", async () => {
    resetBreakers();
    // The host gone (calls time out): its breaker opens for every family.
    sim.setFaults({ timeoutRate: 1 });
    const up = createUpstream({
      baseUrl: sim.url,
      timeoutMs: 200,
      retries: 0,
      breaker: { failureThreshold: 3, openMs: 60_000 },
    });
    const devices = up.withToken(token);
    for (let i = 0; i < 3; i++)
      await expect(iotDevices(devices)).rejects.toMatchObject({ kind: "timeout" });
    sim.setFaults({ timeoutRate: 0 });
    await expect(iotDevices(devices)).rejects.toThrow(/unavailable right now/);
    const r = await login(up.eager(), { username: "admin", password: "admin123" });
    expect(r.ok).toBe(true);
    // Its success closed the host's circuit for every page.
    await expect(iotDevices(devices)).resolves.toBeInstanceOf(Array);
    resetBreakers();
  });

  it("keeps one probe per half-open family when another call of it loses the host", async () => {
    resetBreakers();
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const up = createUpstream({
      baseUrl: sim.url,
      token,
      timeoutMs: 600,
      retries: 0,
      breaker: { failureThreshold: 2, openMs: 100 },
    });
    const settings = {
      method: "GET" as const,
      path: "/appsettings/appsetting",
      schema: z.unknown(),
    };
    // A call that will time out (the host looks gone) goes out while the family is closed...
    sim.setFaults({ timeoutRate: 1 });
    const lost = up.request(settings).catch((e: unknown) => e);
    await wait(100);
    // ...then the family breaks and, half-open, lets one probe out.
    sim.setFaults({ timeoutRate: 0, failPaths: ["/appsettings"] });
    for (let i = 0; i < 2; i++)
      await expect(up.request(settings)).rejects.toMatchObject({ status: 500 });
    await wait(120);
    sim.setFaults({ timeoutRate: 1, failPaths: [] });
    const probe = up.request(settings).catch((e: unknown) => e);
    expect(await lost).toMatchObject({ kind: "timeout" });
    // The lost call's end says nothing of the probe still out: no second probe goes.
    await expect(up.request(settings)).rejects.toThrow(/unavailable right now/);
    expect(await probe).toMatchObject({ kind: "timeout" });
    sim.setFaults({ timeoutRate: 0 });
    resetBreakers();
  });

  it("lets the whole sign-in (login, then profile) through the families an outage left open", async () => {
    resetBreakers();
    const up = createUpstream({
      baseUrl: sim.url,
      token,
      timeoutMs: 1000,
      retries: 0,
      breaker: { failureThreshold: 3, openMs: 60_000 },
    });
    sim.setFaults({ down: true });
    for (let i = 0; i < 3; i++) await expect(profile(up)).rejects.toMatchObject({ status: 503 });
    sim.setFaults({ down: false });
    await expect(profile(up)).rejects.toThrow(/unavailable right now/);
    const r = await login(up.eager(), { username: "admin", password: "admin123" });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    await expect(profile(up.withToken(r.token).eager())).resolves.toMatchObject({
      username: "admin",
    });
    resetBreakers();
  });
});

import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildPayload,
  MAX_PUSH_PAYLOAD_BYTES,
  sendPush,
  topicFor,
  type Vapid,
} from "./push.server";
import { resetEnvCache } from "~/services/env.server";
import { startPushStub, type PushStub } from "../../../tests/support/push-stub";

const vapid: Vapid = { ...webpush.generateVAPIDKeys(), subject: "mailto:test@tracksmith.local" };
let stub: PushStub;
beforeAll(async () => {
  // The stub push service is on 127.0.0.1 over http: opt out of the outbound guard's checks here.
  process.env.OUTBOUND_ALLOW_HTTP = "1";
  process.env.OUTBOUND_ALLOW_PRIVATE = "1";
  resetEnvCache();
  stub = await startPushStub({ slowMs: 800 });
});
afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HTTP;
  delete process.env.OUTBOUND_ALLOW_PRIVATE;
  resetEnvCache();
  await stub.close();
});

const sub = (path: string) => ({ endpoint: `${stub.url}${path}`, ...stub.keys });

describe("push payload", () => {
  it("keeps a short payload whole", () => {
    const p = JSON.parse(
      buildPayload({
        title: "Overspeed: Truck 1",
        body: "91 km/h",
        kind: "overspeed",
        link: "/dashboard/x",
      }),
    );
    expect(p).toMatchObject({
      title: "Overspeed: Truck 1",
      body: "91 km/h",
      link: "/dashboard/x",
      icon: "/favicon.svg",
    });
  });
  it("shortens a long body (multi-byte too) to the cap, and the encrypted message fits 4 KB", () => {
    for (const body of ["x".repeat(10_000), "温度".repeat(5_000), "🚚".repeat(3_000)]) {
      const text = buildPayload({ title: "T", body, kind: "info" });
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
      const p = JSON.parse(text);
      expect(p.body.endsWith("…")).toBe(true);
      expect(p.body.length).toBeGreaterThan(500);
      const details = webpush.generateRequestDetails(
        { endpoint: "https://push.example/x", keys: stub.keys },
        text,
        { vapidDetails: vapid, TTL: 60 },
      );
      expect((details.body as Buffer).length).toBeLessThanOrEqual(4096);
    }
  });
  it("shortens an absurd title too", () => {
    const text = buildPayload({ title: "t".repeat(9000), body: "b".repeat(9000), kind: "info" });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
  });
});

describe("sending one push (real web-push encryption, local push service)", () => {
  const opts = {
    ttl: 3600,
    urgency: "high" as const,
    topic: topicFor("ev:1"),
    vapid,
    timeoutMs: 400,
  };
  it("201 is sent, and the service can decrypt what we sent with its headers", async () => {
    const r = await sendPush(
      sub("/ok/a"),
      buildPayload({ title: "Hello", body: "World", kind: "overspeed" }),
      opts,
    );
    expect(r).toEqual({ outcome: "sent", status: 201 });
    const got = stub.payloads.find((p) => p.path === "/ok/a")!;
    expect(got.json).toMatchObject({ title: "Hello", body: "World", kind: "overspeed" });
    expect(got.headers).toMatchObject({ ttl: "3600", urgency: "high", topic: topicFor("ev:1") });
  });
  it("404 and 410 are gone, 400 is failed for good", async () => {
    expect((await sendPush(sub("/gone/a"), "{}", opts)).outcome).toBe("gone");
    expect((await sendPush(sub("/notfound/a"), "{}", opts)).outcome).toBe("gone");
    expect((await sendPush(sub("/bad/a"), "{}", opts)).outcome).toBe("failed");
  });
  it("429 retries after Retry-After, 503 and a timeout retry", async () => {
    expect(await sendPush(sub("/busy/a"), "{}", opts)).toMatchObject({
      outcome: "retry",
      status: 429,
      retryAfterMs: 1000,
    });
    expect(await sendPush(sub("/flaky/a"), "{}", opts)).toMatchObject({
      outcome: "retry",
      status: 503,
    });
    expect(await sendPush(sub("/slow/a"), "{}", opts)).toMatchObject({
      outcome: "retry",
      status: 0,
      error: "timed out",
    });
  });
  it("a subscription with broken keys is gone, not an exception", async () => {
    expect(
      (await sendPush({ endpoint: `${stub.url}/ok/z`, p256dh: "bad", auth: "bad" }, "{}", opts))
        .outcome,
    ).toBe("gone");
  });
});

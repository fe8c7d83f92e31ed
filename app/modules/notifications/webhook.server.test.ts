import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/services/env.server";
import { postWebhook, signWebhook, verifyWebhook, type WebhookEvent } from "./webhook.server";

describe("webhook signature", () => {
  it("is HMAC-SHA256 over '<timestamp>.<body>', hex, prefixed sha256=", () => {
    const expected = crypto
      .createHmac("sha256", "s3cret")
      .update('1700000000.{"a":1}')
      .digest("hex");
    expect(signWebhook("s3cret", 1700000000, '{"a":1}')).toBe(`sha256=${expected}`);
  });
  it("verifies, and refuses another secret, a changed body or an old timestamp", () => {
    const now = 1_700_000_000_000;
    const ts = now / 1000;
    const sig = signWebhook("s3cret", ts, "body");
    expect(verifyWebhook("s3cret", { signature: sig, timestamp: String(ts) }, "body", now)).toBe(
      true,
    );
    expect(verifyWebhook("other", { signature: sig, timestamp: String(ts) }, "body", now)).toBe(
      false,
    );
    expect(verifyWebhook("s3cret", { signature: sig, timestamp: String(ts) }, "body!", now)).toBe(
      false,
    );
    expect(
      verifyWebhook("s3cret", { signature: sig, timestamp: String(ts) }, "body", now + 301_000),
    ).toBe(false);
  });
});

describe("posting a webhook", () => {
  let server: http.Server;
  let url = "";
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  let status = 204;
  beforeAll(async () => {
    // The receiver is on 127.0.0.1 over http: this file opts out of the outbound guard's checks
    // (tests/integration/outbound-guard.test.ts runs with them).
    process.env.OUTBOUND_ALLOW_HTTP = "1";
    process.env.OUTBOUND_ALLOW_PRIVATE = "1";
    resetEnvCache();
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  });
  afterAll(async () => {
    delete process.env.OUTBOUND_ALLOW_HTTP;
    delete process.env.OUTBOUND_ALLOW_PRIVATE;
    resetEnvCache();
    await new Promise<void>((r) => server.close(() => r()));
  });
  const event: WebhookEvent = {
    id: "ev-1-2-0",
    kind: "overspeed",
    imei: "1",
    companyid: 1,
    time: "2026-01-01T00:00:00.000Z",
    title: "t",
    body: "b",
    details: { speed: 90 },
  };

  it("sends the JSON event with a signature the receiver can verify", async () => {
    await postWebhook(url, "a-long-enough-secret", event);
    const got = received.at(-1)!;
    expect(JSON.parse(got.body)).toEqual(event);
    expect(got.headers["content-type"]).toBe("application/json");
    expect(
      verifyWebhook(
        "a-long-enough-secret",
        {
          signature: String(got.headers["x-tracksmith-signature"]),
          timestamp: String(got.headers["x-tracksmith-timestamp"]),
        },
        got.body,
      ),
    ).toBe(true);
  });
  it("throws on a non-2xx answer so the job queue retries it", async () => {
    status = 500;
    await expect(postWebhook(url, "a-long-enough-secret", event)).rejects.toThrow(/answered 500/);
    status = 204;
  });
});

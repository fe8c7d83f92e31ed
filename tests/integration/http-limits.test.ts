/**
 * Issue 15 items 4 and 12 through the real HTTP front (server/http.ts): request bodies over their
 * limit are refused with 413 before anything reads them whole (declared or streamed), an upload
 * route keeps its own larger limit, and open event streams are capped per session and per company
 * with a 429 that frees up when a stream closes.
 */
import express from "express";
import http from "node:http";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/services/env.server";
import { bodyGate } from "../../server/request-body";
import { useTestDatabase } from "../support/db";
import { rawRequest, signInOver, useHttpApp } from "../support/http-app";
import { useSimulator } from "../support/upstream";

const MB = 1024 * 1024;
let base = "";
const form = (origin: string) => ({
  "content-type": "application/x-www-form-urlencoded",
  origin,
});

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  base = await useHttpApp();
});

function* chunksOf(total: number, size = 64 * 1024) {
  for (let sent = 0; sent < total; sent += size) yield Buffer.alloc(size, "a");
}

describe("request bodies over the limit", () => {
  it("refuses a 2 MB form to /login with 413 at once and keeps serving", async () => {
    const started = Date.now();
    const res = await rawRequest(`${base}/login`, {
      headers: form(base),
      body: Buffer.from(`username=${"a".repeat(2 * MB)}&password=x`),
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatch(/too large/i);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await fetch(`${base}/login`)).status).toBe(200);
  });

  it("refuses on the declared length alone: 50 MB announced, 64 kB sent, 413 comes back", async () => {
    for (const path of ["/login", "/forms/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
      const res = await rawRequest(base + path, {
        headers: { ...form(base), "content-length": String(50 * MB) },
        body: Buffer.alloc(64 * 1024, "a"),
        end: false,
      });
      expect(res.status, path).toBe(413);
    }
  });

  it("counts a chunked body as it streams and answers 413 before it ends", async () => {
    // 3 MB is written, never ended: only a server that stops reading at the limit answers.
    const res = await rawRequest(`${base}/login`, {
      headers: form(base),
      chunks: chunksOf(3 * MB),
      end: false,
    });
    expect(res.status).toBe(413);
    expect((await fetch(`${base}/login`)).status).toBe(200);
  });

  it("lets a form within the limit through to the page", async () => {
    const res = await rawRequest(`${base}/login`, {
      headers: form(base),
      chunks: [Buffer.from("username=nobody&"), Buffer.from(`password=${"p".repeat(500_000)}`)],
    });
    expect(res.status).toBe(400); // the login form's own answer to a wrong password
  });

  it("gives an upload route its own larger limit, declared with its rule", async () => {
    const app = express();
    app.use(
      bodyGate((p) =>
        p === "/photo" ? { kind: "upload", limit: 5 * MB } : { kind: "form", limit: MB },
      ),
    );
    app.post("/photo", (_req, res) => res.json({ bytes: (res.locals.body as Buffer).length }));
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/photo`;
    try {
      const boundary = "----photo";
      const photo = (size: number) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          Buffer.alloc(size, 1),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
      const headers = { "content-type": `multipart/form-data; boundary=${boundary}` };
      const ok = await rawRequest(url, { headers, body: photo(3 * MB) });
      expect(ok.status).toBe(200);
      expect(JSON.parse(ok.body).bytes).toBeGreaterThan(3 * MB);
      expect((await rawRequest(url, { headers, body: photo(6 * MB) })).status).toBe(413);
      expect(
        (await rawRequest(url, { headers, chunks: chunksOf(6 * MB), end: false })).status,
      ).toBe(413);
    } finally {
      server.close();
    }
  });
});

describe("open event streams", () => {
  const opened: AbortController[] = [];
  afterEach(() => {
    for (const c of opened.splice(0)) c.abort();
    delete process.env.STREAMS_MAX_PER_COMPANY;
    resetEnvCache();
  });

  /** Opens a stream and keeps it open (closed after the test); a refusal is read whole. */
  async function open(path: string, cookie: string) {
    const controller = new AbortController();
    const res = await fetch(base + path, { headers: { cookie }, signal: controller.signal });
    const text = res.status === 200 ? "" : await res.text();
    if (res.status === 200) opened.push(controller);
    return { res, text, close: () => controller.abort() };
  }

  /** A slot is freed when the server sees the close: ask again until it has (bounded). */
  async function openEventually(path: string, cookie: string) {
    const end = Date.now() + 5000;
    for (;;) {
      const { res } = await open(path, cookie);
      if (res.status === 200 || Date.now() > end) return res;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it("allows 10 live streams per session; the 11th gets 429 until one closes", async () => {
    const cookie = await signInOver(base, "admin", "admin123");
    const streams = [];
    for (let i = 0; i < 10; i++) {
      const s = await open("/api/live", cookie);
      expect(s.res.status, `stream ${i + 1}`).toBe(200);
      expect(s.res.headers.get("content-type")).toMatch(/text\/event-stream/);
      streams.push(s);
    }
    const refused = await open("/api/live", cookie);
    expect(refused.res.status).toBe(429);
    expect(Number(refused.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.text).toMatch(/too many open live map streams for this session/i);

    // Another session of the same company is not held back by the first one's streams.
    const other = await signInOver(base, "admin", "admin123");
    expect((await open("/api/live", other)).res.status).toBe(200);

    streams[0]!.close();
    expect((await openEventually("/api/live", cookie)).status).toBe(200);
  });

  it("caps the streams of one company across its sessions (STREAMS_MAX_PER_COMPANY)", async () => {
    process.env.STREAMS_MAX_PER_COMPANY = "3";
    resetEnvCache();
    const a = await signInOver(base, "admin", "admin123");
    const b = await signInOver(base, "admin", "admin123");
    expect((await open("/api/notifications-stream", a)).res.status).toBe(200);
    expect((await open("/api/notifications-stream", a)).res.status).toBe(200);
    const third = await open("/api/notifications-stream", b);
    expect(third.res.status).toBe(200);
    const refused = await open("/api/notifications-stream", b);
    expect(refused.res.status).toBe(429);
    expect(refused.text).toMatch(/too many open notification streams for this company/i);
    // Another company is not affected.
    const other = await signInOver(base, "other", "other123");
    expect((await open("/api/notifications-stream", other)).res.status).toBe(200);
    third.close();
    expect((await openEventually("/api/notifications-stream", b)).status).toBe(200);
  });
});

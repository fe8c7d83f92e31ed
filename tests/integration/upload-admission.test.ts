/**
 * Issue 36, finding 2: a 25 MB multipart post to an upload path with no session was read and
 * parsed whole before the guard's redirect (ten at once took 250 MB). Through the real HTTP front:
 * the four probed paths answer the /login redirect while the client is still sending (the body is
 * never read), a signed-in visitor's post still reaches the page, and large bodies are read a few
 * at a time (503 with Retry-After beyond).
 */
import express from "express";
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_ROUTES } from "~/modules/index";
import { isPublicPath } from "~/services/body-admission.server";
import { bodyGate, slots } from "../../server/request-body";
import { useTestDatabase } from "../support/db";
import { rawRequest, signInOver, useHttpApp } from "../support/http-app";
import { useSimulator } from "../support/upstream";

const MB = 1024 * 1024;
const boundary = "----probe36";
const multipart = (origin: string, cookie?: string) => ({
  "content-type": `multipart/form-data; boundary=${boundary}`,
  origin,
  ...(cookie ? { cookie } : {}),
});
const head = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
);
// The head of a 3 MB body (within every probed route's limit), the rest never sent.
const firstPart = Buffer.concat([head, Buffer.alloc(64 * 1024, "%")]);
const announced = String(3 * MB);

let base = "";
beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  base = await useHttpApp();
}, 60_000);

const PROBED = [
  "/dashboard/insight-tags/00000000-0000-4000-8000-000000000000/wiki/upload",
  "/timesheet/view",
  "/courier/shipment/1",
  "/tickets/admin",
];

describe("bodies to paths that need a session", () => {
  it.each(PROBED)("%s: the /login redirect comes back before the body is sent", async (path) => {
    // 64 kB of an announced 3 MB: a server that reads the body first never answers.
    const res = await rawRequest(base + path, {
      headers: { ...multipart(base), "content-length": announced },
      body: firstPart,
      end: false,
      waitMs: 3000,
    });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    expect(res.headers.connection).toBe("close");
  });

  it("answers a page's fetch (?_data) with Remix's redirect, and a chunked body the same", async () => {
    const res = await rawRequest(`${base}/tickets/admin?_data=routes%2F_shell.tickets.admin`, {
      headers: multipart(base),
      chunks: [firstPart],
      end: false,
      waitMs: 3000,
    });
    expect(res.status).toBe(204);
    expect(res.headers["x-remix-redirect"]).toBe("/login?redirectTo=%2Ftickets%2Fadmin");
  });

  it("lets a signed-in visitor's upload through to the page, and public paths as before", async () => {
    const cookie = await signInOver(base, "admin", "admin123");
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nnope\r\n`),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await rawRequest(`${base}/tickets/admin`, {
      headers: multipart(base, cookie),
      body,
    });
    expect(res.status).not.toBe(302);
    expect([400, 403]).toContain(res.status); // the page's own answer to an unknown intent
    const login = await rawRequest(`${base}/login`, {
      headers: multipart(base),
      body: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\nnobody\r\n`,
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\nx\r\n`,
        ),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
    });
    expect(login.status).toBe(401); // the login form's answer: wrong password
  });
});

describe("which paths are public", () => {
  it("every public page of the manifests, and no guarded page that a public pattern also matches", () => {
    for (const r of PUBLIC_ROUTES) {
      const path = r.pattern.replace(/:[a-z]+\??/gi, "x1").replace("*", "overview");
      expect(isPublicPath(path), path).toBe(true);
    }
    for (const path of ["/forms/admin", "/tickets/admin", "/timesheet/view", "/verifyx/1"])
      expect(isPublicPath(path), path).toBe(false);
  });
});

describe("large bodies read at once", () => {
  it("takes a few at a time; the next waits, then gets 503 with Retry-After; a freed slot is taken", async () => {
    const app = express();
    app.use(
      bodyGate(() => ({ kind: "upload", limit: 10 * MB }), {
        admit: () => Promise.resolve({ admit: true }),
        largeSlots: 1,
        largeWaitMs: 300,
      }),
    );
    app.post("/up", (_req, res) => res.json({ bytes: (res.locals.body as Buffer).length }));
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/up`;
    try {
      const headers = { ...multipart("x"), "content-length": String(2 * MB) };
      // The first holds the only slot: its body is still on its way.
      const holder = http.request(url, { method: "POST", headers });
      holder.on("error", () => {});
      holder.write(firstPart);
      await new Promise((r) => setTimeout(r, 100));
      const started = Date.now();
      const busy = await rawRequest(url, { headers, body: firstPart, end: false });
      expect(busy.status).toBe(503);
      expect(busy.headers["retry-after"]).toBe("5");
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      holder.destroy();
      await new Promise((r) => setTimeout(r, 100));
      const whole = Buffer.concat([
        head,
        Buffer.alloc(2 * MB, 1),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const ok = await rawRequest(url, { headers: multipart("x"), body: whole });
      expect(ok.status).toBe(200);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("a client that leaves while waiting for a slot does not keep it", async () => {
    const app = express();
    app.use(
      bodyGate(() => ({ kind: "upload", limit: 10 * MB }), {
        admit: () => Promise.resolve({ admit: true }),
        largeSlots: 1,
        largeWaitMs: 1500,
      }),
    );
    app.post("/up", (_req, res) => res.json({ bytes: (res.locals.body as Buffer).length }));
    const server = http.createServer(app);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/up`;
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    try {
      const headers = { ...multipart("x"), "content-length": String(2 * MB) };
      const partial = (sent: Buffer) => {
        const r = http.request(url, { method: "POST", headers });
        r.on("error", () => {});
        r.write(sent);
        return r;
      };
      const holder = partial(firstPart);
      await pause(100);
      // Waits for the slot, then gives up (a short start: the server sees it leave at once).
      const leaver = partial(head);
      await pause(100);
      leaver.destroy();
      await pause(100);
      holder.destroy(); // its slot goes to the waiter that has left
      await pause(100);
      const whole = Buffer.concat([
        head,
        Buffer.alloc(2 * MB, 1),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const ok = await rawRequest(url, { headers: multipart("x"), body: whole });
      expect(ok.status).toBe(200);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("slots: a waiter gets the slot its holder frees, in turn", async () => {
    const s = slots(2, 1000);
    const a = (await s.take())!;
    const b = (await s.take())!;
    const c = s.take();
    expect(s.busy).toBe(2);
    a();
    a(); // a second release of the same slot frees nothing more
    const gotC = (await c)!;
    expect(s.busy).toBe(2);
    b();
    gotC();
    expect(s.busy).toBe(0);
    expect(
      await slots(1, 20)
        .take()
        .then(async (first) => [first, await slots(0, 20).take()]),
    ).toEqual([expect.any(Function), null]);
  });
});

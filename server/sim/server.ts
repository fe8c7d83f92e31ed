/**
 * The simulator's HTTP layer on node:http: routing, JSON bodies, bearer auth, fault injection and
 * the journal. Faults apply to the upstream API only, never to /__sim controls or images, so a
 * test can always switch them off again. Write routes (kit.ts `Route.write`) run one at a time and,
 * when the simulator has a data directory, an accepted (2xx) write is journaled before it is
 * answered; `replay` runs a journaled write again through the same handler at start.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Entry } from "./journal";
import { ROUTES } from "./routes";
import { HttpError, type Ctx, type Result, type Route, type SimState } from "./kit";
import { createRng } from "./prng";

const MAX_BODY = 1_000_000;

function match(method: string, path: string): Route | "method" | null {
  let pathMatched = false;
  for (const r of ROUTES) {
    const hit = r.path.endsWith("/:id")
      ? path.startsWith(r.path.slice(0, -3)) && path.length > r.path.length - 3
      : r.path === path;
    if (!hit) continue;
    pathMatched = true;
    if (r.method === method) return r;
  }
  return pathMatched ? "method" : null;
}

/** Where accepted writes go (store.ts). `record` throws when the write could not be made durable. */
export type WriteSink = { record(entry: Omit<Entry, "n">): void; afterWrite(): void };

const drawRandom = () => randomBytes(24).toString("base64url");

async function runHandler(route: Route, ctx: Ctx): Promise<Result> {
  try {
    return await route.handler(ctx);
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, json: { message: err.message } };
    console.error("[sim] handler error", err);
    return { status: 500, json: { message: "Internal server error" } };
  }
}

/** Optional SimState parts that handlers create on first use (seeds of the designed modules). */
const SEEDED_ON_USE = [
  "maintenance",
  "jobCodes",
  "people",
  "billing",
  "jobsites",
  "leave",
  "timesheets",
  "formsBuilder",
  "concretePours",
  "concreteMix",
  "sensors",
  "dashcam",
  "tickets",
  "suppliers",
] as const satisfies ReadonlyArray<keyof SimState>;

const accepted = (r: Result) => (r.status ?? 200) >= 200 && (r.status ?? 200) < 300;

/**
 * Runs a journaled write again, as its caller, at its recorded time and with its recorded random
 * values; the caller pins state.clock to `e.t` meanwhile. Returns the status it answered.
 */
export async function replay(state: SimState, e: Entry): Promise<number> {
  const route = match(e.m, e.p);
  if (!route || route === "method") return 404;
  const user = e.u === undefined ? undefined : state.world.users.find((u) => u.username_id === e.u);
  if (route.auth && !user) return 401;
  const drawn = [...(e.r ?? [])];
  const ctx = {
    method: e.m,
    path: e.p,
    query: new URLSearchParams(e.q ?? ""),
    body: e.b,
    user,
    jti: e.j,
    now: e.t,
    state,
    random: () => drawn.shift() ?? drawRandom(),
  } as Ctx;
  return (await runHandler(route, ctx)).status ?? 200;
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new HttpError(413, "Body too large"));
        req.destroy();
      } else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: http.ServerResponse, r: Result) {
  if (res.headersSent || res.destroyed) return;
  const status = r.status ?? 200;
  if (r.file) {
    res.writeHead(status, {
      ...(r.headers ?? {}),
      "content-type": r.contentType ?? "application/octet-stream",
      "content-length": r.file.size,
    });
    const { start } = r.file;
    // A byte range (206) reads only its part of the file.
    const part = start === undefined ? undefined : { start, end: start + r.file.size - 1 };
    fs.createReadStream(r.file.path, part)
      .on("error", () => res.destroy())
      .pipe(res);
    return;
  }
  const body = r.text ?? (r.json === undefined ? "" : JSON.stringify(r.json));
  const headers: Record<string, string | number> = {
    ...(r.headers ?? {}),
    "content-length": Buffer.byteLength(body),
  };
  if (body) headers["content-type"] = r.contentType ?? "application/json; charset=utf-8";
  res.writeHead(status, headers);
  res.end(body);
}

export function createSimServer(state: SimState, sink?: WriteSink) {
  // Writes run one after another, so the journal's order is the order their changes were made.
  let writes: Promise<unknown> = Promise.resolve();
  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = writes.then(fn, fn);
    writes = run.catch(() => undefined);
    return run;
  };

  /** Runs a write route; an accepted one is journaled (and so durable) before it is answered. */
  async function write(route: Route, ctx: Ctx, res: http.ServerResponse, query: string) {
    const drawn: string[] = [];
    ctx.random = () => {
      const v = drawRandom();
      drawn.push(v);
      return v;
    };
    ctx.now = state.clock();
    // State a module seeds on first use must not appear through a refused (unjournaled) write:
    // a replay would not make it, and the live and replayed states would differ.
    const absent = SEEDED_ON_USE.filter((k) => state[k] === undefined);
    let result = await runHandler(route, ctx);
    if (!accepted(result)) for (const k of absent) delete state[k];
    if (sink && accepted(result)) {
      try {
        sink.record({
          t: ctx.now,
          m: ctx.method,
          p: ctx.path,
          ...(query ? { q: query } : {}),
          ...(ctx.body === undefined ? {} : { b: ctx.body }),
          ...(ctx.user ? { u: ctx.user.username_id, j: ctx.jti } : {}),
          ...(drawn.length ? { r: drawn } : {}),
        });
      } catch (err) {
        // The change is in memory only: say so rather than let the client believe it is kept.
        console.error("[sim] journal write failed", err);
        result = { status: 500, json: { message: "The change could not be saved" } };
      }
    }
    send(res, result);
    if (sink) sink.afterWrite();
  }

  const faultRng = createRng(state.world.seed ^ 0x5eed);
  const hanging = new Set<http.ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => (timers.delete(t), resolve()), ms);
      timers.add(t);
    });

  /** Applies injected faults; returns true when the request was answered (or swallowed). */
  async function injectFaults(path: string, res: http.ServerResponse): Promise<boolean> {
    const f = state.faults;
    const fail = (status: number) => {
      const message =
        status === 503 ? "Service unavailable (simulated)" : "Internal server error (simulated)";
      if (f.errorBody === "empty") send(res, { status });
      else if (f.errorBody === "text")
        send(res, { status, text: message, contentType: "text/plain; charset=utf-8" });
      else send(res, { status, json: { message } });
      return true;
    };
    if (f.down) return fail(503);
    if (f.latencyMs > 0) await sleep(f.latencyMs);
    if (f.timeoutRate > 0 && faultRng.next() < f.timeoutRate) {
      // Never answered; close() ends it. The client's timeout is what is under test.
      hanging.add(res);
      res.on("close", () => hanging.delete(res));
      return true;
    }
    if (f.errorRate > 0 && faultRng.next() < f.errorRate)
      return fail(faultRng.next() < 0.5 ? 500 : 503);
    if (f.failPaths.some((p) => path.startsWith(p))) return fail(500);
    return false;
  }

  const traffic = (state.traffic ??= {
    calls: 0,
    open: 0,
    peakOpen: 0,
    answered: 0,
    openIds: new Set(),
  });
  /** Counts an API call as open until its connection closes, and as answered if a response was written. */
  function countCall(res: http.ServerResponse) {
    const id = ++traffic.calls;
    traffic.open++;
    traffic.openIds.add(id);
    traffic.peakOpen = Math.max(traffic.peakOpen, traffic.open);
    res.once("finish", () => traffic.answered++);
    res.once("close", () => {
      traffic.open--;
      traffic.openIds.delete(id);
    });
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://sim.local");
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
    const method = req.method ?? "GET";
    try {
      const route = match(method, path);
      if (!route) throw new HttpError(404, `No such call: ${method} ${path}`);
      if (route === "method") throw new HttpError(405, `Method ${method} not allowed on ${path}`);
      const isApi =
        !path.startsWith("/__sim") && !route.path.endsWith("/:id") && !path.startsWith("/logos/");
      if (isApi) countCall(res);
      if (isApi && (await injectFaults(path, res))) return;
      const raw = route.stream || method === "GET" || method === "HEAD" ? "" : await readBody(req);
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        throw new HttpError(400, "Invalid JSON body");
      }
      const ctx = {
        method,
        path,
        query: url.searchParams,
        body,
        now: state.clock(),
        state,
        headers: req.headers,
        random: drawRandom,
      } as Ctx;
      if (route.auth) {
        const header = req.headers.authorization ?? "";
        const token = /^Bearer\s+(.+)$/i.exec(header)?.[1] ?? null;
        const who = await state.auth.verify(token);
        if (!who)
          throw new HttpError(
            401,
            token ? "Token is invalid or has expired" : "Authorization required",
          );
        ctx.user = who.user;
        ctx.jti = who.jti;
      }
      if (route.stream) ctx.body = await route.stream(ctx, req);
      if (route.write) await serially(() => write(route, ctx, res, url.search.slice(1)));
      else send(res, await runHandler(route, ctx));
    } catch (err) {
      if (err instanceof HttpError)
        send(res, { status: err.status, json: { message: err.message } });
      else {
        console.error("[sim] handler error", err);
        send(res, { status: 500, json: { message: "Internal server error" } });
      }
    }
  }

  const server = http.createServer((req, res) => void handle(req, res));
  server.keepAliveTimeout = 5_000;

  return {
    server,
    listen(port: number, host: string): Promise<AddressInfo> {
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => resolve(server.address() as AddressInfo));
      });
    },
    close(): Promise<void> {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const res of hanging) res.destroy();
      hanging.clear();
      return new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

import crypto from "node:crypto";
import type http from "node:http";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { createRequestHandler, writeReadableStreamToWritable } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { getEnv } from "../app/services/env.server.js";
import { logError } from "../app/services/log.server.js";
import { requestHost, sameOriginRequest } from "../app/services/origin.server.js";
import { bodyRuleFor } from "../app/services/request-bodies.server.js";
import { withUpstreamDeadline } from "../app/services/upstream/deadline.server.js";
import { baseSecurityHeaders } from "../app/services/security-headers.server.js";
import { errorHandler, sendPlainError } from "./http-errors.js";
import { loadShedder } from "./load-shed.js";
import { bodyGate, gatedBody, type Admit } from "./request-body.js";
import { installTestClock, testClockRoute } from "./test-clock.js";

type HealthCheck = () => Promise<boolean>;
type MapDataServer = (
  req: Record<string, string | null>,
) => Promise<{ status: number; headers: Record<string, string>; body: Buffer | null }>;
const MAP_DATA = "/api/map-data";

/**
 * The HTTP entry: the map's data endpoint first, everything else through Express and Remix. The map
 * polls that endpoint often and its bytes are ready (pre-gzipped, in memory), so it skips Express's
 * and Remix's pipelines; the server build's own module answers it (app/entry.server.tsx re-exports
 * it), so there is one copy of the session and map state.
 */
export function createHttpHandler(
  getBuild: () => ServerBuild | Promise<ServerBuild>,
  mode: string,
): http.RequestListener {
  const app = createHttpApp(getBuild, mode);
  return (req, res) => {
    const url = req.url ?? "";
    const isMapData =
      req.method === "GET" &&
      url.startsWith(MAP_DATA) &&
      (url.length === MAP_DATA.length || url[MAP_DATA.length] === "?");
    if (!isMapData) return void app(req, res);
    void serveMapData(getBuild, req, res).catch((error) => {
      logError("http", error, { method: "GET", path: MAP_DATA });
      if (res.headersSent) res.destroy();
      else sendPlainError(res, 500);
    });
  };
}

async function serveMapData(
  getBuild: () => ServerBuild | Promise<ServerBuild>,
  req: http.IncomingMessage,
  res: http.ServerResponse,
) {
  const serve = ((await getBuild()).entry.module as { serveMapData?: MapDataServer }).serveMapData;
  if (!serve) throw new Error("the server build does not export serveMapData");
  const q = new URLSearchParams((req.url ?? "").slice(MAP_DATA.length + 1));
  const reply = await serve({
    cookie: req.headers.cookie ?? null,
    acceptEncoding: req.headers["accept-encoding"] ?? null,
    ifNoneMatch: req.headers["if-none-match"] ?? null,
    part: q.get("part"),
    v: q.get("v"),
  });
  res.writeHead(reply.status, { ...baseSecurityHeaders(), ...reply.headers });
  res.end(reply.body ?? undefined);
}

/**
 * The Express app in front of Remix, in order: the headers every response carries, the
 * cross-origin refusal and the body gate for state-changing requests (before anything reads a
 * body), compression, static files with cache headers, Remix (with a per-request CSP nonce), and
 * the one error handler.
 */
export function createHttpApp(getBuild: () => ServerBuild | Promise<ServerBuild>, mode: string) {
  const app = express();
  app.disable("x-powered-by");
  // X-Forwarded-* (client address, protocol, host) only from the one proxy TRUST_PROXY=1 trusts.
  app.set("trust proxy", (_address: string, hop: number) => getEnv().TRUST_PROXY && hop < 1);

  if (getEnv().TEST_CLOCK) {
    installTestClock();
    testClockRoute(app);
  }
  app.use((req, res, next) => {
    res.set(baseSecurityHeaders());
    if (
      req.method !== "GET" &&
      req.method !== "HEAD" &&
      !sameOriginRequest(req.headers, req.protocol)
    ) {
      res.status(403).type("text/plain").send("Cross-origin request refused");
      return;
    }
    next();
  });
  // Who may send a large body is the build's to say (its sessions and manifests, one instance).
  const admit: Admit = async (...args) => {
    const check = ((await getBuild()).entry.module as { bodyAdmission?: Admit }).bodyAdmission;
    if (!check) throw new Error("the server build does not export bodyAdmission");
    return check(...args);
  };
  app.use(bodyGate(bodyRuleFor, { admit }));

  // Server-sent events must reach the browser as they happen, never held in a gzip buffer.
  app.use(
    compression({
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").includes("text/event-stream") &&
        compression.filter(req, res),
    }),
  );

  // Fingerprinted assets never change; everything else in public/ may.
  app.use(
    "/build",
    express.static(path.resolve("public/build"), { immutable: true, maxAge: "1y" }),
  );
  app.use(
    express.static(path.resolve("public"), {
      maxAge: "1h",
      setHeaders: (res, file) => {
        if (file.endsWith("sw.js")) res.setHeader("Cache-Control", "no-cache");
      },
    }),
  );

  // For the load balancer: this process answers and reaches PostgreSQL (no session, no body).
  app.get("/healthz", (_req, res, next) => {
    healthy(getBuild)
      .then((ok) =>
        res
          .status(ok ? 200 : 503)
          .type("text/plain")
          .send(ok ? "ok" : "unavailable"),
      )
      .catch(next);
  });

  app.use(loadShedder());
  // "*" makes Express decode the path first: bad percent-encoding becomes a 400 for the handler.
  app.all("*", remixHandler(getBuild, mode));
  app.use(errorHandler);
  return app;
}

async function healthy(getBuild: () => ServerBuild | Promise<ServerBuild>): Promise<boolean> {
  const check = ((await getBuild()).entry.module as { healthy?: HealthCheck }).healthy;
  if (!check) throw new Error("the server build does not export healthy");
  return check();
}

/**
 * Remix behind Express, as @remix-run/express does it, except that the body is the one the gate
 * read (within its limit) and the host is X-Forwarded-Host only behind a trusted proxy.
 */
/** The build's routes keeping the product's promises (app/services/route-promises.server.ts). */
function keepPromises(build: ServerBuild): ServerBuild {
  const keep = (build.entry.module as { keepPromises?: (b: ServerBuild) => ServerBuild })
    .keepPromises;
  if (!keep) throw new Error("the server build does not export keepPromises");
  return keep(build);
}

function remixHandler(
  getBuild: () => ServerBuild | Promise<ServerBuild>,
  mode: string,
): express.RequestHandler {
  // Remix derives its route table (flattened and ranked routes, the static handler) on every
  // request when given a function; one handler per build object derives it once per build, and
  // a rebuild in development (a new object) gets its own.
  const handlers = new WeakMap<ServerBuild, ReturnType<typeof createRequestHandler>>();
  const handle: ReturnType<typeof createRequestHandler> = async (request, context) => {
    const build = await getBuild();
    let handler = handlers.get(build);
    if (!handler) handlers.set(build, (handler = createRequestHandler(keepPromises(build), mode)));
    return handler(request, context);
  };
  return async (req, res, next) => {
    try {
      const href = requestUrl(req);
      const controller = new AbortController();
      res.on("close", () => !res.writableFinished && controller.abort());
      const headers = remixHeaders(req.headers);
      const init: RequestInit = { method: req.method, headers, signal: controller.signal };
      if (req.method !== "GET" && req.method !== "HEAD") {
        const body = gatedBody(res) ?? Buffer.alloc(0);
        headers.delete("transfer-encoding");
        headers.set("content-length", String(body.length));
        // An empty POST (a bare button) reads as an empty form, not as an unknown content type.
        if (!body.length && !headers.has("content-type"))
          headers.set("content-type", "application/x-www-form-urlencoded");
        init.body = body as Uint8Array<ArrayBuffer>; // read into plain ArrayBuffers by the gate
      }
      const serve = () =>
        handle(new Request(href, init), {
          cspNonce: crypto.randomBytes(16).toString("base64"),
          clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
        });
      const response = await (pageView(req)
        ? withUpstreamDeadline(getEnv().UPSTREAM_PAGE_BUDGET_MS, serve)
        : serve());
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * A page someone waits for: its upstream calls share one budget. Event streams live long and
 * downloads and exports may gather much on purpose; they keep the per-call limits only.
 */
function pageView(req: express.Request): boolean {
  if (req.method !== "GET") return false;
  if (req.path === "/api/live" || req.path === "/api/notifications-stream") return false;
  return !/\/(download|export)(\/|$)/.test(req.path);
}

/** The URL as the browser addressed it; a Host that is no host name is the client's mistake. */
function requestUrl(req: express.Request): string {
  try {
    return new URL(`${req.protocol}://${requestHost(req.headers) ?? "localhost"}${req.originalUrl}`)
      .href;
  } catch {
    throw Object.assign(new Error("The Host header is not a host name"), { status: 400 });
  }
}

function remixHeaders(raw: http.IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value) headers.set(name, value);
  }
  return headers;
}

/** Writes Remix's response; its headers replace the base ones (never a doubled COOP or nosniff). */
async function send(res: express.Response, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

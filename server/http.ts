import crypto from "node:crypto";
import type http from "node:http";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import { sameOriginRequest } from "../app/services/origin.server.js";
import { getEnv } from "../app/services/env.server.js";

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
      console.error("[http] map data failed:", error);
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" });
      res.end("Something went wrong");
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
  res.writeHead(reply.status, reply.headers);
  res.end(reply.body ?? undefined);
}

/**
 * The Express app in front of Remix: compression, static files with cache headers,
 * a per-request CSP nonce, and the cross-origin refusal for state-changing requests.
 */
export function createHttpApp(getBuild: () => ServerBuild | Promise<ServerBuild>, mode: string) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", getEnv().TRUST_PROXY ? 1 : false);
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

  app.use((req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
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

  app.all(
    "*",
    createRequestHandler({
      build: getBuild as () => Promise<ServerBuild>,
      mode,
      getLoadContext: (req) => ({
        cspNonce: crypto.randomBytes(16).toString("base64"),
        clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
      }),
    }),
  );
  return app;
}

import crypto from "node:crypto";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import { sameOriginRequest } from "../app/services/origin.server.js";

/**
 * The Express app in front of Remix: compression, static files with cache headers,
 * a per-request CSP nonce, and the cross-origin refusal for state-changing requests.
 */
export function createHttpApp(getBuild: () => ServerBuild | Promise<ServerBuild>, mode: string) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY === "1" ? 1 : false);
  // Server-sent events must reach the browser as they happen, never held in a gzip buffer.
  app.use(
    compression({
      filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").includes("text/event-stream") && compression.filter(req, res),
    }),
  );

  // Fingerprinted assets never change; everything else in public/ may.
  app.use("/build", express.static(path.resolve("public/build"), { immutable: true, maxAge: "1y" }));
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
    if (req.method !== "GET" && req.method !== "HEAD" && !sameOriginRequest(req.headers, req.protocol)) {
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

import type express from "express";
import { getEnv } from "../app/services/env.server.js";
import { sendPlainError } from "./http-errors.js";

/** Long-lived streams hold no CPU while open: they are capped per session and company instead. */
const STREAMS = new Set(["/api/live", "/api/notifications-stream"]);

export type ShedStats = {
  running: number;
  waiting: number;
  shed: number;
  /** How long a request may wait for a turn now (see queueLimitMs). */
  queueLimitMs: number;
};

/** Weight of the newest request in the service-time average. */
const ALPHA = 0.2;

/**
 * A request's whole stay should fit in HTTP_MAX_WAIT_MS: it may wait for a turn as long as that
 * leaves room for a recent request's service time, but at least half of it, so that one slow
 * download cannot make the queue refuse everything. Each sample counts at most HTTP_MAX_WAIT_MS.
 */
export function queueLimitMs(maxWaitMs: number, serviceMs: number): number {
  return Math.round(maxWaitMs - Math.min(serviceMs, maxWaitMs / 2));
}

/**
 * Load shedding in front of Remix: at most HTTP_MAX_CONCURRENT requests are served at once, up to
 * HTTP_MAX_QUEUE wait for a turn, and none waits so long that its turn would end after
 * HTTP_MAX_WAIT_MS (queueLimitMs: the wait plus a recent service time). Past that the answer
 * is 503 with Retry-After at once, so an overloaded process says so within a second instead of
 * queueing requests for tens of seconds (a proxy or the browser tries again; another replica may
 * have room). Static files and the map-data endpoint are served ahead of this gate.
 */
export function loadShedder(): express.RequestHandler & { stats: () => ShedStats } {
  let running = 0;
  let shed = 0;
  let serviceMs = 0;
  const waiting: Array<{ go: () => void; timer: NodeJS.Timeout }> = [];

  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.go();
    }
  };

  const refuse = (res: express.Response) => {
    shed++;
    const retry = String(Math.max(1, Math.ceil(getEnv().HTTP_MAX_WAIT_MS / 1000)));
    sendPlainError(res, 503, { "Retry-After": retry });
  };

  const handler: express.RequestHandler = (req, res, next) => {
    if (STREAMS.has(req.path)) return next();
    const { HTTP_MAX_CONCURRENT, HTTP_MAX_QUEUE, HTTP_MAX_WAIT_MS } = getEnv();
    const start = () => {
      running++;
      const began = performance.now();
      let done = false;
      const end = () => {
        if (done) return;
        done = true;
        const took = Math.min(performance.now() - began, HTTP_MAX_WAIT_MS);
        serviceMs = serviceMs === 0 ? took : serviceMs + ALPHA * (took - serviceMs);
        release();
      };
      res.once("finish", end);
      res.once("close", end);
      next();
    };
    if (running < HTTP_MAX_CONCURRENT) return start();
    if (waiting.length >= HTTP_MAX_QUEUE) return refuse(res);
    const entry = {
      go: start,
      timer: setTimeout(
        () => {
          const i = waiting.indexOf(entry);
          if (i >= 0) waiting.splice(i, 1);
          refuse(res);
        },
        queueLimitMs(HTTP_MAX_WAIT_MS, serviceMs),
      ),
    };
    waiting.push(entry);
    // A client that gives up while waiting leaves the queue.
    res.once("close", () => {
      const i = waiting.indexOf(entry);
      if (i < 0) return;
      waiting.splice(i, 1);
      clearTimeout(entry.timer);
    });
  };
  return Object.assign(handler, {
    stats: (): ShedStats => ({
      running,
      waiting: waiting.length,
      shed,
      queueLimitMs: queueLimitMs(getEnv().HTTP_MAX_WAIT_MS, serviceMs),
    }),
  });
}

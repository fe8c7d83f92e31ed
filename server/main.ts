import { ConfigError } from "../app/services/env.server.js";
import { logLine } from "../app/services/log.server.js";
import { boot } from "./boot.js";

/** `npm start`: one process serving Tracksmith on its embedded defaults; Ctrl-C stops it all. */
try {
  const running = await boot();
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logLine(`[shutdown] ${signal}: stopping`);
    await running.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
} catch (e) {
  // One plain line for a person at the terminal (the configuration may be what is wrong, so the
  // JSON logger, which reads LOG_LEVEL from it, is not used here).
  if (e instanceof ConfigError) console.error(`Tracksmith cannot start: ${e.message}`);
  else console.error(`Tracksmith cannot start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}

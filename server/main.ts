import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * `npm start` (tsx server/main.ts). The tsx command relays a signal to its child and kills that
 * child with SIGKILL when it does not confirm within 30 ms, which a busy server on a loaded
 * machine often does not: the server then never stopped its PostgreSQL nor said "stopped". So
 * this process only starts the server (serve.ts) in a node process of its own and passes signals
 * on; the server stops on whichever signal reaches it (Ctrl-C reaches the whole group), and by
 * itself when this process disappears (its IPC channel closes).
 */
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const serve = path.join(path.dirname(fileURLToPath(import.meta.url)), "serve.ts");

// tsx's loader by its own address, so the start does not depend on the working directory.
const server = spawn(process.execPath, ["--import", import.meta.resolve("tsx"), serve], {
  stdio: ["inherit", "inherit", "inherit", "ipc"],
});
for (const s of SIGNALS)
  process.on(s, () => {
    if (server.exitCode === null && server.signalCode === null) server.kill(s);
  });
server.on("exit", (code, signal) =>
  process.exit(code ?? 128 + (signal ? os.constants.signals[signal] : 1)),
);

import { appendFileSync } from "node:fs";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { embeddedPasswordFile } from "../../server/db/embedded-password";

/** The embedded database's generated password, kept in the app's data folder. */
function embeddedPassword(dataDir: string): string {
  const file = embeddedPasswordFile(path.join(dataDir, "postgres"));
  return fs.existsSync(file) ? encodeURIComponent(fs.readFileSync(file, "utf8").trim()) : "";
}

/** `pid` and every process under it (Linux /proc), e.g. tsx, the server and its PostgreSQL. */
export function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out = [pid];
  for (let i = 0; i < out.length; i++) out.push(...(parents.get(out[i]!) ?? []));
  return out;
}

/** Whether `pid` still runs (an exited process nobody has reaped yet counts as gone). */
export function processAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

export type AppProcess = {
  /** The process started (tsx); the server and its embedded PostgreSQL run under it. */
  pid: number;
  url: string;
  upstreamUrl: string;
  databaseUrl: string;
  /** What the server printed, its JSON log lines read as "[scope] msg". */
  output: () => string;
  /** What the server printed, as it printed it (JSON log lines whole, with their fields). */
  rawOutput: () => string;
  /** A graceful stop (SIGTERM, then SIGKILL of the group after 15 s); resolves on exit. */
  stop(): Promise<void>;
  /** SIGKILL (a crash: no shutdown code runs) or another signal to the whole process group. */
  kill(signal?: NodeJS.Signals): Promise<void>;
};

export type AppProcessOptions = {
  timeoutMs?: number;
  /**
   * Registers its kill, e.g. `afterAll`, for tests that start processes that may fail to start
   * (vitest is not imported here: the browser tests' global setup uses this file too).
   */
  cleanup?: (kill: () => Promise<void>) => void;
};

/** The server's JSON log lines as "[scope] msg" (what a person reads), other lines as they are. */
export function logText(output: string): string {
  return output
    .split("\n")
    .map((line) => {
      if (!line.startsWith("{")) return line;
      try {
        const entry = JSON.parse(line) as { scope?: string; msg?: string };
        return entry.msg === undefined ? line : `[${entry.scope ?? "server"}] ${entry.msg}`;
      } catch {
        return line;
      }
    })
    .join("\n");
}

/**
 * Runs the real server (`tsx server/main.ts`, the same as `npm start` after the build) on the
 * caller's environment and waits for its "listening" line. It runs in its own process group so
 * that a signal reaches tsx's node child too; several of them make a cluster on one PostgreSQL.
 */
export function startAppProcess(
  env: Record<string, string> = {},
  { timeoutMs = 90_000, cleanup }: AppProcessOptions = {},
): Promise<AppProcess> {
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["server/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  let stopping = false;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const kill = async (signal: NodeJS.Signals = "SIGKILL") => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    stopping = true;
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
    await exited;
  };
  // SIGTERM to tsx alone, as Ctrl-C in a terminal would: it passes it on to the server, which
  // stops its embedded PostgreSQL itself.
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    stopping = true;
    const force = setTimeout(() => void kill("SIGKILL"), 15_000);
    child.kill("SIGTERM");
    await exited;
    clearTimeout(force);
  };
  cleanup?.(() => kill("SIGKILL"));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`app did not start in time:\n${output}`)),
      timeoutMs,
    );
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      // APP_LOG_FILE: the whole log of the app, for a failure that only a long run shows.
      if (process.env.APP_LOG_FILE) appendFileSync(process.env.APP_LOG_FILE, chunk);
      const text = logText(output);
      const url = /\[http\] Tracksmith listening on (\S+)/.exec(text)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({
        pid: child.pid!,
        url,
        upstreamUrl: /\[upstream\] \S.*? (?:listening on|at) (\S+)/.exec(text)?.[1] ?? "",
        // The log masks the password; the embedded database's is kept in the data folder.
        databaseUrl: (
          /\[db\] embedded PostgreSQL listening on (\S+)/.exec(text)?.[1] ?? ""
        ).replace(
          ":***@",
          `:${embeddedPassword(env.DATA_DIR ?? process.env.DATA_DIR ?? ".data")}@`,
        ),
        output: () => logText(output),
        rawOutput: () => output,
        stop,
        kill,
      });
    });
    child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`app exited with ${code}:\n${output}`));
      // After a successful start nobody awaits that rejection: say why every later test cannot connect.
      if (!stopping)
        console.error(
          `[tests] the app exited during the run (code ${code}, signal ${signal}); its last output:\n${output.slice(-8000)}`,
        );
    });
  });
}

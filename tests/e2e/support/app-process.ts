import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { embeddedPasswordFile } from "../../../server/db/embedded-postgres";

/** The embedded database's generated password, kept in the app's data folder. */
function embeddedPassword(dataDir: string): string {
  const file = embeddedPasswordFile(path.join(dataDir, "postgres"));
  return fs.existsSync(file) ? encodeURIComponent(fs.readFileSync(file, "utf8").trim()) : "";
}

export type AppProcess = {
  url: string;
  upstreamUrl: string;
  databaseUrl: string;
  output: () => string;
  stop(): Promise<void>;
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
 * Runs the real server (`tsx server/main.ts`, the same as `npm start` after the build) in its own
 * data folder and waits for its "listening" lines.
 */
export function startAppProcess(
  env: Record<string, string> = {},
  timeoutMs = 90_000,
): Promise<AppProcess> {
  const tsx = path.resolve("node_modules/.bin/tsx");
  const child: ChildProcess = spawn(tsx, ["server/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let stopping = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`app did not start in time:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const text = logText(output);
      const url = text.match(/\[http\] Tracksmith listening on (\S+)/)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({
        url,
        upstreamUrl: text.match(/\[upstream\] \S.*? (?:listening on|at) (\S+)/)?.[1] ?? "",
        // The log masks the password; the embedded database's is kept in the data folder.
        databaseUrl: (
          text.match(/\[db\] embedded PostgreSQL listening on (\S+)/)?.[1] ?? ""
        ).replace(
          ":***@",
          `:${embeddedPassword(env.DATA_DIR ?? process.env.DATA_DIR ?? ".data")}@`,
        ),
        output: () => output,
        stop: () =>
          new Promise<void>((r) => {
            if (child.exitCode !== null) return r();
            stopping = true;
            child.once("exit", () => r());
            child.kill("SIGTERM");
            setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
          }),
      });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`app exited with ${code}:\n${output}`));
      // After a successful start nobody awaits that rejection: say why every later test cannot connect.
      if (!stopping)
        console.error(
          `[e2e] the app exited during the run (code ${code}, signal ${signal}); its last output:\n${output.slice(-8000)}`,
        );
    });
  });
}

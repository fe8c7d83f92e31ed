import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll } from "vitest";
import { logText } from "../e2e/support/app-process";

export type AppNode = {
  url: string;
  output: () => string;
  /** SIGKILL (a crash: no shutdown code runs) or SIGTERM (a graceful stop); resolves on exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
};

/**
 * One real server process (`tsx server/main.ts`, as `npm start` runs it after the build) on the
 * caller's database and upstream, in its own process group so a kill reaches tsx's node child too.
 * Several of them make a cluster on one PostgreSQL. Killed after the file.
 */
export function startAppNode(env: Record<string, string>, timeoutMs = 150_000): Promise<AppNode> {
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["server/main.ts"], {
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const kill = async (signal: NodeJS.Signals = "SIGKILL") => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
      await exited;
    }
  };
  afterAll(() => kill("SIGKILL"));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in time:\n${output}`)), timeoutMs);
    child.stdout!.on("data", (c: Buffer) => {
      output += c.toString();
      const url = /\[http\] Tracksmith listening on (\S+)/.exec(logText(output))?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ url, output: () => logText(output), kill });
    });
    child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`the app exited:\n${output}`));
    });
  });
}

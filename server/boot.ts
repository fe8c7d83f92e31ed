import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { broadcastDevReady } from "@remix-run/node";
import pg from "pg";
import { ConfigError, getEnv, resetEnvCache } from "../app/services/env.server.js";
import { disconnectPrisma, prisma } from "../app/services/db.server.js";
import { keptVapidKeys } from "../app/modules/notifications/vapid-keys.server.js";
import { migrateDatabase } from "./db/migrations.js";
import { logError, logLine, logWarn } from "../app/services/log.server.js";
import { setUpstreamStartLoss } from "../app/services/upstream/start-loss.server.js";
import { startEmbeddedPostgres } from "./db/embedded-postgres.js";
import { createHttpHandler } from "./http.js";
import { startWorker, type RegisterJobs } from "./jobs/worker.js";
import { startFailureText } from "./start-failure.js";

export type Running = {
  url: string;
  upstreamUrl: string;
  databaseUrl: string;
  stop(): Promise<void>;
};
type Log = (line: string) => void;

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, "//$1:***@");

async function checkDatabase(url: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (e) {
    throw new ConfigError(
      `DATABASE_URL ${redact(url)} cannot be reached: ${(e as Error).message || (e as { code?: string }).code}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function checkUpstream(url: string) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(5000) });
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    const reason = cause?.code ?? cause?.message ?? (e as Error).message;
    throw new ConfigError(`UPSTREAM_API_URL ${url} is unreachable (${reason})`);
  }
}

/**
 * A secret generated on first start and kept in the database. Several processes may start at once
 * on an empty database: each offers its own value (INSERT … ON CONFLICT DO NOTHING), then every one
 * reads back the row that won, so all of them use the same secret.
 */
async function keptSecret(name: string, make: () => string): Promise<string> {
  const found = await prisma.appSecret.findUnique({ where: { name } });
  if (found) return found.value;
  await prisma.appSecret.createMany({ data: [{ name, value: make() }], skipDuplicates: true });
  return (await prisma.appSecret.findUniqueOrThrow({ where: { name } })).value;
}

async function ensureSecrets() {
  if (!process.env.SESSION_SECRET)
    process.env.SESSION_SECRET = await keptSecret("session_secret", () =>
      crypto.randomBytes(32).toString("hex"),
    );
  // Development only (production requires it): a key kept beside the data it protects guards
  // nothing against a copy of the database, so set ENCRYPTION_KEY anywhere that matters.
  if (!process.env.ENCRYPTION_KEY)
    process.env.ENCRYPTION_KEY = await keptSecret("encryption_key", () =>
      crypto.randomBytes(32).toString("hex"),
    );
  resetEnvCache(); // the VAPID private key is sealed with ENCRYPTION_KEY
  if (!process.env.VAPID_PUBLIC_KEY || !process.env.VAPID_PRIVATE_KEY) {
    const keys = await keptVapidKeys(keptSecret);
    process.env.VAPID_PUBLIC_KEY = keys.publicKey;
    process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  }
  resetEnvCache();
}

async function loadBuild(): Promise<ServerBuild> {
  const file = path.resolve("build/index.js");
  if (!fs.existsSync(file))
    throw new ConfigError("No server build found at build/index.js: run `npm run build` first");
  return import(`${pathToFileURL(file).href}?t=${fs.statSync(file).mtimeMs}`);
}

/**
 * Boots everything in order: configuration, database (embedded when DATABASE_URL is unset),
 * migrations, upstream (built-in simulator when UPSTREAM_API_URL is unset), job worker, HTTP.
 */
export async function boot(log: Log = logLine): Promise<Running> {
  const env = getEnv();
  const stops: (() => Promise<unknown>)[] = [];
  // Once, whoever asks (a second signal, a failed start, the parent's exit): in reverse order of
  // start, so HTTP, the job worker and the simulator stop before PostgreSQL.
  let stopped: Promise<void> | undefined;
  const stopAll = () =>
    (stopped ??= (async () => {
      for (const stop of [...stops].reverse())
        await stop().catch((e) => log(`[shutdown] ${startFailureText(e)}`));
    })());
  try {
    let databaseUrl = env.DATABASE_URL;
    if (!databaseUrl) {
      const db = await startEmbeddedPostgres(path.join(env.DATA_DIR, "postgres"));
      stops.push(() => db.stop());
      databaseUrl = db.url;
      log(
        `[db] embedded PostgreSQL listening on ${redact(databaseUrl)} (data in ${path.join(env.DATA_DIR, "postgres")})`,
      );
    } else {
      await checkDatabase(databaseUrl);
      log(`[db] PostgreSQL at ${redact(databaseUrl)}`);
    }
    process.env.DATABASE_URL = databaseUrl;
    resetEnvCache();
    const applied = await migrateDatabase(databaseUrl);
    log(`[db] migrations ${applied.length ? `applied: ${applied.join(", ")}` : "up to date"}`);
    stops.push(() => disconnectPrisma());
    await ensureSecrets();

    let upstreamUrl = env.UPSTREAM_API_URL;
    if (!upstreamUrl) {
      // Loaded only when needed: a deployment with a real upstream never runs simulator code.
      const { startSimulator } = await import("./sim/index.js");
      // The simulator is the system of record of the demo: its writes are kept in $DATA_DIR/sim.
      // Records its journal lost are logged one by one, and admins are told how many (the shell).
      const sim = await startSimulator({
        port: 0,
        dataDir: env.DATA_DIR,
        log: (level, message, fields) =>
          level === "error"
            ? logError("sim", message, fields as Record<string, unknown>)
            : logWarn("sim", message, fields as Record<string, unknown>),
      });
      setUpstreamStartLoss({
        lost: sim.restored.lost,
        copy: sim.restored.damagedCopy && path.basename(sim.restored.damagedCopy),
      });
      stops.push(() => sim.close());
      upstreamUrl = sim.url;
      log(`[upstream] built-in simulator listening on ${upstreamUrl} (data in ${sim.dir})`);
    } else {
      await checkUpstream(upstreamUrl);
      log(`[upstream] GPS API at ${upstreamUrl}`);
    }
    process.env.UPSTREAM_API_URL = upstreamUrl;
    resetEnvCache();

    const dev = Boolean(getEnv().REMIX_DEV_ORIGIN);
    let build = await loadBuild();

    const registerJobs = (build.entry.module as { registerJobs?: RegisterJobs }).registerJobs;
    if (!registerJobs)
      throw new ConfigError(
        "The server build does not export registerJobs: run `npm run build` again",
      );
    const boss = await startWorker(databaseUrl, log, registerJobs);
    stops.push(async () => {
      const stopped = new Promise((r) => boss.once("stopped", r));
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
      await Promise.race([stopped, new Promise((r) => setTimeout(r, 6000))]);
    });
    if (dev) {
      // `remix dev` rewrites build/ on each change: reload it and tell the browser to refresh.
      const watcher = fs.watch(path.resolve("build"), { persistent: false }, async (_e, file) => {
        if (file !== "version.txt" && file !== "index.js") return;
        build = await loadBuild().catch(() => build);
        broadcastDevReady(build);
      });
      stops.push(async () => watcher.close());
    }
    const server = http.createServer(
      createHttpHandler(() => build, dev ? "development" : "production"),
    );
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject).listen(env.PORT, env.HOST, () => resolve());
    });
    stops.push(
      () => new Promise<void>((r) => (server.closeAllConnections?.(), server.close(() => r()))),
    );
    const port = (server.address() as { port: number }).port;
    const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`;
    log(`[http] Tracksmith listening on ${url}`);
    if (dev) broadcastDevReady(build);
    return { url, upstreamUrl, databaseUrl, stop: stopAll };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

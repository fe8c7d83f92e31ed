/** The journal survives a crash: torn last records are dropped alone, a killed simulator restarts. */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "./index";
import { Journal, journalLine, readJournal, type Entry } from "./journal";

const dirs: string[] = [];
const open: Simulator[] = [];
const children: ChildProcess[] = [];
function tempDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "sim-journal-"));
  dirs.push(d);
  return d;
}
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill();
  for (const s of open.splice(0)) await s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const entry = (n: number): Entry => ({
  n,
  t: 1_772_000_000_000 + n,
  m: "POST",
  p: "/user/changenickname",
  b: { imei: "354800100000002", nickname: `Name ${n} ✓` },
  u: 1001,
  j: "jti",
});

async function call(url: string, p: string, token?: string, body?: unknown) {
  const res = await fetch(url + p, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("reading a journal", () => {
  it("drops a last record torn at any byte, and only that record", () => {
    const file = path.join(tempDir(), "journal.ndjson");
    const whole = [1, 2, 3].map((n) => JSON.stringify(entry(n)) + "\n").join("");
    const keep = Buffer.byteLength(whole);
    const last = Buffer.from(JSON.stringify(entry(4)) + "\n");
    for (let cut = 1; cut < last.length; cut++) {
      fs.writeFileSync(file, Buffer.concat([Buffer.from(whole), last.subarray(0, cut)]));
      const read = readJournal(file);
      // A cut just before the newline leaves complete JSON without its end of line: still torn.
      expect(
        read.entries.map((e) => e.n),
        `cut at ${cut}`,
      ).toEqual([1, 2, 3]);
      expect(read).toMatchObject({ bytes: keep, dropped: 1 });
    }
    fs.writeFileSync(file, Buffer.concat([Buffer.from(whole), last]));
    expect(readJournal(file)).toMatchObject({ dropped: 0, bytes: keep + last.length });
  });

  it("loses a damaged record in the middle, not the records after it", () => {
    const file = path.join(tempDir(), "journal.ndjson");
    const lines = [1, 2, 3].map((n) => JSON.stringify(entry(n)));
    lines[1] = lines[1]!.slice(0, 20) + "\u0000garbage";
    fs.writeFileSync(file, lines.join("\n") + "\n");
    expect(readJournal(file).entries.map((e) => e.n)).toEqual([1, 3]);
  });

  it("reports every record it drops with its number and route; a flipped byte fails its checksum", () => {
    const file = path.join(tempDir(), "journal.ndjson");
    const lines = [1, 2, 3, 4].map((n) => journalLine(entry(n)));
    lines[0] = lines[0]!.replace("Name 1", "Name 9"); // still JSON, another nickname
    lines[1] = "not a record at all";
    lines[3] = lines[3]!.slice(0, 90); // torn
    fs.writeFileSync(file, `${lines[0]}\n${lines[1]}\n${lines[2]}\n${lines[3]}`);
    const read = readJournal(file);
    expect(read.entries.map((e) => e.n)).toEqual([3]);
    expect(read.entries[0]).not.toHaveProperty("c");
    expect(read.problems).toEqual([
      {
        line: 1,
        n: 1,
        route: "POST /user/changenickname",
        reason: expect.stringMatching(/checksum/),
      },
      { line: 2, n: null, route: null, reason: "not JSON" },
      { line: 4, n: 4, route: "POST /user/changenickname", reason: expect.stringMatching(/torn/) },
    ]);
    expect(read.dropped).toBe(3);
  });

  it("cuts a torn tail off before appending, so the next record is readable", () => {
    const file = path.join(tempDir(), "journal.ndjson");
    fs.writeFileSync(file, JSON.stringify(entry(1)) + "\n" + JSON.stringify(entry(2)).slice(0, 30));
    const read = readJournal(file);
    const j = new Journal(file, read.bytes, read.entries.length);
    j.append(entry(2));
    j.close();
    expect(readJournal(file)).toMatchObject({ dropped: 0 });
    expect(readJournal(file).entries.map((e) => e.n)).toEqual([1, 2]);
  });
});

describe("a simulator after a crash", () => {
  it("starts from a journal with a torn last record and keeps the writes before it", async () => {
    const dir = tempDir();
    let sim = await startSimulator({ port: 0, seed: 42, dataDir: dir });
    open.push(sim);
    const token = (
      await call(sim.url, "/auth/login", undefined, { username: "admin", password: "admin123" })
    ).body.token as string;
    for (const n of [1, 2, 3])
      await call(sim.url, "/user/changenickname", token, {
        imei: "354800100000002",
        nickname: `Name ${n}`,
      });
    await sim.close();
    open.pop();
    const file = path.join(dir, "sim", "journal.ndjson");
    fs.appendFileSync(file, JSON.stringify(entry(4)).slice(0, 41));
    sim = await startSimulator({ port: 0, seed: 42, dataDir: dir });
    open.push(sim);
    expect(sim.restored).toMatchObject({ replayed: 3, dropped: 1, refused: 0 });
    expect(sim.world.devicesByImei.get("354800100000002")!.nickname).toBe("Name 3");
    await call(sim.url, "/user/changenickname", token, {
      imei: "354800100000002",
      nickname: "Name 5",
    });
    await sim.close();
    open.pop();
    sim = await startSimulator({ port: 0, seed: 42, dataDir: dir });
    open.push(sim);
    expect(sim.restored).toMatchObject({ replayed: 4, dropped: 0 });
    expect(sim.world.devicesByImei.get("354800100000002")!.nickname).toBe("Name 5");
  });

  it("keeps every answered write when killed (SIGKILL) in the middle of writing, and restarts cleanly", async () => {
    const dir = tempDir();
    const cli = path.resolve(import.meta.dirname, "cli.ts");
    // node itself (not the tsx wrapper) so the signal reaches the simulator's own process.
    const child = spawn(
      process.execPath,
      ["--import", "tsx", cli, "--port", "0", "--data-dir", dir, "--seed", "42"],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    children.push(child);
    let stderr = "";
    child.stderr.on("data", (c) => (stderr += c));
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (c) => {
        out += c;
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once("exit", (code) => reject(new Error(`simulator exited ${code}: ${stderr}`)));
    });
    const exited = new Promise((r) => child.once("exit", r));
    const token = (
      await call(url, "/auth/login", undefined, { username: "admin", password: "admin123" })
    ).body.token as string;
    // Eight writers, each renaming its own device with a rising counter until the process dies.
    const imeis = Array.from({ length: 8 }, (_, i) => `3548001${String(i + 2).padStart(8, "0")}`);
    const answered = new Map<string, number>();
    let total = 0;
    let killed = false;
    const writer = async (imei: string) => {
      for (let i = 1; !killed; i++) {
        let r: Awaited<ReturnType<typeof call>>;
        try {
          r = await call(url, "/user/changenickname", token, { imei, nickname: `W ${i}` });
        } catch {
          return; // the connection died with the process
        }
        expect(r.status).toBe(200);
        answered.set(imei, i);
        if (++total === 120) {
          killed = true;
          child.kill("SIGKILL");
        }
      }
    };
    await Promise.all(imeis.map(writer));
    await exited;
    expect(child.signalCode).toBe("SIGKILL");

    const sim = await startSimulator({ port: 0, seed: 42, dataDir: dir });
    open.push(sim);
    expect(sim.restored.refused).toBe(0);
    expect(sim.restored.replayed).toBeGreaterThanOrEqual(120);
    for (const imei of imeis) {
      const kept = Number(sim.world.devicesByImei.get(imei)!.nickname.slice(2));
      // Answered means durable; a write in flight at the kill may or may not have been kept.
      expect(kept, imei).toBeGreaterThanOrEqual(answered.get(imei) ?? 0);
      expect(kept, imei).toBeLessThanOrEqual((answered.get(imei) ?? 0) + 1);
    }
    const r = await call(sim.url, "/user/changenickname", token, {
      imei: imeis[0],
      nickname: "After",
    });
    expect(r.status).toBe(200);
  });
});

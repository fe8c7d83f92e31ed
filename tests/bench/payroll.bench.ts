import { spawn } from "node:child_process";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { OVERTIME_PRESETS, type WorkEntry } from "../../app/modules/timesheets/overtime";
import { computePayroll, type PayrollPerson } from "../../app/modules/timesheets/payroll";
import { payrollXlsx } from "../../app/modules/timesheets/payroll-export.server";
import { holidayDays } from "../../app/modules/timesheets/holidays.server";
import { addDays, startOfDay } from "../../app/lib/zoned-days";

/**
 * Issue 20 performance (`npm run bench -- payroll`): payroll for 1,000 people and a month of
 * entries (about 22,000) with California's overtime rules and the state's holidays, computed and
 * exported to XLSX. Target: ≤ 3 s and ≤ 300 MB peak on this machine. Peak is the process's maximum
 * resident set (this bench alone in the process: run it with the filter).
 */
const PEOPLE = 1000;
const TZ = "America/Los_Angeles";

function month(): { people: PayrollPerson[]; entries: Map<number, WorkEntry[]> } {
  const people: PayrollPerson[] = [];
  const entries = new Map<number, WorkEntry[]>();
  // Each day's local midnight once (zoned-days builds a formatter per call: not what is measured).
  const midnights = Array.from({ length: 31 }, (_, d) => startOfDay(addDays("2026-03-01", d), TZ));
  let seed = 42;
  const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let id = 1; id <= PEOPLE; id++) {
    people.push({ id, name: `Person ${id}`, rate: (18 + (id % 40) * 0.65).toFixed(2) });
    const list: WorkEntry[] = [];
    for (let d = 0; d < 31; d++) {
      const day = addDays("2026-03-01", d);
      const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
      // Weekdays, and now and then a Saturday: about 22 shifts a person.
      if ((dow === 0 || dow === 6) && rand() > 0.05) continue;
      const start = midnights[d]! + (6 + Math.floor(rand() * 3)) * 3_600_000;
      const hours = 7 + rand() * 5;
      list.push({ start, end: start + hours * 3_600_000, breakMinutes: 30 });
    }
    entries.set(id, list);
  }
  return { people, entries };
}

/** The measured run, in a process of its own so its peak memory is its own. */
async function run() {
  const { people, entries } = month();
  const count = [...entries.values()].reduce((s, l) => s + l.length, 0);
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const holidays = holidayDays("US", "CA", "2026-03-01", "2026-03-31");
  const result = computePayroll({
    people,
    entries,
    rules: OVERTIME_PRESETS.california,
    timeZone: TZ,
    holidays,
  });
  const computed = performance.now();
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      done();
    },
  });
  const finished = new Promise((r) => sink.on("finish", r));
  await payrollXlsx(result.lines, sink, "Payroll March 2026");
  await finished;
  const done = performance.now();
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    `${people.length} people, ${count} entries, ${result.lines.length} payroll lines, total ${result.totalAmount}`,
  );
  console.log(
    `computed in ${(computed - started).toFixed(0)} ms; XLSX (${(bytes / 1024).toFixed(0)} kB) in ${(done - computed).toFixed(0)} ms; ` +
      `together ${((done - started) / 1000).toFixed(2)} s (target ≤ 3 s)`,
  );
  console.log(
    `peak resident memory of the process ${peakMb.toFixed(0)} MB (target ≤ 300 MB); ${(rssBefore / 1024 / 1024).toFixed(0)} MB resident once the modules were loaded, before the run`,
  );
}

function child(mode: "run" | "idle"): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...process.env, PAYROLL_BENCH: mode },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    p.stdout.on("data", (c: Buffer) => (out += c.toString()));
    p.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
  });
}

if (process.env.PAYROLL_BENCH === "run") await run();
else if (process.env.PAYROLL_BENCH === "idle")
  console.log(`${(process.resourceUsage().maxRSS / 1024).toFixed(0)}`);

export default async function bench() {
  // The same loader and modules without the run, side by side: what the run itself adds.
  const idle = Number((await child("idle")).trim());
  process.stdout.write(await child("run"));
  console.log(`the same process without the run peaks at ${idle} MB`);
}

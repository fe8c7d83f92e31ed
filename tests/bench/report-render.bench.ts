import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  findReport,
  tally,
  type ReportInput,
  type Row,
} from "../../app/modules/reports/catalogue/index";
import type { TripRecord } from "../../app/modules/trips/trip-record";
import { render, type ReportFormat } from "../../app/modules/reports/report-render.server";

/**
 * Issue 7: a monthly trip-summary report for 1,000 vehicles (about 100,000 trips) rendered to CSV
 * and PDF (and XLSX), each under 10 s with peak memory under 300 MB. The trips are made up in
 * memory as the cache would return them, a page at a time; rows stream into the renderer.
 */
const VEHICLES = 1000;
const TRIPS = 100_000;
const SUBURBS = [
  "Fortitude Valley",
  "Woolloongabba",
  "South Brisbane",
  "Chermside",
  "Indooroopilly",
  "Carindale",
  "Eagle Farm",
  "Sunnybank",
];

/** Trips in pages of 2,000, as the service reads them from the PostgreSQL cache. */
function* tripPages(): Generator<TripRecord[]> {
  const from = Date.parse("2026-02-28T14:00:00Z");
  let trips: TripRecord[] = [];
  for (let i = 0; i < TRIPS; i++) {
    if (trips.length === 2000) {
      yield trips;
      trips = [];
    }
    const v = i % VEHICLES;
    const start = from + Math.floor(i / VEHICLES) * 7 * 3_600_000 + (v % 60) * 60_000;
    const km = 3 + ((i * 7919) % 400) / 10;
    const s = Math.round((km / 45) * 3600);
    trips.push({
      id: `t${i}`,
      imei: `3548001${String(v).padStart(8, "0")}`,
      start: {
        time: new Date(start).toISOString(),
        lat: -27.4,
        lng: 153.0,
        address: `${(i % 200) + 1} Main Rd, ${SUBURBS[i % 8]}`,
        odometer: 10_000 + i,
      },
      end: {
        time: new Date(start + s * 1000).toISOString(),
        lat: -27.5,
        lng: 153.1,
        address: `${(i % 90) + 1} Station St, ${SUBURBS[(i + 3) % 8]}`,
        odometer: 10_000 + i + km,
      },
      distance_km: km,
      duration_s: s,
      max_speed: 60 + (i % 50),
      avg_speed: 45,
      driver: `Driver ${v % 300}`,
      purpose: i % 5 ? "business" : "private",
      description: "",
      manual: false,
    });
  }
  yield trips;
}

export default async function run() {
  const def = findReport("trip-summary")!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "report-bench-"));
  const input: ReportInput = {
    vehicles: Array.from({ length: VEHICLES }, (_, v) => ({
      imei: `3548001${String(v).padStart(8, "0")}`,
      nickname: `Truck ${v + 1}`,
      deviceTypeId: 1,
      groups: [],
      geofenceGps: null,
      geofenceMeters: null,
      speed: null,
      ignition: null,
      lastContactAt: null,
      temperature: null,
    })),
    trips: [],
    previousTrips: [],
    events: [],
    idles: [],
    from: Date.parse("2026-02-28T14:00:00Z"),
    to: Date.parse("2026-03-31T13:00:00Z"),
    timeZone: "Australia/Brisbane",
    now: Date.now(),
  };
  const failures: string[] = [];
  for (const format of ["csv", "pdf", "xlsx"] as ReportFormat[]) {
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const params = def.params.parse({});
    const totals = tally(def.columns);
    function* rows(): Generator<Row> {
      for (const page of tripPages())
        for (const row of def.build({ ...input, trips: page }, params)) {
          totals.add(row);
          yield row;
        }
    }
    const file = path.join(dir, `trips.${format}`);
    await render(
      format,
      {
        title: def.title,
        subtitle: "March 2026 (Australia/Brisbane)",
        columns: def.columns,
        rows: rows(),
        totals: totals.result,
        timeZone: input.timeZone,
      },
      fs.createWriteStream(file),
    );
    const ms = performance.now() - started;
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
    console.log(
      `${format.toUpperCase()}: ${totals.count} rows in ${(ms / 1000).toFixed(2)} s, file ${mb(fs.statSync(file).size)} MB, peak RSS ${mb(peak)} MB (process before: ${mb(base)} MB)`,
    );
    if (ms > 10_000 && format !== "xlsx")
      failures.push(`${format} took ${(ms / 1000).toFixed(1)} s (target < 10 s)`);
    if (peak > 300 * 1024 * 1024 && format !== "xlsx")
      failures.push(`${format} peak RSS ${mb(peak)} MB (target < 300 MB)`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  if (failures.length) {
    console.log(`FAILED: ${failures.join("; ")}`);
    process.exitCode = 1;
  } else
    console.log(
      "Targets met: CSV and PDF each under 10 s and under 300 MB peak RSS (XLSX is shown for information).",
    );
}

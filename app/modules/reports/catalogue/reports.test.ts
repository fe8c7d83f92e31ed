import { describe, expect, it } from "vitest";
import type { TripRecord } from "~/modules/trips";
import type { DriverReportData } from "~/modules/drivers";
import { DEFAULT_SCORE_SETTINGS } from "~/modules/drivers";
import {
  computeTotals,
  findReport,
  formatCell,
  headerLabel,
  idlePeriods,
  REPORTS,
  type ReportInput,
  type ReportVehicle,
} from "./index";

const vehicle = (
  imei: string,
  nickname: string,
  extra: Partial<ReportVehicle> = {},
): ReportVehicle => ({
  imei,
  nickname,
  deviceTypeId: 1,
  groups: [],
  geofenceGps: null,
  geofenceMeters: null,
  speed: null,
  ignition: null,
  lastContactAt: null,
  temperature: null,
  ...extra,
});
const at = (s: string) => new Date(Date.parse(s)).toISOString();
function trip(
  imei: string,
  start: string,
  end: string,
  km: number,
  max: number,
  extra: Partial<TripRecord> = {},
): TripRecord {
  return {
    id: `${imei}-${start}`,
    imei,
    start: { time: at(start), lat: -27.4, lng: 153.0, address: "Start St", odometer: 100 },
    end: { time: at(end), lat: -27.47, lng: 153.02, address: "End St", odometer: 100 + km },
    distance_km: km,
    duration_s: (Date.parse(end) - Date.parse(start)) / 1000,
    max_speed: max,
    avg_speed: 40,
    driver: "Alex",
    purpose: "business",
    description: "",
    manual: false,
    ...extra,
  };
}
const tz = "Australia/Brisbane";
const base = (over: Partial<ReportInput>): ReportInput => ({
  vehicles: [vehicle("A", "Alpha"), vehicle("B", "Bravo")],
  trips: [],
  previousTrips: [],
  events: [],
  idles: [],
  from: Date.parse("2026-03-01T14:00:00Z"),
  to: Date.parse("2026-03-03T14:00:00Z"),
  timeZone: tz,
  now: Date.parse("2026-03-05T00:00:00Z"),
  ...over,
});
const run = (kind: string, input: ReportInput, params: Record<string, unknown> = {}) => {
  const def = findReport(kind)!;
  const rows = def.build(input, def.params.parse(params));
  return { def, rows, totals: computeTotals(def.columns, rows) };
};

const trips = [
  trip("A", "2026-03-01T22:00:00Z", "2026-03-01T23:00:00Z", 40, 90),
  trip("A", "2026-03-02T02:00:00Z", "2026-03-02T02:30:00Z", 20, 112, {
    purpose: "private",
    driver: "Blake",
  }),
  trip("B", "2026-03-02T23:00:00Z", "2026-03-02T23:20:00Z", 10.5, 60),
];

describe("report definitions", () => {
  it("the catalogue has the ten reports, each with columns and a params schema that accepts defaults", () => {
    expect(REPORTS.map((r) => r.kind)).toEqual([
      "trip-summary",
      "distance-per-vehicle",
      "stops-idling",
      "geofence-visits",
      "speeding",
      "vehicles-in-use",
      "status-of-devices",
      "driver-safety",
      "temperature",
      "logbook",
    ]);
    for (const r of REPORTS) expect(r.params.safeParse({}).success).toBe(true);
  });

  it("trip summary: totals sum distance and duration, max of max speed", () => {
    const { rows, totals } = run("trip-summary", base({ trips }));
    expect(rows).toHaveLength(3);
    expect(totals.slice(6)).toEqual([70.5, 3600 + 1800 + 1200, 112, 40]);
  });

  it("distance per vehicle lists every vehicle, also without trips", () => {
    const { rows, totals } = run(
      "distance-per-vehicle",
      base({
        trips,
        vehicles: [vehicle("A", "Alpha"), vehicle("B", "Bravo"), vehicle("C", "Charlie")],
      }),
    );
    expect(rows.map((r) => [r[0], r[1], r[2]])).toEqual([
      ["Alpha", 2, 60],
      ["Bravo", 1, 10.5],
      ["Charlie", 0, 0],
    ]);
    expect(totals[1]).toBe(3);
    expect(totals[2]).toBe(70.5);
  });

  it("speeding keeps trips over the limit, and the limit is validated", () => {
    expect(
      run("speeding", base({ trips }), { speedLimit: "100" }).rows.map((r) => [r[0], r[5], r[6]]),
    ).toEqual([["Alpha", 112, 12]]);
    expect(run("speeding", base({ trips }), { speedLimit: "50" }).rows).toHaveLength(3);
    expect(findReport("speeding")!.params.safeParse({ speedLimit: "5" }).success).toBe(false);
  });

  it("vehicles in use: one row per local day of the period, with the fleet size", () => {
    const { rows, totals } = run("vehicles-in-use", base({ trips }));
    expect(rows.map((r) => [r[0], r[1], r[2], r[3]])).toEqual([
      ["2026-03-02", 1, 2, 50],
      ["2026-03-03", 1, 2, 50],
    ]);
    expect(totals[1]).toBe(1);
  });

  it("stops and idling: gaps between trips at least the minimum, plus idle periods", () => {
    const idles = idlePeriods(
      "A",
      [
        { time: at("2026-03-02T05:00:00Z"), speed: 0, ignition: true, lat: 1, lng: 2 },
        { time: at("2026-03-02T05:06:00Z"), speed: 0, ignition: true, lat: 1, lng: 2 },
        { time: at("2026-03-02T05:10:00Z"), speed: 30, ignition: true, lat: 1, lng: 2 },
        { time: at("2026-03-02T06:00:00Z"), speed: 0, ignition: true, lat: 1, lng: 2 },
      ],
      60,
    );
    expect(idles.map((i) => (i.to - i.from) / 60_000)).toEqual([10]);
    const { rows, totals } = run("stops-idling", base({ trips, idles }), { minStopMinutes: "5" });
    expect(rows.map((r) => [r[0], r[1], r[4]])).toEqual([
      ["Alpha", "Stop", 3 * 3600],
      ["Alpha", "Idle", 600],
    ]);
    expect(totals[4]).toBe(3 * 3600 + 600);
  });

  it("geofence visits: a trip ending inside the vehicle's circle is a visit until the next trip", () => {
    const vehicles = [
      vehicle("A", "Alpha", { geofenceGps: "-27.47,153.02", geofenceMeters: 200 }),
      vehicle("B", "Bravo"),
    ];
    const { rows, totals } = run("geofence-visits", base({ trips, vehicles }));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.slice(2, 5)).toEqual([
      Date.parse("2026-03-01T23:00:00Z"),
      Date.parse("2026-03-02T02:00:00Z"),
      3 * 3600,
    ]);
    // The last visit lasts until the end of the period (it is still there).
    expect(rows[1]![3]).toBeNull();
    expect(totals[4]).toBe(
      3 * 3600 + (Date.parse("2026-03-03T14:00:00Z") - Date.parse("2026-03-02T02:30:00Z")) / 1000,
    );
  });

  it("status of devices counts moving, idling, resting and offline", () => {
    const now = Date.parse("2026-03-05T00:00:00Z");
    const vehicles = [
      vehicle("A", "Alpha", { speed: 50, ignition: true, lastContactAt: now - 10_000 }),
      vehicle("B", "Bravo", { speed: 0, ignition: true, lastContactAt: now - 10_000 }),
      vehicle("C", "Charlie", { speed: 0, ignition: false, lastContactAt: now - 3_600_000 }),
      vehicle("D", "Delta", { speed: 0, ignition: false, lastContactAt: now - 30 * 3_600_000 }),
    ];
    const { rows, def, totals } = run("status-of-devices", base({ vehicles, now }));
    expect(rows.map((r) => r[2])).toEqual(["Moving", "Idling", "Resting", "Offline"]);
    expect(def.headline!(rows, totals, base({ vehicles })).map((h) => h.value)).toEqual([
      "1",
      "1",
      "1",
      "1",
    ]);
  });

  it("driver safety: per driver trips, distance, driving time, score and incidents by behaviour; dismissed ones do not count", () => {
    // The worked example: 500 km, 3 harsh brakings, 5 speeding events → 94.8, low risk.
    const t = (h: number) =>
      new Date(Date.parse("2026-03-02T00:00:00Z") + h * 3_600_000).toISOString();
    const session = (imei: string, driver: number | null, h: number, km: number) => ({
      imei,
      driver_id: driver,
      start: t(h),
      end: t(h + 1),
      distance_km: km,
    });
    let n = 0;
    const event = (imei: string, driver: number | null, h: number, behaviour: string) => ({
      id: `e${++n}`,
      imei,
      driver_id: driver,
      time: t(h),
      behaviour: behaviour as DriverReportData["events"][number]["behaviour"],
    });
    const drivers: DriverReportData = {
      names: { 1: "Zoe Ng", 2: "Adam Bell" },
      sessions: [
        session("A", 1, 1, 250),
        session("B", 1, 3, 250),
        session("A", 2, 5, 40),
        session("B", null, 7, 12),
        // The period before (2026-02-27 14:00 – 2026-03-01 14:00): Zoe clean over 200 km.
        session("A", 1, -30, 200),
      ],
      events: [
        ...[1, 1, 3].map((h) => event("A", 1, h, "harsh_braking")),
        ...[1, 3, 3, 3, 3].map((h) => event("B", 1, h, "speeding")),
        event("A", 1, 2, "phone_use"),
        event("A", 1, 2, "excessive_speeding"),
        event("A", 2, 5, "seatbelt"),
        event("B", null, 7, "harsh_cornering"),
      ],
      dismissed: [],
      settings: DEFAULT_SCORE_SETTINGS,
      settingsVersion: 3,
    };
    // One excessive speeding is dismissed: it counts nowhere.
    drivers.dismissed = [drivers.events.find((e) => e.behaviour === "excessive_speeding")!.id];
    const input = base({ drivers });
    const { rows, totals, def } = run("driver-safety", input);
    const col = (key: string) => def.columns.findIndex((c) => c.key === key);
    expect(rows.map((r) => r[0])).toEqual(["Adam Bell", "Zoe Ng", "Unidentified"]);
    const zoe = rows[1]!;
    expect([zoe[col("trips")], zoe[col("distance")], zoe[col("driving")]]).toEqual([2, 500, 7200]);
    expect([zoe[col("score")], zoe[col("band")], zoe[col("scorePrevious")]]).toEqual([
      94.8,
      "Low risk",
      100,
    ]);
    expect([
      zoe[col("incidents")],
      zoe[col("harsh_braking")],
      zoe[col("speeding")],
      zoe[col("phone_use")],
      zoe[col("excessive_speeding")],
    ]).toEqual([9, 3, 5, 1, 0]);
    // Adam drove 40 km, under the 100 km minimum: insufficient data, never 0 or 100.
    expect([rows[0]![col("score")], rows[0]![col("band")]]).toEqual([null, "Insufficient data"]);
    // Trips without a driver are listed, with no score.
    expect([rows[2]![col("trips")], rows[2]![col("score")], rows[2]![col("band")]]).toEqual([
      1,
      null,
      "",
    ]);
    expect([totals[col("trips")], totals[col("incidents")], totals[col("distance")]]).toEqual([
      4, 11, 552,
    ]);
    expect(def.headline!(rows, totals, input)).toEqual([
      { label: "Fleet score", value: "94.8 (previous 100)" },
      { label: "Incidents", value: "11 (previous 0)" },
      { label: "Scoring settings", value: "version 3" },
    ]);
    // Chosen vehicles only: vehicle B's sessions and events leave the rows and the headline.
    const onlyA = base({ drivers, vehicles: [vehicle("A", "Alpha")] });
    const a = run("driver-safety", onlyA, { imeis: ["A"] });
    expect(a.rows.map((r) => [r[0], r[col("trips")], r[col("incidents")]])).toEqual([
      ["Adam Bell", 1, 1],
      ["Zoe Ng", 1, 4],
    ]);
    expect(a.def.headline!(a.rows, a.totals, onlyA)[1]!.value).toBe("5 (previous 0)");
    // Only drivers managers may open it (besides the driver_safety feature).
    expect(def.permission).toBe("drivers_manage");
  });

  it("temperature: current readings and excursions of the company's devices only", () => {
    const vehicles = [
      vehicle("A", "Fridge 1", { temperature: 4.5, lastContactAt: 1 }),
      vehicle("B", "Bravo"),
    ];
    const events = [
      {
        id: "e1",
        kind: "temperature_out_of_range",
        imei: "A",
        time: 5,
        details: { temperature: 11, min: 2, max: 8 },
      },
      {
        id: "e2",
        kind: "temperature_out_of_range",
        imei: "Z",
        time: 6,
        details: { temperature: 30 },
      },
    ];
    const { rows, totals } = run("temperature", base({ vehicles, events }));
    expect(rows).toEqual([
      ["Fridge 1", 1, "Current", 4.5, ""],
      ["Fridge 1", 5, "Excursion", 11, "2.0 °C to 8.0 °C"],
    ]);
    expect(totals[3]).toBe(11);
    // Issue 35: an imperial reader reads the temperature, its header and the range in °F.
    const { def } = run("temperature", base({ vehicles, events }));
    const col = (key: string) => def.columns.find((c) => c.key === key)!;
    expect(headerLabel(col("temperature"), "imperial")).toBe("Temperature (°F)");
    expect(formatCell(col("temperature"), 11, "UTC", "imperial")).toBe("51.8");
    expect(formatCell(col("range"), rows[1]![4]!, "UTC", "imperial")).toBe("35.6 °F to 46.4 °F");
    expect(formatCell(col("range"), rows[1]![4]!, "UTC", "metric")).toBe("2.0 °C to 8.0 °C");
  });

  it("logbook: business versus total distance and SPEC §5 business percent in the headline", () => {
    const { rows, totals, def } = run("logbook", base({ trips }));
    expect(rows.map((r) => r[3])).toEqual(["Business", "Private", "Business"]);
    expect([totals[7], totals[8]]).toEqual([70.5, 50.5]);
    expect(def.headline!(rows, totals, base({ trips }))).toContainEqual({
      label: "Business percent",
      value: "71.6 %",
    });
  });
});

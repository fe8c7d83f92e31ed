/** Reports built from trips: trip summary, distance per vehicle, speeding, vehicles in use. */
import type { z } from "zod";
import type { TripRecord } from "~/modules/trips";
import { formatLocal, localDay } from "./format";
import {
  baseParams,
  round,
  speedParams,
  tripMs,
  type ReportDefinition,
  type ReportInput,
} from "./types";

export const nicknames = (input: ReportInput) =>
  new Map(input.vehicles.map((v) => [v.imei, v.nickname]));

/** Distance per local day (chart data of the trip reports). */
function kmPerDay(trips: readonly TripRecord[], input: ReportInput) {
  const out = new Map<string, number>();
  for (const t of trips) {
    const k = localDay(tripMs(t), input.timeZone);
    out.set(k, (out.get(k) ?? 0) + t.distance_km);
  }
  return [...out]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, km]) => ({ day, km: round(km, 1) }));
}

export const tripSummary: ReportDefinition = {
  kind: "trip-summary",
  perTrip: true,
  title: "Trip summary",
  description: "Every trip with its start, end, distance, duration and speeds.",
  area: "reports",
  needs: { trips: true },
  params: baseParams,
  ranged: true,
  columns: [
    { key: "vehicle", label: "Vehicle", type: "text", width: 90 },
    { key: "driver", label: "Driver", type: "text", width: 70 },
    { key: "start", label: "Start", type: "datetime", width: 70 },
    { key: "end", label: "End", type: "datetime", width: 70 },
    { key: "from", label: "From", type: "text", width: 120 },
    { key: "to", label: "To", type: "text", width: 120 },
    { key: "distance", label: "Distance", type: "km", total: "sum", width: 50 },
    { key: "duration", label: "Duration", type: "duration", total: "sum", width: 50 },
    { key: "maxSpeed", label: "Max speed", type: "kmh", total: "max", width: 45 },
    { key: "avgSpeed", label: "Avg speed", type: "kmh", total: "avg", width: 45 },
  ],
  build(input) {
    const names = nicknames(input);
    return input.trips.map((t) => [
      names.get(t.imei) ?? t.imei,
      t.driver ?? "",
      tripMs(t),
      Date.parse(t.end.time),
      t.start.address ?? "",
      t.end.address ?? "",
      round(t.distance_km, 2),
      t.duration_s,
      t.max_speed,
      t.avg_speed,
    ]);
  },
  chart: {
    type: "bar",
    title: "Distance per day",
    x: "day",
    series: [{ key: "km", label: "Distance", type: "km" }],
    data: (_rows, input) => kmPerDay(input.trips, input),
  },
  headline: (rows, totals) => [
    { label: "Trips", value: String(rows.length) },
    { label: "Distance", value: Number(totals[6] ?? 0), type: "km" },
    { label: "Driving time", value: `${Math.round(Number(totals[7] ?? 0) / 3600)} h` },
  ],
};

export const distancePerVehicle: ReportDefinition = {
  kind: "distance-per-vehicle",
  title: "Distance per vehicle",
  description: "Distance, trips and driving time of each vehicle over the period.",
  area: "reports",
  needs: { trips: true, tripDevicesOnly: true },
  params: baseParams,
  ranged: true,
  columns: [
    { key: "vehicle", label: "Vehicle", type: "text", width: 140 },
    { key: "trips", label: "Trips", type: "number", total: "sum", width: 60 },
    { key: "distance", label: "Distance", type: "km", total: "sum", width: 80 },
    { key: "driving", label: "Driving time", type: "duration", total: "sum", width: 80 },
    { key: "longest", label: "Longest trip", type: "km", total: "max", width: 80 },
    { key: "maxSpeed", label: "Max speed", type: "kmh", total: "max", width: 70 },
  ],
  build(input) {
    const acc = new Map<
      string,
      { trips: number; km: number; s: number; longest: number; max: number | null }
    >();
    for (const v of input.vehicles)
      acc.set(v.imei, { trips: 0, km: 0, s: 0, longest: 0, max: null });
    for (const t of input.trips) {
      const a = acc.get(t.imei);
      if (!a) continue;
      a.trips++;
      a.km += t.distance_km;
      a.s += t.duration_s;
      a.longest = Math.max(a.longest, t.distance_km);
      if (t.max_speed !== null) a.max = Math.max(a.max ?? 0, t.max_speed);
    }
    return input.vehicles.map((v) => {
      const a = acc.get(v.imei)!;
      return [v.nickname, a.trips, round(a.km, 2), a.s, round(a.longest, 2), a.max];
    });
  },
  chart: {
    type: "bar",
    title: "Distance per vehicle (top 30)",
    x: "vehicle",
    series: [{ key: "km", label: "Distance", type: "km" }],
    data: (rows) =>
      [...rows]
        .sort((a, b) => Number(b[2]) - Number(a[2]))
        .slice(0, 30)
        .map((r) => ({ vehicle: String(r[0]), km: Number(r[2]) })),
  },
  headline: (rows, totals) => [
    { label: "Vehicles", value: String(rows.length) },
    { label: "Distance", value: Number(totals[2] ?? 0), type: "km" },
    { label: "Trips", value: String(totals[1] ?? 0) },
  ],
};

export const speeding: ReportDefinition<z.infer<typeof speedParams>> = {
  kind: "speeding",
  perTrip: true,
  title: "Speeding",
  description: "Trips whose top speed went over the limit you set.",
  area: "reports",
  needs: { trips: true },
  params: speedParams,
  ranged: true,
  columns: [
    { key: "vehicle", label: "Vehicle", type: "text", width: 100 },
    { key: "driver", label: "Driver", type: "text", width: 80 },
    { key: "start", label: "Trip start", type: "datetime", width: 80 },
    { key: "from", label: "From", type: "text", width: 130 },
    { key: "to", label: "To", type: "text", width: 130 },
    { key: "maxSpeed", label: "Max speed", type: "kmh", total: "max", width: 55 },
    { key: "over", label: "Over the limit by", type: "kmh", total: "max", width: 60 },
    { key: "distance", label: "Distance", type: "km", total: "sum", width: 55 },
  ],
  build(input, params) {
    const names = nicknames(input);
    return input.trips
      .filter((t) => t.max_speed !== null && t.max_speed > params.speedLimit)
      .map((t) => [
        names.get(t.imei) ?? t.imei,
        t.driver ?? "",
        tripMs(t),
        t.start.address ?? "",
        t.end.address ?? "",
        t.max_speed,
        t.max_speed! - params.speedLimit,
        round(t.distance_km, 2),
      ]);
  },
  chart: {
    type: "bar",
    title: "Speeding trips per day",
    x: "day",
    series: [{ key: "trips", label: "Speeding trips" }],
    data: (rows, input) => {
      const out = new Map<string, number>();
      for (const r of rows)
        out.set(
          localDay(Number(r[2]), input.timeZone),
          (out.get(localDay(Number(r[2]), input.timeZone)) ?? 0) + 1,
        );
      return [...out]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([day, trips]) => ({ day, trips }));
    },
  },
  headline: (rows, totals) => [
    { label: "Speeding trips", value: String(rows.length) },
    totals[5] === null
      ? { label: "Highest speed", value: "–" }
      : { label: "Highest speed", value: Number(totals[5]), type: "kmh" },
  ],
};

export const vehiclesInUse: ReportDefinition = {
  kind: "vehicles-in-use",
  title: "Vehicles in use",
  description: "How many vehicles made at least one trip each day, against the fleet size.",
  area: "fleet",
  needs: { trips: true, tripDevicesOnly: true },
  params: baseParams,
  ranged: true,
  columns: [
    { key: "day", label: "Day", type: "text", width: 100 },
    { key: "inUse", label: "Vehicles in use", type: "number", total: "max", width: 100 },
    { key: "fleet", label: "Fleet size", type: "number", total: "max", width: 80 },
    { key: "percent", label: "In use", type: "percent", total: "avg", width: 80 },
    { key: "distance", label: "Distance", type: "km", total: "sum", width: 80 },
  ],
  build(input) {
    const days = new Map<string, { imeis: Set<string>; km: number }>();
    // Every day of the period appears, also days nobody drove.
    for (let t = input.from; t < input.to; t += 3_600_000) {
      const k = localDay(t, input.timeZone);
      if (!days.has(k)) days.set(k, { imeis: new Set(), km: 0 });
    }
    for (const t of input.trips) {
      const k = localDay(tripMs(t), input.timeZone);
      const d = days.get(k) ?? { imeis: new Set<string>(), km: 0 };
      d.imeis.add(t.imei);
      d.km += t.distance_km;
      days.set(k, d);
    }
    const fleet = input.vehicles.length;
    return [...days]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, d]) => [
        day,
        d.imeis.size,
        fleet,
        fleet ? round((d.imeis.size / fleet) * 100, 1) : 0,
        round(d.km, 2),
      ]);
  },
  chart: {
    type: "line",
    title: "Vehicles in use per day",
    x: "day",
    series: [{ key: "inUse", label: "Vehicles in use" }],
    data: (rows) => rows.map((r) => ({ day: String(r[0]), inUse: Number(r[1]) })),
  },
  headline: (_rows, totals) => [
    { label: "Most vehicles in use on a day", value: `${totals[1] ?? 0} of ${totals[2] ?? 0}` },
    { label: "Average use", value: `${Number(totals[3] ?? 0).toFixed(1)} %` },
  ],
};

export { formatLocal };

/** Stops and idling, status of devices, driver safety, temperature (cold chain) and the logbook. */
import { z } from "zod";
import { deviceStatus, STATUS_LABELS, STATUSES } from "~/modules/fleet";
import { businessPercent } from "~/modules/trips";
import { entryFromTrip, stopsBetween, type TripRecord } from "~/modules/trips";
import { localDay } from "./format";
import { nicknames } from "./trip-reports";
import {
  baseParams,
  DEFAULT_SPEED_LIMIT,
  round,
  speedParams,
  stopParams,
  tripMs,
  type Idle,
  type ReportDefinition,
  type Row,
} from "./types";

/** Idle periods (ignition on, speed 0) of one vehicle's track points, at least `minS` long. */
export function idlePeriods(
  imei: string,
  points: ReadonlyArray<{
    time: string;
    speed: number;
    ignition: boolean;
    lat: number;
    lng: number;
  }>,
  minS: number,
): Idle[] {
  const out: Idle[] = [];
  let start: (typeof points)[number] | null = null;
  let last: (typeof points)[number] | null = null;
  const close = () => {
    if (start && last && (Date.parse(last.time) - Date.parse(start.time)) / 1000 >= minS)
      out.push({
        imei,
        from: Date.parse(start.time),
        to: Date.parse(last.time),
        lat: start.lat,
        lng: start.lng,
      });
  };
  for (const p of points) {
    if (p.ignition && p.speed === 0) {
      start ??= p;
      last = p;
    } else {
      if (start) last = p;
      close();
      start = last = null;
    }
  }
  close();
  return out;
}

export const stopsAndIdling: ReportDefinition<z.infer<typeof stopParams>> = {
  kind: "stops-idling",
  title: "Stops and idling",
  description:
    "Where vehicles stopped between trips, and where they idled with the engine running.",
  area: "reports",
  needs: { trips: true, idling: true },
  params: stopParams,
  ranged: true,
  columns: [
    { key: "vehicle", label: "Vehicle", type: "text", width: 110 },
    { key: "kind", label: "Kind", type: "text", width: 50 },
    { key: "from", label: "From", type: "datetime", width: 90 },
    { key: "to", label: "To", type: "datetime", width: 90 },
    { key: "duration", label: "Duration", type: "duration", total: "sum", width: 70 },
    { key: "place", label: "Place", type: "text", width: 200 },
  ],
  build(input, params) {
    const names = nicknames(input);
    const minS = params.minStopMinutes * 60;
    const stops: Row[] = stopsBetween(input.trips)
      .filter((s) => s.duration_s >= minS)
      .map((s) => [
        names.get(s.imei) ?? s.imei,
        "Stop",
        Date.parse(s.from),
        Date.parse(s.to),
        s.duration_s,
        s.address ?? (s.lat !== null ? `${s.lat.toFixed(5)}, ${s.lng?.toFixed(5)}` : ""),
      ]);
    const idles: Row[] = input.idles
      .filter((i) => (i.to - i.from) / 1000 >= minS)
      .map((i) => [
        names.get(i.imei) ?? i.imei,
        "Idle",
        i.from,
        i.to,
        Math.round((i.to - i.from) / 1000),
        `${i.lat.toFixed(5)}, ${i.lng.toFixed(5)}`,
      ]);
    return [...stops, ...idles].sort((a, b) => Number(a[2]) - Number(b[2]));
  },
  chart: {
    type: "bar",
    title: "Stopped and idle hours per vehicle",
    x: "vehicle",
    series: [
      { key: "stop", label: "Stopped (h)" },
      { key: "idle", label: "Idling (h)" },
    ],
    data: (rows) => {
      const out = new Map<string, { stop: number; idle: number }>();
      for (const r of rows) {
        const a = out.get(String(r[0])) ?? { stop: 0, idle: 0 };
        if (r[1] === "Idle") a.idle += Number(r[4]) / 3600;
        else a.stop += Number(r[4]) / 3600;
        out.set(String(r[0]), a);
      }
      return [...out].map(([vehicle, a]) => ({
        vehicle,
        stop: round(a.stop, 1),
        idle: round(a.idle, 1),
      }));
    },
  },
  headline: (rows) => [
    { label: "Stops", value: String(rows.filter((r) => r[1] === "Stop").length) },
    {
      label: "Idle time",
      value: `${round(rows.filter((r) => r[1] === "Idle").reduce((s, r) => s + Number(r[4]), 0) / 3600, 1)} h`,
    },
  ],
};

export const statusOfDevices: ReportDefinition = {
  kind: "status-of-devices",
  title: "Status of devices",
  description:
    "Each device's status now: moving, idling, resting or offline, and when it last reported.",
  area: "fleet",
  needs: {},
  params: baseParams,
  ranged: false,
  columns: [
    { key: "vehicle", label: "Device", type: "text", width: 140 },
    { key: "imei", label: "IMEI", type: "text", width: 110 },
    { key: "status", label: "Status", type: "text", width: 70 },
    { key: "lastContact", label: "Last report", type: "datetime", width: 100 },
    { key: "silent", label: "Silent for", type: "duration", width: 80 },
    { key: "speed", label: "Speed", type: "kmh", total: "max", width: 60 },
  ],
  build(input) {
    return input.vehicles.map((v) => {
      const s = deviceStatus(
        { speed: v.speed, ignition: v.ignition, lastContactAt: v.lastContactAt },
        input.now,
      );
      return [
        v.nickname,
        v.imei,
        STATUS_LABELS[s.status],
        v.lastContactAt,
        s.silentMs === null ? null : Math.round(s.silentMs / 1000),
        v.speed,
      ];
    });
  },
  chart: {
    type: "bar",
    title: "Devices by status",
    x: "status",
    series: [{ key: "devices", label: "Devices" }],
    data: (rows) =>
      STATUSES.map((s) => ({
        status: STATUS_LABELS[s],
        devices: rows.filter((r) => r[2] === STATUS_LABELS[s]).length,
      })),
  },
  headline: (rows) =>
    STATUSES.map((s) => ({
      label: STATUS_LABELS[s],
      value: String(rows.filter((r) => r[2] === STATUS_LABELS[s]).length),
    })),
};

// ------------------------------------------------------------------ driver safety

/** A trip over the limit is an incident; the score loses 10 points per incident per 100 km. */
export function safetyScore(incidents: number, km: number): number {
  if (km <= 0) return incidents ? 0 : 100;
  return Math.max(0, Math.round(100 - (incidents / km) * 100 * 10));
}

export type DriverSafety = {
  fleetDriverScoreCurrent: number;
  fleetDriverScorePrevious: number;
  incidentsCurrent: number;
  incidentsPrevious: number;
};

const isIncident = (t: TripRecord, limit: number) => t.max_speed !== null && t.max_speed > limit;

/** SPEC §3 Driver safety: fleet score and incidents, this period against the one before. */
export function driverSafety(
  current: readonly TripRecord[],
  previous: readonly TripRecord[],
  limit: number,
): DriverSafety {
  const sum = (list: readonly TripRecord[]) => ({
    km: list.reduce((s, t) => s + t.distance_km, 0),
    n: list.filter((t) => isIncident(t, limit)).length,
  });
  const c = sum(current);
  const p = sum(previous);
  return {
    fleetDriverScoreCurrent: safetyScore(c.n, c.km),
    fleetDriverScorePrevious: safetyScore(p.n, p.km),
    incidentsCurrent: c.n,
    incidentsPrevious: p.n,
  };
}

/** The builder's params are not passed to headlines; the limit travels on the input. */
const limitOf = (input: { speedLimit?: number }) => input.speedLimit ?? DEFAULT_SPEED_LIMIT;

export const driverSafetyReport: ReportDefinition<z.infer<typeof speedParams>> = {
  kind: "driver-safety",
  title: "Driver safety",
  description:
    "Each driver's score and incidents (trips over the speed limit), this period against the previous one.",
  area: "safety",
  feature: "driver_safety",
  needs: { trips: true, previousTrips: true },
  params: speedParams,
  ranged: true,
  columns: [
    { key: "driver", label: "Driver", type: "text", width: 120 },
    { key: "trips", label: "Trips", type: "number", total: "sum", width: 50 },
    { key: "distance", label: "Distance", type: "km", total: "sum", width: 70 },
    { key: "incidents", label: "Incidents", type: "number", total: "sum", width: 60 },
    { key: "score", label: "Score", type: "number", width: 50 },
    {
      key: "incidentsPrevious",
      label: "Incidents (previous)",
      type: "number",
      total: "sum",
      width: 80,
    },
    { key: "scorePrevious", label: "Score (previous)", type: "number", width: 70 },
  ],
  build(input, params) {
    input.speedLimit = params.speedLimit;
    const acc = new Map<
      string,
      { trips: number; km: number; n: number; pkm: number; pn: number }
    >();
    const get = (d: string | null) => {
      const k = d || "Unassigned";
      let a = acc.get(k);
      if (!a) acc.set(k, (a = { trips: 0, km: 0, n: 0, pkm: 0, pn: 0 }));
      return a;
    };
    for (const t of input.trips) {
      const a = get(t.driver);
      a.trips++;
      a.km += t.distance_km;
      if (isIncident(t, params.speedLimit)) a.n++;
    }
    for (const t of input.previousTrips) {
      const a = get(t.driver);
      a.pkm += t.distance_km;
      if (isIncident(t, params.speedLimit)) a.pn++;
    }
    return [...acc]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([driver, a]) => [
        driver,
        a.trips,
        round(a.km, 2),
        a.n,
        safetyScore(a.n, a.km),
        a.pn,
        a.pkm || a.pn ? safetyScore(a.pn, a.pkm) : null,
      ]);
  },
  chart: {
    type: "bar",
    title: "Score per driver",
    x: "driver",
    series: [
      { key: "score", label: "Score" },
      { key: "previous", label: "Previous" },
    ],
    data: (rows) =>
      rows.map((r) => ({ driver: String(r[0]), score: Number(r[4]), previous: Number(r[6] ?? 0) })),
  },
  headline: (_rows, _totals, input) => {
    const s = driverSafety(input.trips, input.previousTrips, limitOf(input));
    return [
      {
        label: "Fleet score",
        value: `${s.fleetDriverScoreCurrent} (previous ${s.fleetDriverScorePrevious})`,
      },
      { label: "Incidents", value: `${s.incidentsCurrent} (previous ${s.incidentsPrevious})` },
    ];
  },
};

// ------------------------------------------------------------------ temperature

export const temperature: ReportDefinition = {
  kind: "temperature",
  title: "Temperature (cold chain)",
  description:
    "Temperature-reporting devices: the current reading and each excursion out of the allowed range (the upstream keeps 7 days of alerts).",
  area: "reports",
  feature: "cold_chain",
  needs: { events: ["temperature_out_of_range"] },
  params: baseParams,
  ranged: true,
  columns: [
    { key: "device", label: "Device", type: "text", width: 130 },
    { key: "at", label: "Time", type: "datetime", width: 100 },
    { key: "kind", label: "Reading", type: "text", width: 90 },
    { key: "temperature", label: "Temperature", type: "celsius", total: "max", width: 80 },
    { key: "range", label: "Allowed range", type: "text", width: 90 },
  ],
  build(input) {
    const names = nicknames(input);
    const rows: Row[] = [];
    for (const v of input.vehicles)
      if (v.temperature !== null)
        rows.push([v.nickname, v.lastContactAt, "Current", v.temperature, ""]);
    for (const e of input.events) {
      if (e.kind !== "temperature_out_of_range" || !names.has(e.imei)) continue;
      const d = e.details as { temperature?: number; min?: number; max?: number };
      rows.push([
        names.get(e.imei)!,
        e.time,
        "Excursion",
        typeof d.temperature === "number" ? d.temperature : null,
        d.min !== undefined ? `${d.min} to ${d.max} °C` : "",
      ]);
    }
    return rows;
  },
  chart: {
    type: "bar",
    title: "Excursions per device",
    x: "device",
    series: [{ key: "excursions", label: "Excursions" }],
    data: (rows) => {
      const out = new Map<string, number>();
      for (const r of rows)
        if (r[2] === "Excursion") out.set(String(r[0]), (out.get(String(r[0])) ?? 0) + 1);
      return [...out].map(([device, excursions]) => ({ device, excursions }));
    },
  },
  headline: (rows) => [
    { label: "Devices", value: String(rows.filter((r) => r[2] === "Current").length) },
    { label: "Excursions", value: String(rows.filter((r) => r[2] === "Excursion").length) },
  ],
};

// ------------------------------------------------------------------ logbook

export const logbookReport: ReportDefinition = {
  kind: "logbook",
  perTrip: true,
  title: "Logbook",
  description:
    "The logbook of business and private trips with odometer readings and business versus total distance.",
  area: "reports",
  feature: "logbook",
  needs: { trips: true, logbook: true },
  params: baseParams,
  ranged: true,
  columns: [
    { key: "vehicle", label: "Vehicle", type: "text", width: 90 },
    { key: "start", label: "Start", type: "datetime", width: 80 },
    { key: "stop", label: "Stop", type: "datetime", width: 80 },
    { key: "purpose", label: "Purpose", type: "text", width: 55 },
    { key: "description", label: "Description", type: "text", width: 120 },
    { key: "startOdo", label: "Start odometer", type: "km", total: "min", width: 65 },
    { key: "endOdo", label: "End odometer", type: "km", total: "max", width: 65 },
    { key: "distance", label: "Distance", type: "km", total: "sum", width: 55 },
    { key: "business", label: "Business", type: "km", total: "sum", width: 55 },
  ],
  build(input) {
    const names = nicknames(input);
    return input.trips.map((t) => {
      const e = entryFromTrip(t);
      return [
        names.get(e.imei) ?? e.imei,
        e.startMs,
        e.stopMs,
        e.purpose === "business" ? "Business" : "Private",
        e.description,
        e.startOdometer,
        e.endOdometer,
        round(e.km, 2),
        e.purpose === "business" ? round(e.km, 2) : 0,
      ];
    });
  },
  chart: {
    type: "bar",
    title: "Business and private distance per day",
    x: "day",
    series: [
      { key: "business", label: "Business (km)" },
      { key: "private", label: "Private (km)" },
    ],
    data: (rows, input) => {
      const out = new Map<string, { business: number; private: number }>();
      for (const r of rows) {
        const k = localDay(Number(r[1]), input.timeZone);
        const a = out.get(k) ?? { business: 0, private: 0 };
        if (r[3] === "Business") a.business += Number(r[7]);
        else a.private += Number(r[7]);
        out.set(k, a);
      }
      return [...out]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([day, a]) => ({ day, business: round(a.business, 1), private: round(a.private, 1) }));
    },
  },
  headline: (_rows, totals) => [
    { label: "Business distance", value: `${Number(totals[8] ?? 0).toFixed(1)} km` },
    { label: "Total distance", value: `${Number(totals[7] ?? 0).toFixed(1)} km` },
    {
      label: "Business percent",
      value: `${businessPercent(Number(totals[8] ?? 0), Number(totals[7] ?? 0)).toFixed(1)} %`,
    },
  ],
};

export { tripMs };

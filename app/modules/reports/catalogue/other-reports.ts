/** Stops and idling, status of devices and temperature (cold chain). */
import type { z } from "zod";
import { deviceStatus, STATUS_LABELS, STATUSES } from "~/modules/fleet";
import { stopsBetween } from "~/modules/trips";
import { formatCelsius } from "~/lib/units";
import { nicknames } from "./trip-reports";

/** A bound as canonical text ("8.0 °C"): the column shows it in the reader's unit. */
const celsiusText = (c: number | undefined) =>
  typeof c === "number" ? formatCelsius(c, "metric") : "?";
import {
  baseParams,
  round,
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
    { key: "range", label: "Allowed range", type: "celsius_text", width: 90 },
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
        d.min !== undefined ? `${celsiusText(d.min)} to ${celsiusText(d.max)}` : "",
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

export { tripMs };

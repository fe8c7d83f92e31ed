/** The geofence visits report: when each vehicle arrived at and left its own geofence. */
import type { TripRecord } from "~/modules/trips";
import { baseParams, tripMs, type ReportDefinition, type Row } from "./types";

/** Great-circle distance in metres. */
export function metresBetween(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): number {
  const r = 6_371_000;
  const dLat = ((b.lat - a.lat) * Math.PI) / 180;
  const dLng = ((b.lng - a.lng) * Math.PI) / 180;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos((a.lat * Math.PI) / 180) * Math.cos((b.lat * Math.PI) / 180) * Math.sin(dLng / 2) ** 2;
  return 2 * r * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function parseGps(gps: string | null): { lat: number; lng: number } | null {
  const m = gps?.split(",").map(Number);
  return m && m.length === 2 && m.every(Number.isFinite) ? { lat: m[0]!, lng: m[1]! } : null;
}

export const geofenceVisits: ReportDefinition = {
  kind: "geofence-visits",
  title: "Geofence visits",
  description:
    "Each time a vehicle stopped inside its geofence: when it arrived, when it left and how long it stayed.",
  area: "reports",
  needs: { trips: true },
  params: baseParams,
  ranged: true,
  columns: [
    { key: "vehicle", label: "Vehicle", type: "text", width: 110 },
    { key: "geofence", label: "Geofence", type: "text", width: 150 },
    { key: "arrived", label: "Arrived", type: "datetime", width: 90 },
    { key: "left", label: "Left", type: "datetime", width: 90 },
    { key: "duration", label: "Stayed", type: "duration", total: "sum", width: 70 },
    { key: "address", label: "Address", type: "text", width: 150 },
  ],
  build(input) {
    const byImei = new Map<string, TripRecord[]>();
    for (const t of input.trips) byImei.set(t.imei, [...(byImei.get(t.imei) ?? []), t]);
    const rows: Row[] = [];
    for (const v of input.vehicles) {
      const centre = parseGps(v.geofenceGps);
      if (!centre || !v.geofenceMeters) continue;
      const list = (byImei.get(v.imei) ?? []).sort((a, b) => tripMs(a) - tripMs(b));
      list.forEach((t, i) => {
        if (t.end.lat === null || t.end.lng === null) return;
        if (metresBetween(centre, { lat: t.end.lat, lng: t.end.lng }) > v.geofenceMeters!) return;
        const arrived = Date.parse(t.end.time);
        const next = list[i + 1];
        const left = next ? tripMs(next) : null;
        const until = left ?? Math.min(input.to, input.now);
        rows.push([
          v.nickname,
          `${centre.lat.toFixed(5)}, ${centre.lng.toFixed(5)} (${v.geofenceMeters} m)`,
          arrived,
          left,
          Math.max(0, Math.round((until - arrived) / 1000)),
          t.end.address ?? "",
        ]);
      });
    }
    return rows.sort((a, b) => Number(a[2]) - Number(b[2]));
  },
  chart: {
    type: "bar",
    title: "Visits per vehicle",
    x: "vehicle",
    series: [{ key: "visits", label: "Visits" }],
    data: (rows) => {
      const out = new Map<string, number>();
      for (const r of rows) out.set(String(r[0]), (out.get(String(r[0])) ?? 0) + 1);
      return [...out].map(([vehicle, visits]) => ({ vehicle, visits }));
    },
  },
  headline: (rows, totals) => [
    { label: "Visits", value: String(rows.length) },
    { label: "Time inside", value: `${Math.round(Number(totals[4] ?? 0) / 3600)} h` },
  ],
};

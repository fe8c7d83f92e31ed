/**
 * Trips as the app keeps them (the cache row's `data`), the stops between them and conversions
 * to and from logbook entries. Pure: shared by loaders, the exports and the replay.
 */
import type { LogEntry, Trip as UpstreamTrip } from "~/services/upstream/schemas";
import { type LogbookEntry, type Purpose } from "./logbook-summary";
import { fromLogEntry, purposeOf } from "./logbook-entries";

export type TripEnd = {
  time: string;
  lat: number | null;
  lng: number | null;
  address: string | null;
  odometer: number;
};

/**
 * One trip. Speeds are null when the trip came from the logbook call, which carries odometers
 * but no speeds; the trips screen refreshes such rows from the trips call.
 */
export type TripRecord = {
  id: string;
  imei: string;
  start: TripEnd;
  end: TripEnd;
  distance_km: number;
  duration_s: number;
  max_speed: number | null;
  avg_speed: number | null;
  driver: string | null;
  purpose: Purpose;
  description: string;
  manual: boolean;
};

export function fromUpstreamTrip(t: UpstreamTrip): TripRecord {
  return {
    id: t.id,
    imei: t.imei,
    start: { ...t.start },
    end: { ...t.end },
    distance_km: t.distance_km,
    duration_s: t.duration_s,
    max_speed: t.max_speed,
    avg_speed: t.avg_speed,
    driver: t.driver,
    purpose: t.purpose,
    description: t.description,
    manual: t.manual,
  };
}

/** A log entry as a trip record without speeds. */
export function tripFromLogEntry(entry: LogEntry): TripRecord {
  const [a, b, meta] = entry;
  const e = fromLogEntry(entry);
  return {
    id: e.id,
    imei: e.imei,
    start: {
      time: new Date(e.startMs).toISOString(),
      lat: a.lat ?? null,
      lng: a.lng ?? null,
      address: a.address ?? null,
      odometer: e.startOdometer,
    },
    end: {
      time: new Date(e.stopMs).toISOString(),
      lat: b.lat ?? null,
      lng: b.lng ?? null,
      address: b.address ?? null,
      odometer: e.endOdometer,
    },
    distance_km: e.km,
    duration_s: Math.max(0, Math.round((e.stopMs - e.startMs) / 1000)),
    max_speed: null,
    avg_speed: null,
    driver: e.driver,
    purpose: purposeOf(meta.purpose, meta.description),
    description: e.description,
    manual: (meta.id ?? "").startsWith("manual-"),
  };
}

export function entryFromTrip(t: TripRecord): LogbookEntry {
  const startMs = Date.parse(t.start.time);
  const stopMs = Date.parse(t.end.time);
  return {
    id: t.id,
    imei: t.imei,
    logstart: t.start.time,
    logstop: t.end.time,
    startMs,
    stopMs,
    startOdometer: t.start.odometer,
    endOdometer: t.end.odometer,
    km: Math.max(0, t.end.odometer - t.start.odometer),
    purpose: t.purpose,
    description: t.description,
    driver: t.driver,
    startAddress: t.start.address,
    endAddress: t.end.address,
  };
}

export type Stop = {
  imei: string;
  from: string;
  to: string;
  duration_s: number;
  address: string | null;
  lat: number | null;
  lng: number | null;
};

/** The stops between consecutive trips of each vehicle (sorted by start), with their durations. */
export function stopsBetween(trips: readonly TripRecord[]): Stop[] {
  const byImei = new Map<string, TripRecord[]>();
  for (const t of trips) byImei.set(t.imei, [...(byImei.get(t.imei) ?? []), t]);
  const stops: Stop[] = [];
  for (const list of byImei.values()) {
    const sorted = [...list].sort((x, y) => Date.parse(x.start.time) - Date.parse(y.start.time));
    for (let i = 1; i < sorted.length; i++) {
      const prev = sorted[i - 1]!;
      const next = sorted[i]!;
      const gap = (Date.parse(next.start.time) - Date.parse(prev.end.time)) / 1000;
      // Overlapping trips (a manual entry over a recorded one) leave no stop.
      if (gap <= 0) continue;
      stops.push({
        imei: prev.imei,
        from: prev.end.time,
        to: next.start.time,
        duration_s: Math.round(gap),
        address: prev.end.address,
        lat: prev.end.lat,
        lng: prev.end.lng,
      });
    }
  }
  return stops.sort((a, b) => Date.parse(a.from) - Date.parse(b.from));
}

export type TimelineItem = ({ kind: "trip" } & TripRecord) | ({ kind: "stop" } & Stop);

/** One vehicle's day as trips and the stops between them, in time order. */
export function timelineOf(trips: readonly TripRecord[]): TimelineItem[] {
  const items: TimelineItem[] = [
    ...trips.map((t) => ({ kind: "trip" as const, ...t })),
    ...stopsBetween(trips).map((s) => ({ kind: "stop" as const, ...s })),
  ];
  const at = (i: TimelineItem) => Date.parse(i.kind === "trip" ? i.start.time : i.from);
  return items.sort((a, b) => at(a) - at(b));
}

/**
 * The driver report (pure): per driver over a period, trips, distance, driving time, the safety
 * score with its band, and incidents by behaviour, from driver sessions and safety events. The
 * reports catalogue turns these rows into its CSV/XLSX/PDF and schedules.
 */
import { BEHAVIOURS, type Behaviour } from "./behaviours";
import {
  BAND_LABEL,
  fleetScore,
  scoreDrivers,
  type DriverScore,
  type ScoreSettings,
} from "./score";

export type ReportSession = {
  imei: string;
  start: string;
  end: string;
  distance_km: number;
  driver_id: number | null;
};
export type ReportSafetyEvent = {
  id: string;
  imei: string;
  time: string;
  behaviour: Behaviour;
  driver_id: number | null;
};

/** What the reports service fetches for the driver report (current and previous period). */
export type DriverReportData = {
  names: Record<number, string>;
  sessions: ReportSession[];
  events: ReportSafetyEvent[];
  /** Dismissed event ids: they count nowhere. */
  dismissed: string[];
  settings: ScoreSettings;
  settingsVersion: number;
};

export type DriverRow = {
  driver: string;
  trips: number;
  distanceKm: number;
  drivingS: number;
  score: number | null;
  band: string;
  incidents: number;
  byBehaviour: Record<Behaviour, number>;
};

const UNIDENTIFIED = "Unidentified";

const inRange = (t: string, from: number, to: number) => {
  const ms = Date.parse(t);
  return ms >= from && ms < to;
};

/**
 * Rows of [from, to) for the vehicles chosen (null = all), sorted by driver name; trips without a
 * driver come last as "Unidentified" (no score: nobody to score).
 */
export function driverReportRows(
  data: DriverReportData,
  from: number,
  to: number,
  imeis: ReadonlySet<string> | null,
): { rows: DriverRow[]; fleet: number | null; incidents: number } {
  const dismissed = new Set(data.dismissed);
  const onVehicle = (imei: string) => !imeis || imeis.has(imei);
  const sessions = data.sessions.filter((s) => onVehicle(s.imei) && inRange(s.start, from, to));
  const events = data.events.filter(
    (e) => onVehicle(e.imei) && inRange(e.time, from, to) && !dismissed.has(e.id),
  );
  const scores = scoreDrivers({ events, sessions }, data.settings);
  const acc = new Map<number | null, Omit<DriverRow, "driver" | "score" | "band">>();
  const of = (id: number | null) => {
    let a = acc.get(id);
    if (!a)
      acc.set(
        id,
        (a = {
          trips: 0,
          distanceKm: 0,
          drivingS: 0,
          incidents: 0,
          byBehaviour: Object.fromEntries(BEHAVIOURS.map((b) => [b, 0])) as Record<
            Behaviour,
            number
          >,
        }),
      );
    return a;
  };
  for (const s of sessions) {
    const a = of(s.driver_id);
    a.trips++;
    a.distanceKm += s.distance_km;
    a.drivingS += Math.max(0, (Date.parse(s.end) - Date.parse(s.start)) / 1000);
  }
  for (const e of events) {
    const a = of(e.driver_id);
    a.incidents++;
    a.byBehaviour[e.behaviour]++;
  }
  const name = (id: number | null) =>
    id === null ? UNIDENTIFIED : (data.names[id] ?? `Driver ${id}`);
  const rows = [...acc].map(([id, a]): DriverRow => {
    const s: DriverScore | undefined = id === null ? undefined : scores.get(id);
    const scored = s?.status === "scored" ? s : null;
    return {
      driver: name(id),
      ...a,
      score: scored ? scored.score : null,
      band: id === null ? "" : scored ? BAND_LABEL[scored.band] : "Insufficient data",
    };
  });
  rows.sort(
    (a, b) =>
      Number(a.driver === UNIDENTIFIED) - Number(b.driver === UNIDENTIFIED) ||
      a.driver.localeCompare(b.driver),
  );
  return { rows, fleet: fleetScore([...scores.values()]), incidents: events.length };
}

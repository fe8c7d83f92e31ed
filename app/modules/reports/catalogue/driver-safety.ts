/** SPEC §3 Driver safety: the score, the incidents, and the report. */
import type { z } from "zod";
import type { TripRecord } from "~/modules/trips";
import { DEFAULT_SPEED_LIMIT, round, speedParams, type ReportDefinition } from "./types";

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

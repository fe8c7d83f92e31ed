/**
 * SPEC §3 Driver safety as a report (issue 18): per driver, trips, distance, driving time, the
 * safety score of the drivers module (settings in force) and incidents by behaviour, from the
 * driver sessions and safety events of the tracking service; dismissed incidents do not count.
 */
import { BEHAVIOURS, BEHAVIOUR_LABEL, driverReportRows } from "~/modules/drivers";
import {
  baseParams,
  round,
  type BaseParams,
  type ReportDefinition,
  type ReportInput,
} from "./types";

/** The vehicles the params chose, or null for the whole fleet (also vehicles since removed). */
const chosen = (input: ReportInput, params: BaseParams) =>
  params.imeis.length || params.groups.length ? new Set(input.vehicles.map((v) => v.imei)) : null;

const previousRange = (input: ReportInput) => ({
  from: input.from - (input.to - input.from),
  to: input.from,
});

const oneDecimal = (n: number | null) => (n === null ? null : round(n, 1));

export const driverSafetyReport: ReportDefinition<BaseParams> = {
  kind: "driver-safety",
  title: "Driver safety",
  description:
    "Each driver's trips, distance, driving time, safety score and incidents by behaviour, with the score of the period before.",
  area: "safety",
  feature: "driver_safety",
  permission: "drivers_manage",
  needs: { drivers: true },
  params: baseParams,
  ranged: true,
  // Widths fit every header on an A4 landscape PDF page (7 pt Helvetica ≈ 3.5 pt a character).
  columns: [
    { key: "driver", label: "Driver", type: "text", width: 81 },
    { key: "trips", label: "Trips", type: "number", total: "sum", width: 26 },
    { key: "distance", label: "Distance", type: "km", total: "sum", width: 50 },
    { key: "driving", label: "Driving time", type: "duration", total: "sum", width: 46 },
    { key: "score", label: "Score", type: "number", width: 26 },
    { key: "band", label: "Risk", type: "text", width: 64 },
    { key: "scorePrevious", label: "Previous score", type: "number", width: 53 },
    { key: "incidents", label: "Incidents", type: "number", total: "sum", width: 36 },
    ...BEHAVIOURS.map((b) => ({
      key: b,
      label: BEHAVIOUR_LABEL[b],
      type: "number" as const,
      total: "sum" as const,
      width: Math.ceil(BEHAVIOUR_LABEL[b].length * 3.5 + 4),
    })),
  ],
  build(input, params) {
    const data = input.drivers;
    if (!data) return [];
    const imeis = chosen(input, params);
    input.chosenImeis = imeis ? [...imeis] : null;
    const cur = driverReportRows(data, input.from, input.to, imeis);
    const prevRange = previousRange(input);
    const prev = driverReportRows(data, prevRange.from, prevRange.to, imeis);
    const prevScore = new Map(prev.rows.map((r) => [r.driver, r.score]));
    return cur.rows.map((r) => [
      r.driver,
      r.trips,
      round(r.distanceKm, 2),
      Math.round(r.drivingS),
      oneDecimal(r.score),
      r.band,
      oneDecimal(prevScore.get(r.driver) ?? null),
      r.incidents,
      ...BEHAVIOURS.map((b) => r.byBehaviour[b]),
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
      rows
        .filter((r) => r[4] !== null)
        .map((r) => ({ driver: String(r[0]), score: Number(r[4]), previous: Number(r[6] ?? 0) })),
  },
  headline: (_rows, _totals, input) => {
    const data = input.drivers;
    if (!data) return [];
    // The headline sees no params: the vehicles the rows were built for travel on the input.
    const all = input.chosenImeis ? new Set(input.chosenImeis) : null;
    const cur = driverReportRows(data, input.from, input.to, all);
    const p = previousRange(input);
    const prev = driverReportRows(data, p.from, p.to, all);
    const fmt = (n: number | null) => (n === null ? "insufficient data" : String(round(n, 1)));
    return [
      { label: "Fleet score", value: `${fmt(cur.fleet)} (previous ${fmt(prev.fleet)})` },
      { label: "Incidents", value: `${cur.incidents} (previous ${prev.incidents})` },
      { label: "Scoring settings", value: `version ${data.settingsVersion}` },
    ];
  },
};

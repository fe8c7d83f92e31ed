/**
 * A hand-typed trip's odometer readings checked against the vehicle's own readings around that
 * time (issue 38): a start below the trip before, an end above the trip after, or a jump no
 * vehicle could drive in between is refused next to the field, before it reaches the logbook.
 */
import { formatOdometer, type Measurement } from "~/lib/units";
import { formatZoned } from "~/lib/zoned-time";
import { gapBetween, summarize, type LogbookEntry } from "./logbook-summary";

export type TypedReadings = {
  logstart: string;
  logstop: string;
  start_odometer?: number;
  end_odometer?: number;
};

export type OdometerFieldErrors = Partial<Record<"start_odometer" | "end_odometer", string>>;

export function odometerFitErrors(
  nearby: readonly LogbookEntry[],
  trip: TypedReadings,
  show: { measurement: Measurement; timeZone: string },
): OdometerFieldErrors {
  const { start_odometer: a, end_odometer: b } = trip;
  if (a === undefined || b === undefined) return {};
  // Compare with the readings that fit one another: an older bad trip must not block good ones.
  const leftOut = new Set(summarize(nearby).leftOut.map((t) => t.id));
  const fitting = nearby
    .filter((e) => !leftOut.has(e.id) && e.endOdometer >= e.startOdometer)
    .sort((x, y) => x.startMs - y.startMs);
  const startMs = Date.parse(trip.logstart);
  const stopMs = Date.parse(trip.logstop);
  const before = fitting.filter((e) => e.startMs < startMs).at(-1);
  const after = fitting.find((e) => e.startMs >= stopMs);
  const odo = (km: number) => formatOdometer(km, show.measurement, 1);
  const at = (ms: number) => formatZoned(ms, show.timeZone, "datetime");
  const errors: OdometerFieldErrors = {};
  if (before && gapBetween(before.endOdometer, before.stopMs, a, startMs) < 0)
    errors.start_odometer =
      a < before.endOdometer
        ? `The odometer already read ${odo(before.endOdometer)} at ${at(before.stopMs)}; the start reading cannot be lower.`
        : `The trip before ended at ${odo(before.endOdometer)} (${at(before.stopMs)}); the vehicle cannot have reached ${odo(a)} by the start of this trip.`;
  if (after && gapBetween(b, stopMs, after.startOdometer, after.startMs) < 0)
    errors.end_odometer =
      b > after.startOdometer
        ? `The odometer read ${odo(after.startOdometer)} at ${at(after.startMs)}, after this trip; the end reading cannot be higher.`
        : `The next trip starts at ${odo(after.startOdometer)} (${at(after.startMs)}); an end reading of ${odo(b)} is too far below it.`;
  return errors;
}

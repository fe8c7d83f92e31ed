/** The report catalogue: every report the app offers, by kind. */
import {
  distancePerVehicle,
  geofenceVisits,
  speeding,
  tripSummary,
  vehiclesInUse,
} from "./trip-reports";
import {
  driverSafetyReport,
  logbookReport,
  statusOfDevices,
  stopsAndIdling,
  temperature,
} from "./other-reports";
import type { BaseParams, ReportDefinition } from "./types";

export const REPORTS = [
  tripSummary,
  distancePerVehicle,
  stopsAndIdling,
  geofenceVisits,
  speeding,
  vehiclesInUse,
  statusOfDevices,
  driverSafetyReport,
  temperature,
  logbookReport,
] as unknown as ReportDefinition<BaseParams>[];

export function findReport(kind: string): ReportDefinition<BaseParams> | undefined {
  return REPORTS.find((r) => r.kind === kind);
}

export * from "./types";
export * from "./format";
export { driverSafety, safetyScore, idlePeriods, type DriverSafety } from "./other-reports";
export { parseRecipients, isEmail, MAX_RECIPIENTS } from "./recipients";

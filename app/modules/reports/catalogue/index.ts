/** The report catalogue: every report the app offers, by kind. */
import { distancePerVehicle, speeding, tripSummary, vehiclesInUse } from "./trip-reports";
import { geofenceVisits } from "./geofence-visits";
import { statusOfDevices, stopsAndIdling, temperature } from "./other-reports";
import { driverSafetyReport } from "./driver-safety";
import { logbookReport } from "./logbook-report";
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
export { idlePeriods } from "./other-reports";
export { driverSafety, safetyScore, type DriverSafety } from "./driver-safety";
export { parseRecipients, isEmail, MAX_RECIPIENTS } from "./recipients";

/** The report catalogue: every report the app offers, by kind. */
import { distancePerVehicle, speeding, tripSummary, vehiclesInUse } from "./trip-reports";
import { geofenceVisits } from "./geofence-visits";
import { statusOfDevices, stopsAndIdling, temperature } from "./other-reports";
import { driverSafetyReport } from "./driver-safety";
import { logbookReport } from "./logbook-report";
import { isAllowed } from "~/lib/access";
import type { SessionUser } from "~/lib/user";
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

/** Whether a user may open a report: its feature is not switched off and the user has its permission. */
export function reportAllowed(
  user: Pick<SessionUser, "permissions" | "features_enabled" | "tsadmin">,
  def: Pick<ReportDefinition<BaseParams>, "feature" | "permission">,
): boolean {
  return isAllowed(user, { feature: def.feature, permission: def.permission });
}

export function findReport(kind: string): ReportDefinition<BaseParams> | undefined {
  return REPORTS.find((r) => r.kind === kind);
}

export * from "./types";
export * from "./format";
export { idlePeriods } from "./other-reports";
export { parseRecipients, isEmail, MAX_RECIPIENTS } from "./recipients";

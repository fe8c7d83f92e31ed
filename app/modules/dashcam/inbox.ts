/**
 * The inbox's filters and footage windows as pure functions (shared by the server and tests):
 * filters come from the address, so every value is untrusted and an unknown one means "all".
 */
import { REVIEW_STATUSES, type ReviewStatus } from "~/modules/drivers";
import { DASHCAM_TYPES, SEVERITIES, type DashcamType, type Severity } from "./types";

export type InboxFilters = {
  type: DashcamType | null;
  vehicle: string | null;
  /** A driver id, or "none" for events nobody was identified for. */
  driver: string | null;
  severity: Severity | null;
  status: ReviewStatus | null;
};

const pick = <T extends string>(list: readonly T[], v: string | null): T | null =>
  list.find((x) => x === v) ?? null;

export function parseFilters(p: URLSearchParams): InboxFilters {
  const driver = p.get("driver");
  const vehicle = p.get("vehicle");
  return {
    type: pick(DASHCAM_TYPES, p.get("type")),
    vehicle: vehicle && /^\d{6,20}$/.test(vehicle) ? vehicle : null,
    driver: driver === "none" || (driver && /^\d{1,9}$/.test(driver)) ? driver : null,
    severity: pick(SEVERITIES, p.get("severity")),
    status: pick(REVIEW_STATUSES, p.get("status")),
  };
}

type Filterable = {
  id: string;
  type: DashcamType;
  imei: string;
  driver_id: number | null;
  severity: Severity;
};

/** The events that pass every filter; an event without a review needs review. */
export function filterEvents<E extends Filterable>(
  events: readonly E[],
  f: InboxFilters,
  statusOf: ReadonlyMap<string, ReviewStatus>,
): E[] {
  return events.filter(
    (e) =>
      (!f.type || e.type === f.type) &&
      (!f.vehicle || e.imei === f.vehicle) &&
      (!f.driver ||
        (f.driver === "none" ? e.driver_id === null : e.driver_id === Number(f.driver))) &&
      (!f.severity || e.severity === f.severity) &&
      (!f.status || (statusOf.get(e.id) ?? "needs_review") === f.status),
  );
}

const DAY = 86_400_000;
export const MAX_RANGE_DAYS = 92;

/**
 * Why a footage window cannot be asked for, or null: it must end in the past and start within
 * what the camera still holds (its retention). Times are epoch ms.
 */
export function windowProblem(
  w: { from: number; to: number },
  retentionDays: number,
  now: number,
): "future" | "retention" | null {
  if (w.to > now) return "future";
  if (w.from < now - retentionDays * DAY) return "retention";
  return null;
}

/**
 * The incident list of the driver safety page: the period's events, newest first, filtered by
 * behaviour, driver, vehicle, severity and review status; only the first rows travel ("show more"
 * asks for more) and only theirs are read with notes and history.
 */
import type { ModuleContext } from "~/services/guard.server";
import { BEHAVIOURS } from "./behaviours";
import { reviewsOf, type rangeData, type ReviewStatus } from "./data.server";
import { INCIDENT_ROWS, shownRows, slice } from "./safety-compute";
import { REVIEW_STATUSES } from "./schemas";

const STATUSES: readonly ReviewStatus[] = REVIEW_STATUSES;

export async function incidentList(
  ctx: ModuleContext,
  events: Awaited<ReturnType<typeof rangeData>>["events"],
  period: { from: number; to: number },
  p: URLSearchParams,
  names: Map<number, string>,
  vehicles: Map<string, string>,
  statusOf: Map<string, ReviewStatus>,
) {
  const behaviour = BEHAVIOURS.find((b) => b === p.get("behaviour")) ?? null;
  const status = STATUSES.find((s) => s === p.get("status")) ?? null;
  const severity = ["low", "medium", "high"].find((s) => s === p.get("severity")) ?? null;
  const driver = Number(p.get("idriver")) || null;
  const vehicle = p.get("vehicle") || null;
  const inPeriod = slice(events, (e) => e.time, period.from, period.to);
  // Filtered on the light statuses of every reviewed event; the full reviews (notes, history)
  // are read for the rows sent only.
  const rows = [];
  for (let i = inPeriod.length - 1; i >= 0; i--) {
    const e = inPeriod[i]!;
    if (
      (!behaviour || e.behaviour === behaviour) &&
      (!severity || e.severity === severity) &&
      (!driver || e.driver_id === driver) &&
      (!vehicle || e.imei === vehicle) &&
      (!status || (statusOf.get(e.id) ?? "needs_review") === status)
    )
      rows.push(e);
  }
  const shown = rows.slice(0, shownRows(p, "incidents", INCIDENT_ROWS));
  const reviews = await reviewsOf(
    ctx.companyId,
    shown.map((e) => e.id),
  );
  return {
    total: rows.length,
    rows: shown.map((e) => {
      const r = reviews.get(e.id);
      return {
        ...e,
        driverName: e.driver_id === null ? "Unidentified" : (names.get(e.driver_id) ?? "Unknown"),
        vehicle: vehicles.get(e.imei) ?? e.imei,
        status: r?.status ?? ("needs_review" as ReviewStatus),
        reason: r?.reason ?? null,
        note: r?.note ?? null,
        history: r?.history ?? [],
      };
    }),
    filters: { behaviour, status, severity, driver, vehicle },
  };
}

/** Whether an event meets an automation's conditions, and if not, why (for the run history). */
import type { Condition, DeviceEvent } from "./model";
import { inTimeWindow, localClock } from "./time-window";

export const fmt = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Null when every condition holds; else why the first one does not. */
export function conditionFailure(
  conditions: Condition[],
  e: DeviceEvent,
  timeZone: string,
): string | null {
  for (const c of conditions) {
    switch (c.kind) {
      case "time":
        if (!inTimeWindow(c, e.time, timeZone)) {
          const { minutes } = localClock(e.time, timeZone);
          return `Outside ${c.start}–${c.end} (it was ${fmt(minutes)} in ${timeZone})`;
        }
        break;
      case "vehicles": {
        if (!c.imeis.length && !c.groupIds.length && !c.tagIds.length) break;
        const hit =
          (e.imei != null && c.imeis.includes(e.imei)) ||
          (e.groupIds ?? []).some((g) => c.groupIds.includes(g)) ||
          (e.tagIds ?? []).some((g) => c.tagIds.includes(g));
        if (!hit) return "Not one of the chosen vehicles, groups or tags";
        break;
      }
      case "drivers":
        if (c.ids.length && (e.driverId == null || !c.ids.includes(e.driverId)))
          return "Not one of the chosen drivers";
        break;
      case "jobsites":
        if (c.ids.length && (e.jobsiteId == null || !c.ids.includes(e.jobsiteId)))
          return "Not at one of the chosen jobsites";
        break;
    }
  }
  return null;
}

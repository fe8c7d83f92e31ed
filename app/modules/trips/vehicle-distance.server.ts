/** Distance per vehicle per day, week or month (from the trip cache; keyed by the day each trip started in the company's time zone). */
import { kmByPeriod, type Period } from "./logbook-summary";
import { addDays, periodKey, startOfDay } from "~/lib/zoned-days";
import { dayRange, periodParam } from "./trip-query";
import { entryFromTrip } from "./trip-record";
import { getTrips, type Vehicle } from "./trips.server";
import { type Auth } from "~/services/company-context.server";
import { compareText } from "~/lib/text-order";

const DEFAULT_DAYS: Record<Period, number> = { day: 14, week: 84, month: 184 };
/** Beyond this many vehicles the page is a report (the reports area), not a screen. */
export const MAX_DISTANCE_VEHICLES = 100;

export type DistanceRow = {
  imei: string;
  nickname: string;
  total: number;
  byPeriod: Record<string, number>;
};
export type SortKey = "name" | "total";

export async function vehicleDistance(
  auth: Auth,
  vehicles: Vehicle[],
  timeZone: string,
  params: URLSearchParams,
) {
  const period = periodParam(params);
  const range = dayRange(params, timeZone, DEFAULT_DAYS[period], 400);
  const from = startOfDay(range.from, timeZone);
  const to = startOfDay(addDays(range.to, 1), timeZone);
  const shown = vehicles.slice(0, MAX_DISTANCE_VEHICLES);
  const { trips, stale } = await getTrips(
    auth,
    shown.map((v) => v.imei),
    from,
    to,
    "logbook",
  );
  const keys: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const k = periodKey(startOfDay(day, timeZone) + 3_600_000, period, timeZone);
    if (keys[keys.length - 1] !== k) keys.push(k);
  }
  const byImei = new Map<string, ReturnType<typeof entryFromTrip>[]>();
  for (const t of trips) {
    const list = byImei.get(t.imei) ?? [];
    list.push(entryFromTrip(t));
    byImei.set(t.imei, list);
  }
  let rows: DistanceRow[] = shown.map((v) => {
    const per = kmByPeriod(byImei.get(v.imei) ?? [], period, timeZone);
    const byPeriod = Object.fromEntries(keys.map((k) => [k, per.get(k) ?? 0]));
    return {
      imei: v.imei,
      nickname: v.nickname,
      total: Math.round(Object.values(byPeriod).reduce((s, x) => s + x, 0) * 1000) / 1000,
      byPeriod,
    };
  });
  const sort: SortKey = params.get("sort") === "name" ? "name" : "total";
  const dir =
    params.get("dir") === "asc"
      ? "asc"
      : params.get("dir") === "desc"
        ? "desc"
        : sort === "name"
          ? "asc"
          : "desc";
  rows = sortRows(rows, sort, dir);
  return { period, range, keys, rows, sort, dir, stale, truncated: vehicles.length > shown.length };
}

export function sortRows(rows: DistanceRow[], sort: SortKey, dir: "asc" | "desc"): DistanceRow[] {
  const sign = dir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) =>
    sort === "name"
      ? sign * compareText(a.nickname, b.nickname)
      : sign * (a.total - b.total) || compareText(a.nickname, b.nickname),
  );
}

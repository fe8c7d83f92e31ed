/** The device list's search, filters and grouping (pure: the server renders it, the browser repeats it live). */
import { byNickname, compareText } from "~/lib/text-order";
import { STATUSES, type DeviceStatus } from "./device-status";

export type Filterable = {
  imei: string;
  nickname: string;
  groupIds: number[];
  tagIds: number[];
  status?: DeviceStatus;
};
export type DeviceFilters = {
  q: string;
  group: number | null;
  tag: number | null;
  /** The status counts above the map are filters too. */
  status: DeviceStatus | null;
};

export const NO_FILTERS: DeviceFilters = { q: "", group: null, tag: null, status: null };

/** Whether any filter is set (the map then shows only the matching devices). */
export const isFiltered = (f: DeviceFilters) =>
  Boolean(f.q) || f.group !== null || f.tag !== null || f.status !== null;

export function parseFilters(params: URLSearchParams): DeviceFilters {
  const id = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    group: id(params.get("group")),
    tag: id(params.get("tag")),
    status: STATUSES.find((s) => s === params.get("status")) ?? null,
  };
}

/** The search box's rule, for every device list: the nickname (any case) or the IMEI contains it. */
export function matchesSearch(d: { nickname: string; imei: string }, q: string): boolean {
  const text = q.toLowerCase();
  return !text || d.nickname.toLowerCase().includes(text) || d.imei.includes(text);
}

export function filterDevices<T extends Filterable>(list: T[], f: DeviceFilters): T[] {
  if (!isFiltered(f)) return list;
  return list.filter(
    (d) =>
      matchesSearch(d, f.q) &&
      (f.group === null || d.groupIds.includes(f.group)) &&
      (f.tag === null || d.tagIds.includes(f.tag)) &&
      (f.status === null || d.status === f.status),
  );
}

/** The filters as a query string (links that work without JavaScript), "" when none is set. */
export function filtersQuery(f: DeviceFilters): string {
  const p = new URLSearchParams();
  if (f.q) p.set("q", f.q);
  if (f.group !== null) p.set("group", String(f.group));
  if (f.tag !== null) p.set("tag", String(f.tag));
  if (f.status !== null) p.set("status", f.status);
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** SPEC §3 order: nickname, case-insensitive. */
export function sortByNickname<T extends { nickname: string; imei: string }>(list: T[]): T[] {
  return [...list].sort(byNickname);
}

/**
 * groupView: one section per group (sorted by the group's nickname), a device in several groups
 * appears in each, and devices without a group come last under "No group".
 */
export function groupDevices<T extends Filterable>(
  list: T[],
  groups: [number, string][],
): { id: number | null; name: string; devices: T[] }[] {
  const sorted = [...groups].sort((a, b) => compareText(a[1], b[1]));
  const out = sorted
    .map(([id, name]) => ({
      id: id as number | null,
      name,
      devices: list.filter((d) => d.groupIds.includes(id)),
    }))
    .filter((s) => s.devices.length);
  const none = list.filter((d) => !d.groupIds.length);
  if (none.length) out.push({ id: null, name: "No group", devices: none });
  return out;
}

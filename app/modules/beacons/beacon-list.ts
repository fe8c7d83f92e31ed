/**
 * Pure beacon logic shared by the server and the browser: status from the last sighting, the
 * list's search and sort, and the limits of the settings form.
 */

import { compareId, compareTextNumeric } from "~/lib/text-order";

export const TX_POWERS = [-20, -16, -12, -8, -4, 0, 4] as const;
export const ADV_INTERVAL_MIN_MS = 100;
export const ADV_INTERVAL_MAX_MS = 10_000;
export const BEACON_NICKNAME_MAX = 64;
export const ASSET_NAME_MAX = 64;
/** At or below this battery percent a beacon is flagged for replacement. */
export const LOW_BATTERY = 20;

export type BeaconStatus = "active" | "away" | "lost" | "never";
export const BEACON_STATUSES: BeaconStatus[] = ["active", "away", "lost", "never"];
export const BEACON_STATUS_LABELS: Record<BeaconStatus, string> = {
  active: "Active",
  away: "Away",
  lost: "Lost",
  never: "Never seen",
};
export const BEACON_STATUS_COLOURS: Record<BeaconStatus, string> = {
  active: "green",
  away: "yellow",
  lost: "red",
  never: "gray",
};

/** Heard within the hour: active; within a day: away; longer: lost. */
export const ACTIVE_MS = 3_600_000;
export const LOST_MS = 24 * 3_600_000;

export function beaconStatus(lastSeenAt: string | null, now = Date.now()): BeaconStatus {
  if (!lastSeenAt) return "never";
  const age = now - Date.parse(lastSeenAt);
  return age <= ACTIVE_MS ? "active" : age <= LOST_MS ? "away" : "lost";
}

export type BeaconRow = {
  uuid: string;
  nickname: string;
  assetName: string | null;
  battery: number | null;
  lastSeenAt: string | null;
  lastGatewayName: string | null;
  status: BeaconStatus;
};

export const BEACON_SORTS = ["name", "battery", "lastSeen", "gateway", "status"] as const;
export type BeaconSort = (typeof BEACON_SORTS)[number];
export type SortDir = "asc" | "desc";

export function parseSort(
  sort: string | null,
  dir: string | null,
): { sort: BeaconSort; dir: SortDir } {
  return {
    sort: (BEACON_SORTS as readonly string[]).includes(sort ?? "") ? (sort as BeaconSort) : "name",
    dir: dir === "desc" ? "desc" : "asc",
  };
}

const byName = (a: BeaconRow, b: BeaconRow) =>
  compareTextNumeric(a.nickname, b.nickname) || compareId(a.uuid, b.uuid);

/** Unknown values (never seen, no battery reading) sort last in either direction; the name breaks ties. */
export function sortBeacons<T extends BeaconRow>(rows: T[], sort: BeaconSort, dir: SortDir): T[] {
  const sign = dir === "desc" ? -1 : 1;
  const key = (r: BeaconRow): string | number | null => {
    switch (sort) {
      case "battery":
        return r.battery;
      case "lastSeen":
        return r.lastSeenAt ? Date.parse(r.lastSeenAt) : null;
      case "gateway":
        return r.lastGatewayName?.toLowerCase() ?? null;
      case "status":
        return BEACON_STATUSES.indexOf(r.status);
      default:
        return null;
    }
  };
  return [...rows].sort((a, b) => {
    if (sort === "name") return sign * byName(a, b);
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) return ka === kb ? byName(a, b) : ka === null ? 1 : -1;
    const c =
      typeof ka === "number" && typeof kb === "number"
        ? ka - kb
        : String(ka).localeCompare(String(kb));
    return c ? sign * c : byName(a, b);
  });
}

/** Case-insensitive match on name, uuid, asset and the gateway that last heard it. */
export function filterBeacons<T extends BeaconRow>(rows: T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return rows;
  return rows.filter((r) =>
    [r.nickname, r.uuid, r.assetName ?? "", r.lastGatewayName ?? ""].some((v) =>
      v.toLowerCase().includes(q),
    ),
  );
}

/** Beacon uuids as the upstream issues them: 32 hex digits, dashed as a UUID. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export function normaliseUuid(raw: string): string | null {
  const u = raw.trim().toLowerCase();
  return UUID_PATTERN.test(u) ? u : null;
}

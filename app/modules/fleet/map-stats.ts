import { STATUSES, type DeviceStatus } from "./device-status";

/** SPEC §3 map stats: resting and moving counts (and the other statuses, for the breakdown). */
export type MapStats = Record<DeviceStatus, number> & { total: number; outdated: number };

export function emptyStats(): MapStats {
  return { total: 0, moving: 0, idling: 0, resting: 0, offline: 0, outdated: 0 };
}

export function mapStats(
  devices: Iterable<{ status: DeviceStatus; outdated?: boolean }>,
): MapStats {
  const s = emptyStats();
  for (const d of devices) {
    s.total++;
    s[d.status]++;
    if (d.outdated && d.status !== "offline") s.outdated++;
  }
  return s;
}

/** From status codes (the map's compact JSON), e.g. a cluster's breakdown. */
export function statsFromCodes(codes: Iterable<number>): MapStats {
  const s = emptyStats();
  for (const c of codes) {
    const status = STATUSES[c];
    if (!status) continue;
    s.total++;
    s[status]++;
  }
  return s;
}

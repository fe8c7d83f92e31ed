import { parseGeofenceGps, type DeviceView } from "./devices.server";
import { syncInfo } from "./devices-sync.server";
import { requireDevice } from "./devices-read.server";
import { companyGroupList, companyTagList } from "./devices-write.server";
import { type Auth } from "~/services/company-context.server";
import { logError } from "~/services/log.server";
import { tileConfig } from "~/services/map-tiles.server";
import { listShareLinks } from "./sharing.server";
import { SHARE_DURATIONS } from "~/services/share-links.server";
import { companyTimeZone } from "~/services/company-time-zone.server";

/** Tags/groups for the pickers; when the upstream is down the device's own ones still show. */
async function orFallback<T>(p: Promise<T>, fallback: T): Promise<T> {
  try {
    return await p;
  } catch (e) {
    logError("device-page", e);
    return fallback;
  }
}

export function manageView(d: DeviceView) {
  const c = parseGeofenceGps(d.geofenceGps);
  return {
    imei: d.imei,
    nickname: d.nickname,
    avatar: d.avatar,
    permdriver: d.permdriver,
    tags: d.tags,
    groups: d.groups,
    geofence: c && d.geofenceMeters ? { ...c, meters: d.geofenceMeters } : null,
    lat: d.lat,
    lng: d.lng,
  };
}

/** Everything the device page shows, for one of the company's devices (404 otherwise). */
export async function devicePageData(auth: Auth, imei: string) {
  const device = await requireDevice(auth, imei);
  const [companyTags, companyGroups, links, sync, timeZone] = await Promise.all([
    orFallback(companyTagList(auth), device.tags),
    orFallback(companyGroupList(auth), device.groups),
    listShareLinks(auth, imei),
    syncInfo(auth.companyId),
    companyTimeZone(auth),
  ]);
  return {
    device,
    manage: manageView(device),
    companyTags,
    companyGroups,
    links,
    sync,
    timeZone,
    tiles: tileConfig(),
    durations: SHARE_DURATIONS,
  };
}

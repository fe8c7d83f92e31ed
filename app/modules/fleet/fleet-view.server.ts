import { parseFilters, filterDevices } from "./device-filter";
import { mapStats } from "./map-stats";
import { type DeviceView } from "./devices.server";
import { listDevices } from "./devices-read.server";
import { type Auth } from "~/services/company-context.server";
import { tileConfig } from "~/services/map-tiles.server";
import { mapPayload } from "./map-data.server";
import type { DeviceDetails, FleetViewData } from "./fleet-view-data";
import { deviceDetails } from "./device-details.server";
import { settingsFromCookieHeader } from "~/lib/settings";
import { compareText } from "~/lib/text-order";

/**
 * Rows rendered on the server. The browser lists up to 200 once the live payload is there; on a
 * big fleet, rendering 200 rows on every page view was most of the page's cost (about 2.7 kB of
 * markup each).
 */
const LIST_LIMIT = 50;

const listItem = (d: DeviceView) => ({
  imei: d.imei,
  nickname: d.nickname,
  avatar: d.avatar,
  status: d.status,
  outdated: d.outdated,
  groupIds: d.groups.map((g) => g.id),
  tagIds: d.tags.map((t) => t.id),
  lat: d.lat,
  lng: d.lng,
});

/** The server-rendered part of a fleet map page (works without JavaScript): counts, filters, first devices. */
export async function fleetViewData(
  auth: Auth,
  request: Request,
  title: string,
): Promise<FleetViewData> {
  const url = new URL(request.url);
  const { devices, sync } = await listDevices(auth);
  const filters = parseFilters(url.searchParams);
  const items = devices.map(listItem);
  const matched = filterDevices(items, filters);
  // The first rows with their details, so the list reads fully without JavaScript too; addresses
  // not cached yet are asked for briefly (the browser fills in the rest).
  const first = matched.slice(0, LIST_LIMIT);
  const accurate = settingsFromCookieHeader(request.headers.get("cookie")).accurateAddress;
  const details = await deviceDetails(
    auth,
    first.map((d) => d.imei),
    accurate,
    { budgetMs: 400 },
  ).catch(() => ({}) as Record<string, DeviceDetails>);
  const groups = new Map<number, string>();
  const tags = new Map<number, [number, string, string | null]>();
  for (const d of devices) {
    for (const g of d.groups) groups.set(g.id, g.nickname);
    for (const t of d.tags) tags.set(t.id, [t.id, t.name, t.colour ?? null]);
  }
  const focus = url.searchParams.get("focus");
  // Only to let the page preload the static part: never wait long for a payload being built.
  const mapStaticV = await Promise.race([
    mapPayload(auth.companyId).then(
      (p) => p.staticPart.v,
      () => null,
    ),
    new Promise<null>((r) => setTimeout(() => r(null), 50).unref?.()),
  ]);
  return {
    title,
    now: Date.now(),
    stats: mapStats(devices),
    sync,
    list: first.map((d) => ({ ...d, details: details[d.imei] })),
    matched: matched.length,
    positioned: devices.filter((d) => d.lat !== null).length,
    groups: [...groups].sort((a, b) => compareText(a[1], b[1])),
    tags: [...tags.values()].sort((a, b) => compareText(a[1], b[1])),
    filters,
    focus: focus && devices.some((d) => d.imei === focus) ? focus : null,
    tiles: tileConfig(),
    mapStaticV,
  };
}

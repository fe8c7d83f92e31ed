import { parseFilters, filterDevices } from "./device-filter";
import { mapStats } from "./map-stats";
import { type DeviceView } from "./devices.server";
import { deriveDevices } from "./devices-read.server";
import { type Auth } from "~/services/company-context.server";
import { tileConfig } from "~/services/map-tiles.server";
import { mapPayload } from "./map-data.server";
import type { DeviceDetails, FleetViewData } from "./fleet-view-data";
import { deviceDetails, type CurrentDrivers } from "./device-details.server";
import { settingsFromCookieHeader } from "~/lib/settings";
import { compareText } from "~/lib/text-order";

/**
 * Rows rendered on the server. The browser lists up to 200 once the live payload is there; on a
 * big fleet, rendering 200 rows on every page view was most of the page's cost (about 2.7 kB of
 * markup each).
 */
const LIST_LIMIT = 50;
/** The server's clock for "last seen" texts, in steps: pages with the same data render the same. */
const NOW_STEP_MS = 10_000;

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

/** What every view of the fleet page shares until the devices change (deriveDevices). */
function fleetIndex(devices: readonly DeviceView[]) {
  const groups = new Map<number, string>();
  const tags = new Map<number, [number, string, string | null]>();
  let positioned = 0;
  for (const d of devices) {
    for (const g of d.groups) groups.set(g.id, g.nickname);
    for (const t of d.tags) tags.set(t.id, [t.id, t.name, t.colour ?? null]);
    if (d.lat !== null) positioned++;
  }
  return {
    items: devices.map(listItem),
    imeis: new Set(devices.map((d) => d.imei)),
    stats: mapStats(devices),
    positioned,
    groups: [...groups].sort((a, b) => compareText(a[1], b[1])),
    tags: [...tags.values()].sort((a, b) => compareText(a[1], b[1])),
  };
}

/** The server-rendered part of a fleet map page (works without JavaScript): counts, filters, first devices. */
export async function fleetViewData(
  auth: Auth,
  request: Request,
  title: string,
  currentDrivers: CurrentDrivers,
): Promise<FleetViewData> {
  const url = new URL(request.url);
  const { value: index, sync } = await deriveDevices(auth, fleetIndex);
  const filters = parseFilters(url.searchParams);
  const matched = filterDevices(index.items, filters);
  // The first rows with their details, so the list reads fully without JavaScript too; addresses
  // not cached yet are asked for briefly (the browser fills in the rest).
  const first = matched.slice(0, LIST_LIMIT);
  const accurate = settingsFromCookieHeader(request.headers.get("cookie")).accurateAddress;
  const details = await deviceDetails(
    auth,
    first.map((d) => d.imei),
    accurate,
    currentDrivers,
    { budgetMs: 400 },
  ).catch(() => ({}) as Record<string, DeviceDetails>);
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
    now: Math.floor(Date.now() / NOW_STEP_MS) * NOW_STEP_MS,
    stats: index.stats,
    sync,
    list: first.map((d) => ({ ...d, details: details[d.imei] })),
    matched: matched.length,
    positioned: index.positioned,
    groups: index.groups,
    tags: index.tags,
    filters,
    focus: focus && index.imeis.has(focus) ? focus : null,
    tiles: tileConfig(),
    mapStaticV,
  };
}

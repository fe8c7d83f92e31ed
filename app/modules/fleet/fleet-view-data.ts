/**
 * What a fleet map page's loader sends to the FleetView component. Kept out of components/ so the
 * server side (fleet-view.server.ts) does not import UI code for its types.
 */
import type { SyncInfo } from "~/lib/sync-info";
import type { Tiles } from "~/lib/map-tiles";
import type { DeviceFilters } from "./device-filter";
import type { DeviceStatus } from "./device-status";
import type { MapStats } from "./map-stats";

/** What a popup and a list row show beyond the map payload (device-details.server.ts). */
export type DeviceDetails = {
  /** km/h; null when unknown or offline (shown as "—", never "0 km/h"). */
  speed: number | null;
  ignition: boolean | null;
  driver: string | null;
  lastContactAt: string | null;
  /** Street or suburb text (the accurateAddress setting); null when none is known yet. */
  address: string | null;
};

/** One row of the device list beside the map. */
export type ListDevice = {
  imei: string;
  nickname: string;
  avatar: string | null;
  status: DeviceStatus;
  outdated: boolean;
  groupIds: number[];
  tagIds: number[];
  lat?: number | null;
  lng?: number | null;
  details?: DeviceDetails;
};

export type FleetViewData = {
  title: string;
  /** When the server rendered (ms), the clock of "3 min ago" until the browser's takes over. */
  now: number;
  stats: MapStats;
  sync: SyncInfo;
  list: ListDevice[];
  matched: number;
  positioned: number;
  groups: [number, string][];
  tags: [number, string, string | null][];
  filters: DeviceFilters;
  focus: string | null;
  tiles: Tiles;
  /** Version of the map's static part, so the page can preload it (null when not built yet). */
  mapStaticV?: string | null;
};

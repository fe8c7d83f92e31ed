import { getEnv } from "./env.server";

/**
 * Tile sources of the maps, configurable because a fleet may have its own tile server or licence:
 * MAP_TILES_NORMAL, MAP_TILES_SATELLITE, MAP_TILES_RAIL (Leaflet URL templates). The maps stay
 * usable without tiles (markers on a plain background), which is the case when the network is closed.
 */
export type TileConfig = { normal: string; satellite: string; rail: string; attribution: string };

export function tileConfig(): TileConfig {
  const env = getEnv();
  return {
    normal: env.MAP_TILES_NORMAL,
    satellite: env.MAP_TILES_SATELLITE,
    rail: env.MAP_TILES_RAIL,
    attribution: env.MAP_TILES_ATTRIBUTION,
  };
}

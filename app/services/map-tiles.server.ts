/**
 * Tile sources of the maps, configurable because a fleet may have its own tile server or licence:
 * MAP_TILES_NORMAL, MAP_TILES_SATELLITE, MAP_TILES_RAIL (Leaflet URL templates). The maps stay
 * usable without tiles (markers on a plain background), which is the case when the network is closed.
 */
export type TileConfig = { normal: string; satellite: string; rail: string; attribution: string };

export function tileConfig(): TileConfig {
  return {
    normal: process.env.MAP_TILES_NORMAL || "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
    satellite:
      process.env.MAP_TILES_SATELLITE ||
      "https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}",
    rail: process.env.MAP_TILES_RAIL || "https://tiles.openrailwaymap.org/standard/{z}/{x}/{y}.png",
    attribution: process.env.MAP_TILES_ATTRIBUTION || "© OpenStreetMap contributors",
  };
}

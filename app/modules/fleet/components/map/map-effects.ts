/** Parts of the fleet map that stand on their own: tiles, the focused popup, the searched place. */
import L from "leaflet";
import { useEffect, useRef, type MutableRefObject } from "react";
import { mapHtml, type MapHtml } from "~/lib/map-text";
import type { Tiles } from "~/lib/map-tiles";
import type { MapDevice } from "../../map-data-format";

/** A place the address search chose: the map centres on it (`at` makes the same place again a new choice). */
export type MapPlace = { label: string; lat: number; lng: number; at: number };

type MapRef = MutableRefObject<L.Map | null>;
type PopupRef = MutableRefObject<L.Popup | null>;

/**
 * The cluster index holds devices' own `index`; with a filter the list is a subset, so a position
 * in the list is not the index: look it up (a map built once per list).
 */
export function indexLookup() {
  let of: MapDevice[] | null = null;
  let byIndex = new Map<number, MapDevice>();
  return (all: MapDevice[], i: number): MapDevice | undefined => {
    const d = all[i];
    if (d && d.index === i) return d;
    if (of !== all) {
      of = all;
      byIndex = new Map(all.map((x) => [x.index, x]));
    }
    return byIndex.get(i);
  };
}

/** Tiles per overlay setting; failures are silent (the plain background stays). */
export function useTiles(map: MapRef, overlay: string, railmap: boolean, tiles: Tiles) {
  const layers = useRef<L.TileLayer[]>([]);
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    for (const t of layers.current) t.remove();
    const base = L.tileLayer(overlay === "satellite" ? tiles.satellite : tiles.normal, {
      attribution: tiles.attribution,
      maxZoom: 19,
    });
    layers.current = [base.addTo(m)];
    if (railmap)
      layers.current.push(L.tileLayer(tiles.rail, { maxZoom: 19, opacity: 0.8 }).addTo(m));
  }, [map, overlay, railmap, tiles]);
}

/** The open popup follows its device's details (they arrive after it opened, and change). */
export function usePopupFollow(
  map: MapRef,
  popup: PopupRef,
  latest: MutableRefObject<MapDevice[]>,
  focusImei: string | null,
  describe: (d: MapDevice) => MapHtml,
) {
  useEffect(() => {
    const p = popup.current;
    const m = map.current;
    if (!p || !m || !m.hasLayer(p) || !focusImei) return;
    const d = latest.current.find((x) => x.imei === focusImei);
    if (d) p.setContent(describe(d).safeHtml);
  }, [map, popup, latest, describe, focusImei]);
}

/** The address search chose a place: centre on it and name it. */
export function usePlace(map: MapRef, popup: PopupRef, centre: MapPlace | null) {
  useEffect(() => {
    const m = map.current;
    if (!m || !centre) return;
    m.setView([centre.lat, centre.lng], Math.max(m.getZoom(), 16), { animate: false });
    popup.current = L.popup({ offset: [0, -4] })
      .setLatLng([centre.lat, centre.lng])
      .setContent(mapHtml`<div data-testid="place-popup">${centre.label}</div>`.safeHtml)
      .openOn(m);
  }, [map, popup, centre]);
}

/** Fits the map to the devices with a position; false when none has one. */
export function fitDevices(m: L.Map, devices: MapDevice[], maxZoom?: number): boolean {
  let s = 90,
    w = 180,
    n = -90,
    e = -180;
  for (const d of devices) {
    if (d.lat === null || d.lng === null) continue;
    if (d.lat < s) s = d.lat;
    if (d.lat > n) n = d.lat;
    if (d.lng < w) w = d.lng;
    if (d.lng > e) e = d.lng;
  }
  if (s > n) return false;
  m.fitBounds(L.latLngBounds([s, w], [n, e]).pad(0.05), { animate: false, maxZoom });
  return true;
}

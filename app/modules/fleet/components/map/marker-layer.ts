/**
 * Keeping thousands of markers in step with the data without long frames: what should be shown is
 * a map of wants; applyMarkers adds, updates and removes in short slices per animation frame.
 */
import L from "leaflet";
import { STATUS_COLOURS, STATUS_LABELS } from "../../device-status";
import type { MapDevice } from "../../map-data-format";
import type { MapHtml } from "~/lib/map-text";
import { deviceIcon, OPS_PER_FRAME, SLICE_MS, type Kept } from "./map-layers";

/** What should be on the map at one key: position, a signature of its look, and how to build it. */
export type Want = {
  lat: number;
  lng: number;
  sig: string;
  make: () => L.Marker;
  icon: () => L.DivIcon;
};

/** A device's marker as wanted: its title names it and its status for screen readers and tooltips. */
export function deviceWant(
  d: MapDevice,
  label: boolean,
  focused: boolean,
  onSelect: (imei: string) => void,
): Want {
  return {
    lat: d.lat!,
    lng: d.lng!,
    sig: `${d.status}|${d.outdated}|${focused}|${label}|${d.avatar}|${d.nickname}`,
    make: () => {
      const m = L.marker([d.lat!, d.lng!], {
        icon: deviceIcon(d, label, focused),
        title: `${d.nickname} (${STATUS_LABELS[d.status]}${d.outdated ? ", outdated" : ""})`,
        keyboard: true,
      });
      m.on("click", () => onSelect(d.imei));
      return m;
    },
    icon: () => deviceIcon(d, label, focused),
  };
}

/**
 * Brings the markers to `want`: new ones first, then updates, then removals, in slices of
 * SLICE_MS per frame so no frame holds more than a few milliseconds of our work. `kept` is
 * updated op by op, so a newer draw (which makes `current()` false) starts from what is shown.
 */
export function applyMarkers(
  g: L.LayerGroup,
  kept: Map<string, Kept>,
  want: Map<string, Want>,
  current: () => boolean,
) {
  const adds: (() => void)[] = [];
  const updates: (() => void)[] = [];
  const removals: (() => void)[] = [];
  for (const [key, k] of kept) {
    if (!want.has(key))
      removals.push(() => {
        g.removeLayer(k.marker);
        kept.delete(key);
      });
  }
  for (const [key, w] of want) {
    const k = kept.get(key);
    if (!k) {
      adds.push(() => {
        const m = w.make();
        g.addLayer(m);
        kept.set(key, { marker: m, sig: w.sig, lat: w.lat, lng: w.lng });
      });
    } else if (k.sig !== w.sig || k.lat !== w.lat || k.lng !== w.lng) {
      updates.push(() => {
        if (k.sig !== w.sig) k.marker.setIcon(w.icon());
        if (k.lat !== w.lat || k.lng !== w.lng) k.marker.setLatLng([w.lat, w.lng]);
        kept.set(key, { marker: k.marker, sig: w.sig, lat: w.lat, lng: w.lng });
      });
    }
  }
  const ops = [...adds, ...updates, ...removals];
  let i = 0;
  const step = () => {
    if (!current()) return; // the next draw takes over
    const end = performance.now() + SLICE_MS;
    const last = Math.min(ops.length, i + OPS_PER_FRAME);
    do ops[i++]!();
    while (i < last && performance.now() < end);
    if (i < ops.length) requestAnimationFrame(step);
  };
  if (!ops.length) return;
  // An empty map (the first draw) starts at once. Otherwise from the next frame on: the task that
  // delivered the clusters already shares this frame with Leaflet's own zoom-end work.
  if (kept.size === 0) step();
  else requestAnimationFrame(step);
}

/** Thousands of DOM markers would stall the page: canvas dots instead (redrawn each time). */
export function drawDots(g: L.LayerGroup, devices: MapDevice[], onSelect: (imei: string) => void) {
  g.clearLayers();
  for (const d of devices) {
    const dot = L.circleMarker([d.lat!, d.lng!], {
      radius: 4,
      color: STATUS_COLOURS[d.status],
      weight: 1,
      fillOpacity: 0.8,
    });
    dot.on("click", () => onSelect(d.imei));
    g.addLayer(dot);
  }
}

/**
 * Centres a device close up and opens its popup. The content is a MapHtml (device-text.ts builds
 * it with every value escaped: the name is the company's own text).
 */
export function focusDevice(m: L.Map, d: MapDevice, content: MapHtml): L.Popup | null {
  if (d.lat === null || d.lng === null) return null;
  m.setView([d.lat, d.lng], Math.max(m.getZoom(), 17), { animate: false });
  return L.popup({ offset: [0, -10], minWidth: 220 })
    .setLatLng([d.lat, d.lng])
    .setContent(content.safeHtml)
    .openOn(m);
}

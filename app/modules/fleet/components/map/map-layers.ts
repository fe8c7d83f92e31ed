/**
 * What the fleet map draws with: marker and cluster icons (markup built with ~/lib/map-text, so
 * every user text is escaped),
 * jobsite shapes, the marker styles, and the budgets that keep each frame short.
 */
import L from "leaflet";
import { mapHtml, mapText } from "~/lib/map-text";
import { deviceIconHtml } from "../device-icon";
import { STATUS_COLOURS, STATUS_LABELS, STATUSES } from "../../device-status";
import type { MapDevice } from "../../map-data-format";
import { JOBSITE_COLOUR, type MapJobsite } from "../../jobsite-layer";

/** The display settings the map follows (the settings drawer). */
export type MapOptions = {
  cluster: boolean;
  colouredCluster: boolean;
  vehicleLabels: boolean;
  overlay: "normal" | "satellite";
  railmap: boolean;
  customGeofences: boolean;
  jobsiteGeofences: boolean;
};

export const BRISBANE: L.LatLngTuple = [-27.47, 153.02];
export const LABEL_MIN_ZOOM = 13;
export const JOBSITE_PANE = "ts-jobsites";

export function breakdownTitle(c: number[], total: number) {
  return `${total} devices: ${STATUSES.map((s, k) => `${c[k]} ${STATUS_LABELS[s].toLowerCase()}`).join(", ")}`;
}

export function clusterIcon(count: number, c: number[], coloured: boolean) {
  const size = count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 48 : 56;
  let ring = "#1971c2";
  if (coloured) {
    let acc = 0;
    const stops = STATUSES.map((s, k) => {
      const from = (acc / count) * 360;
      acc += c[k]!;
      return `${STATUS_COLOURS[s]} ${from}deg ${(acc / count) * 360}deg`;
    });
    ring = `conic-gradient(${stops.join(", ")})`;
  }
  return L.divIcon({
    className: "ts-cluster",
    iconSize: [size, size],
    html: mapHtml`<span class="ts-cl" data-cluster-count="${count}" data-breakdown="${c.join(",")}" style="background:${ring}"><span>${count}</span></span>`
      .safeHtml,
  });
}

/** A jobsite's geofence (circle or polygon) in the jobsite colour, named in a tooltip. */
export function drawJobsite(j: MapJobsite, renderer: L.Renderer): L.Layer {
  // SVG (not the map's canvas): a handful of shapes, each an element tests and tools can find.
  const style = {
    color: JOBSITE_COLOUR,
    weight: 2,
    dashArray: "6 4",
    fillOpacity: 0.1,
    className: "ts-jobsite",
    renderer,
    pane: JOBSITE_PANE,
  };
  const shape =
    j.fence.kind === "circle"
      ? L.circle([j.fence.lat, j.fence.lng], { ...style, radius: j.fence.radius })
      : L.polygon(j.fence.points, style);
  return shape.bindTooltip(mapText(j.address ? `${j.name} · ${j.address}` : j.name).safeHtml, {
    sticky: true,
  });
}

export function deviceIcon(d: MapDevice, label: boolean, focused: boolean) {
  const name = label && mapHtml`<span class="ts-label">${d.nickname}</span>`;
  return L.divIcon({
    className: "ts-marker",
    iconSize: [28, 28],
    iconAnchor: [14, 14],
    html: mapHtml`<span class="ts-dev${focused ? " ts-focus" : ""}${d.outdated ? " ts-old" : ""}" data-imei="${d.imei}" data-status="${d.status}" style="border-color:${STATUS_COLOURS[d.status]}">${deviceIconHtml(d.avatar)}${name}</span>`
      .safeHtml,
  });
}

/**
 * Marker styles as classes, added to the page once: hundreds of markers change on every zoom step,
 * and per-element inline styles made each insertion a style recalculation of its own.
 */
const MARKER_CSS = `
.ts-cl{display:flex;align-items:center;justify-content:center;width:100%;height:100%;border-radius:50%;box-sizing:border-box;padding:5px}
.ts-cl>span{display:flex;align-items:center;justify-content:center;width:100%;height:100%;border-radius:50%;background:#fff;color:#212529;font:600 12px sans-serif}
.ts-dev{position:relative;display:flex;align-items:center;justify-content:center;width:28px;height:28px;box-sizing:border-box;border-radius:50%;background:#fff;color:#212529;border:2px solid}
.ts-dev.ts-focus{border:3px solid #e8590c!important}
.ts-dev.ts-old{opacity:.55}
.ts-label{position:absolute;left:30px;top:4px;white-space:nowrap;background:rgba(255,255,255,.92);color:#212529;padding:0 4px;border-radius:4px;font:12px sans-serif}
`;
export function addMarkerCss() {
  if (document.getElementById("ts-marker-css")) return;
  const style = document.createElement("style");
  style.id = "ts-marker-css";
  style.textContent = MARKER_CSS;
  document.head.appendChild(style);
}

/** A marker we keep between renders, with what it shows (so a re-render only touches what changed). */
export type Kept = { marker: L.Marker; sig: string; lat: number; lng: number };

/** How often (at most) the cluster index is rebuilt from live positions (in the worker: free for the page). */
export const REINDEX_EVERY_MS = 3000;
/**
 * Marker changes per frame: at most OPS_PER_FRAME, within SLICE_MS of our script; the rest waits
 * for the next frame. The count matters more than the time: each new marker is a layer the browser
 * must style, paint and commit after our script, and a few dozen at once held frames past 50 ms.
 */
export const SLICE_MS = 3;
export const OPS_PER_FRAME = 8;
/** The index is rebuilt only after the map has been still this long (ms). */
export const QUIET_MS = 1500;
/** Device geofences smaller than this radius on screen are not drawn, and at most MAX_FENCES at once. */
export const MIN_FENCE_PX = 4;
export const MAX_FENCES = 400;
/** New device geofences added per frame. */
export const FENCE_SLICE = 50;

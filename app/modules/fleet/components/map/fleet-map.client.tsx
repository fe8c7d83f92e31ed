/**
 * The fleet map (browser only: Leaflet touches `window`). Devices are clustered with supercluster
 * when the cluster setting is on; clusters show the status breakdown of what they hold (as a
 * coloured ring when colouredCluster is on, and always in their title). Tiles are optional: the
 * container has a plain background, so markers stay usable when no tile loads.
 */
import L from "leaflet";
import type { Tiles } from "~/lib/map-tiles";
import { useEffect, useRef } from "react";
import { deviceIconHtml } from "../device-icon";
import { sharedClusterSource, type ClusterSource } from "./cluster-source";
import { STATUS_COLOURS, STATUS_LABELS, STATUSES } from "../../device-status";
import type { MapDevice } from "../../map-data-format";
import { JOBSITE_COLOUR, type MapJobsite } from "../../jobsite-layer";
import type { Fence } from "./use-fleet-data";

export type MapOptions = {
  cluster: boolean;
  colouredCluster: boolean;
  vehicleLabels: boolean;
  overlay: "normal" | "satellite";
  railmap: boolean;
  customGeofences: boolean;
  jobsiteGeofences: boolean;
};

type Props = {
  devices: MapDevice[];
  fences: Fence[];
  jobsites?: MapJobsite[];
  options: MapOptions;
  tiles: Tiles;
  focusImei: string | null;
  onSelect?: (imei: string) => void;
  height?: number | string;
};

const BRISBANE: L.LatLngTuple = [-27.47, 153.02];
const LABEL_MIN_ZOOM = 13;
const JOBSITE_PANE = "ts-jobsites";
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function breakdownTitle(c: number[], total: number) {
  return `${total} devices: ${STATUSES.map((s, k) => `${c[k]} ${STATUS_LABELS[s].toLowerCase()}`).join(", ")}`;
}

function clusterIcon(count: number, c: number[], coloured: boolean) {
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
    html: `<span class="ts-cl" data-cluster-count="${count}" data-breakdown="${c.join(",")}" style="background:${ring}"><span>${count}</span></span>`,
  });
}

/** A jobsite's geofence (circle or polygon) in the jobsite colour, named in a tooltip. */
function drawJobsite(j: MapJobsite, renderer: L.Renderer): L.Layer {
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
  return shape.bindTooltip(esc(j.address ? `${j.name} · ${j.address}` : j.name), { sticky: true });
}

function deviceIcon(d: MapDevice, label: boolean, focused: boolean) {
  const name = label ? `<span class="ts-label">${esc(d.nickname)}</span>` : "";
  return L.divIcon({
    className: "ts-marker",
    iconSize: [28, 28],
    iconAnchor: [14, 14],
    html: `<span class="ts-dev${focused ? " ts-focus" : ""}${d.outdated ? " ts-old" : ""}" data-imei="${esc(d.imei)}" data-status="${d.status}" style="border-color:${STATUS_COLOURS[d.status]}">${deviceIconHtml(d.avatar)}${name}</span>`,
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
function addMarkerCss() {
  if (document.getElementById("ts-marker-css")) return;
  const style = document.createElement("style");
  style.id = "ts-marker-css";
  style.textContent = MARKER_CSS;
  document.head.appendChild(style);
}

/** A marker we keep between renders, with what it shows (so a re-render only touches what changed). */
type Kept = { marker: L.Marker; sig: string; lat: number; lng: number };

/** How often (at most) the cluster index is rebuilt from live positions (in the worker: free for the page). */
const REINDEX_EVERY_MS = 3000;
/**
 * Marker changes per frame: at most OPS_PER_FRAME, within SLICE_MS of our script; the rest waits
 * for the next frame. The count matters more than the time: each new marker is a layer the browser
 * must style, paint and commit after our script, and a few dozen at once held frames past 50 ms.
 */
const SLICE_MS = 3;
const OPS_PER_FRAME = 8;
/** The index is rebuilt only after the map has been still this long (ms). */
const QUIET_MS = 1500;
/** Device geofences smaller than this radius on screen are not drawn, and at most MAX_FENCES at once. */
const MIN_FENCE_PX = 4;
const MAX_FENCES = 400;
/** New device geofences added per frame. */
const FENCE_SLICE = 50;

export default function FleetMap({
  devices,
  fences,
  jobsites = [],
  options,
  tiles,
  focusImei,
  onSelect,
  height = 520,
}: Props) {
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const fenceLayer = useRef<L.LayerGroup | null>(null);
  const jobsiteLayer = useRef<L.LayerGroup | null>(null);
  const jobsiteRenderer = useRef<L.Renderer | null>(null);
  const tileLayers = useRef<L.TileLayer[]>([]);
  const kept = useRef(new Map<string, Kept>());
  const fitted = useRef(false);
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;

  // Live updates arrive every second. The latest list is read when drawing; the cluster index is
  // rebuilt in a worker at most every REINDEX_EVERY_MS; markers are touched only while the map is
  // still (a zoom or pan in progress is never interrupted by our work).
  const latest = useRef(devices);
  latest.current = devices;
  const opts = useRef({ options, focusImei });
  opts.current = { options, focusImei };
  const source = useRef<ClusterSource | null>(null);
  const indexedAt = useRef(0);
  const reindexTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const moving = useRef(false);
  const stillSince = useRef(0);
  const drawSeq = useRef(0);

  /** What should be on the map: key → position, signature and how to build it. */
  type Want = {
    lat: number;
    lng: number;
    sig: string;
    make: () => L.Marker;
    icon: () => L.DivIcon;
  };
  const marker = (
    key: string,
    lat: number,
    lng: number,
    sig: string,
    make: () => L.Marker,
    icon: () => L.DivIcon,
    next: Map<string, Want>,
  ) => {
    next.set(key, { lat, lng, sig, make, icon });
  };

  const deviceMarker = (
    d: MapDevice,
    label: boolean,
    focus: string | null,
    next: Map<string, Want>,
  ) => {
    const focused = d.imei === focus;
    marker(
      `d${d.index}`,
      d.lat!,
      d.lng!,
      `${d.status}|${d.outdated}|${focused}|${label}|${d.avatar}|${d.nickname}`,
      () => {
        const m = L.marker([d.lat!, d.lng!], {
          icon: deviceIcon(d, label, focused),
          title: `${d.nickname} (${STATUS_LABELS[d.status]}${d.outdated ? ", outdated" : ""})`,
          keyboard: true,
        });
        m.on("click", () => selectRef.current?.(d.imei));
        return m;
      },
      () => deviceIcon(d, label, focused),
      next,
    );
  };

  /**
   * Brings the markers to `want`: new ones first, then updates, then removals, in slices of
   * SLICE_MS per frame so no frame holds more than a few milliseconds of our work. `kept` is
   * updated op by op, so a newer draw (which cancels this one) starts from what is really shown.
   */
  const finish = (want: Map<string, Want>, seq: number) => {
    const g = layer.current;
    if (!g) return;
    const adds: (() => void)[] = [];
    const updates: (() => void)[] = [];
    const removals: (() => void)[] = [];
    for (const [key, k] of kept.current) {
      if (!want.has(key))
        removals.push(() => {
          g.removeLayer(k.marker);
          kept.current.delete(key);
        });
    }
    for (const [key, w] of want) {
      const k = kept.current.get(key);
      if (!k) {
        adds.push(() => {
          const m = w.make();
          g.addLayer(m);
          kept.current.set(key, { marker: m, sig: w.sig, lat: w.lat, lng: w.lng });
        });
      } else if (k.sig !== w.sig || k.lat !== w.lat || k.lng !== w.lng) {
        updates.push(() => {
          if (k.sig !== w.sig) k.marker.setIcon(w.icon());
          if (k.lat !== w.lat || k.lng !== w.lng) k.marker.setLatLng([w.lat, w.lng]);
          kept.current.set(key, { marker: k.marker, sig: w.sig, lat: w.lat, lng: w.lng });
        });
      }
    }
    const ops = [...adds, ...updates, ...removals];
    let i = 0;
    const step = () => {
      if (seq !== drawSeq.current || moving.current) return; // the next draw takes over
      const end = performance.now() + SLICE_MS;
      const last = Math.min(ops.length, i + OPS_PER_FRAME);
      do ops[i++]!();
      while (i < last && performance.now() < end);
      if (i < ops.length) requestAnimationFrame(step);
    };
    if (!ops.length) return;
    // An empty map (the first draw) starts at once. Otherwise from the next frame on: the task that
    // delivered the clusters already shares this frame with Leaflet's own zoom-end work.
    if (kept.current.size === 0) step();
    else requestAnimationFrame(step);
  };

  /** Draws what is in view: clusters from the index (asynchronous), or every device when clustering is off. */
  const draw = useRef(() => undefined as void);
  draw.current = () => {
    const m = map.current;
    const g = layer.current;
    if (!m || !g) return;
    const { options: o, focusImei: focus } = opts.current;
    const zoom = m.getZoom();
    const b = m.getBounds().pad(0.2);
    const label = o.vehicleLabels && zoom >= LABEL_MIN_ZOOM;
    const seq = ++drawSeq.current;
    if (o.cluster && source.current) {
      const src = source.current;
      void src
        .query([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], Math.round(zoom))
        .then((items) => {
          // An answer for an older view, or the map moves again: the next moveend draws.
          if (seq !== drawSeq.current || moving.current || !map.current) return;
          const t = performance.now();
          const all = latest.current;
          const next = new Map<string, Want>();
          for (const it of items) {
            const [lng, lat, count] = it as [number, number, number];
            if (count >= 0) {
              const id = it[3]!;
              const c = it.slice(4, 8);
              marker(
                `c${id}`,
                lat,
                lng,
                `${count}|${c.join(",")}|${o.colouredCluster}`,
                () => {
                  const cm = L.marker([lat, lng], {
                    icon: clusterIcon(count, c, o.colouredCluster),
                    title: breakdownTitle(c, count),
                    keyboard: true,
                  });
                  cm.on(
                    "click",
                    () =>
                      void src
                        .expansionZoom(id)
                        .then((z) => map.current?.setView(cm.getLatLng(), Math.min(z, 19))),
                  );
                  return cm;
                },
                () => clusterIcon(count, c, o.colouredCluster),
                next,
              );
            } else {
              // A single device is drawn where it is now, not where it was when the index was built.
              const d = all[it[3]!];
              if (d && d.lat !== null && d.lng !== null) deviceMarker(d, label, focus, next);
            }
          }
          finish(next, seq);
          performance.measure("fleet:draw", { start: t });
        });
      return;
    }
    const inView = latest.current.filter(
      (d) => d.lat !== null && d.lng !== null && b.contains([d.lat, d.lng]),
    );
    if (inView.length > 1500) {
      // Thousands of DOM markers would stall the page: canvas dots instead (redrawn each time).
      g.clearLayers();
      kept.current.clear();
      for (const d of inView) {
        const dot = L.circleMarker([d.lat!, d.lng!], {
          radius: 4,
          color: STATUS_COLOURS[d.status],
          weight: 1,
          fillOpacity: 0.8,
        });
        dot.on("click", () => selectRef.current?.(d.imei));
        g.addLayer(dot);
      }
      return;
    }
    g.eachLayer((l) => {
      if (!(l instanceof L.Marker)) g.removeLayer(l);
    });
    const next = new Map<string, Want>();
    for (const d of inView) deviceMarker(d, label, focus, next);
    finish(next, seq);
  };

  /** Sends the latest positions to the index (at most every REINDEX_EVERY_MS), then redraws. */
  const reindex = useRef(() => undefined as void);
  reindex.current = () => {
    if (reindexTimer.current || !source.current) return;
    const wait = Math.max(0, REINDEX_EVERY_MS - (Date.now() - indexedAt.current));
    reindexTimer.current = setTimeout(function run() {
      reindexTimer.current = null;
      if (!source.current || !opts.current.options.cluster) return;
      // Not while the map moves or just after: on two cores the worker's rebuild competes with the
      // page's own frames (raster, compositing).
      const calm = Date.now() - stillSince.current;
      if (moving.current || calm < QUIET_MS) {
        reindexTimer.current = setTimeout(run, Math.max(100, QUIET_MS - calm));
        return;
      }
      source.current.load(latest.current);
      indexedAt.current = Date.now();
      if (!moving.current) draw.current();
    }, wait);
  };

  // Create the map once.
  useEffect(() => {
    if (!el.current || map.current) return;
    performance.mark("fleet:map-mount");
    addMarkerCss();
    // Markers hide while a zoom animates: moving hundreds of marker elements per frame is what made frames long.
    const m = L.map(el.current, {
      preferCanvas: true,
      zoomControl: true,
      keyboard: true,
      markerZoomAnimation: false,
    }).setView(BRISBANE, 10);
    map.current = m;
    // The benchmark and browser tests drive the map (zoom, pan) through its element.
    (el.current as HTMLDivElement & { leafletMap?: L.Map }).leafletMap = m;
    layer.current = L.layerGroup().addTo(m);
    fenceLayer.current = L.layerGroup().addTo(m);
    jobsiteLayer.current = L.layerGroup().addTo(m);
    // Above the device geofences' canvas (which would take the pointer), below the markers.
    m.createPane(JOBSITE_PANE).style.zIndex = "450";
    source.current = sharedClusterSource();
    m.on("movestart zoomstart", () => (moving.current = true));
    m.on("moveend", () => {
      moving.current = false;
      stillSince.current = Date.now();
      draw.current();
      drawFences.current();
    });
    return () => {
      if (reindexTimer.current) clearTimeout(reindexTimer.current);
      source.current?.dispose();
      source.current = null;
      m.remove();
      map.current = null;
      kept.current.clear();
    };
  }, []);

  // First data: index at once and fit the fleet (the fit's moveend draws). Later live updates:
  // markers follow when the map is still; the index follows on its cadence.
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!fitted.current) {
      if (options.cluster) {
        source.current?.load(devices);
        indexedAt.current = Date.now();
      }
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
      if (s <= n) {
        fitted.current = true;
        m.fitBounds(L.latLngBounds([s, w], [n, e]).pad(0.05), { animate: false });
      }
      draw.current();
      return;
    }
    if (!moving.current) requestAnimationFrame(() => !moving.current && draw.current());
    if (options.cluster) reindex.current();
  }, [devices]); // eslint-disable-line react-hooks/exhaustive-deps

  // Settings and focus: redraw now (turning clustering on needs the current positions indexed).
  const settingsSeen = useRef(false);
  useEffect(() => {
    if (!settingsSeen.current) {
      settingsSeen.current = true; // the first data draws
      return;
    }
    if (!map.current) return;
    if (options.cluster && source.current) {
      source.current.load(latest.current);
      indexedAt.current = Date.now();
    }
    draw.current();
  }, [options.cluster, options.vehicleLabels, options.colouredCluster, focusImei]);

  // Tiles per overlay setting; failures are silent (the plain background stays).
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    for (const t of tileLayers.current) t.remove();
    const base = L.tileLayer(options.overlay === "satellite" ? tiles.satellite : tiles.normal, {
      attribution: tiles.attribution,
      maxZoom: 19,
    });
    tileLayers.current = [base.addTo(m)];
    if (options.railmap)
      tileLayers.current.push(L.tileLayer(tiles.rail, { maxZoom: 19, opacity: 0.8 }).addTo(m));
  }, [options.overlay, options.railmap, tiles]);

  // Device geofences: thousands at 10,000 devices. Every canvas path is re-projected on each zoom
  // frame, so only those in view and big enough to see (MIN_FENCE_PX) are drawn, redrawn on moveend.
  const fenceState = useRef({ fences, on: options.customGeofences });
  fenceState.current = { fences, on: options.customGeofences };
  const drawFences = useRef(() => undefined as void);
  const fenceKept = useRef(new Map<string, L.Circle>());
  const fenceSeq = useRef(0);
  drawFences.current = () => {
    const m = map.current;
    const g = fenceLayer.current;
    if (!m || !g) return;
    const { fences: all, on } = fenceState.current;
    const seq = ++fenceSeq.current;
    const next = new Map<string, L.Circle>();
    const adds: L.Circle[] = [];
    if (on && all.length) {
      const b = m.getBounds().pad(0.3);
      // Metres per pixel at this zoom and latitude (Web Mercator).
      const mpp =
        (40_075_016.686 * Math.cos((m.getCenter().lat * Math.PI) / 180)) / 2 ** (m.getZoom() + 8);
      const shown = all.filter((f) => f.meters / mpp >= MIN_FENCE_PX && b.contains([f.lat, f.lng]));
      shown.sort((a, b2) => b2.meters - a.meters);
      for (const f of shown.slice(0, MAX_FENCES)) {
        const key = `${f.imei}|${f.lat}|${f.lng}|${f.meters}`;
        let c = fenceKept.current.get(key);
        if (c) {
          fenceKept.current.delete(key);
          if (!g.hasLayer(c)) adds.push(c); // kept from a draw whose slices did not finish
        } else
          adds.push(
            (c = L.circle([f.lat, f.lng], {
              radius: f.meters,
              color: "#7048e8",
              weight: 2,
              fillOpacity: 0.08,
              interactive: false,
            })),
          );
        next.set(key, c);
      }
    }
    // Only circles that left the view (or the list) are removed; the others stay as they are.
    for (const c of fenceKept.current.values()) g.removeLayer(c);
    fenceKept.current = next;
    // New circles join a few per frame: hundreds at once (zooming in past a city) held one frame
    // far past 50 ms, in our code and in the canvas repaint after it.
    let i = 0;
    const step = () => {
      if (seq !== fenceSeq.current) return;
      const end = Math.min(adds.length, i + FENCE_SLICE);
      for (; i < end; i++) g.addLayer(adds[i]!);
      if (i < adds.length) requestAnimationFrame(step);
    };
    if (adds.length) requestAnimationFrame(step);
  };
  useEffect(() => drawFences.current(), [fences, options.customGeofences]);

  useEffect(() => {
    const g = jobsiteLayer.current;
    if (!g) return;
    g.clearLayers();
    if (!options.jobsiteGeofences) return;
    const renderer = (jobsiteRenderer.current ??= L.svg({ padding: 0.5, pane: JOBSITE_PANE }));
    for (const j of jobsites) drawJobsite(j, renderer).addTo(g);
  }, [jobsites, options.jobsiteGeofences]);

  // Focus a device (a click in the list).
  useEffect(() => {
    const d = focusImei ? devices.find((x) => x.imei === focusImei) : null;
    if (!d || d.lat === null || d.lng === null || !map.current) return;
    map.current.setView([d.lat, d.lng], Math.max(map.current.getZoom(), 17), { animate: false });
    L.popup({ offset: [0, -10] })
      .setLatLng([d.lat, d.lng])
      .setContent(
        `<strong>${esc(d.nickname)}</strong><br>${STATUS_LABELS[d.status]}${d.outdated ? " (outdated)" : ""}<br><a href="/dashboard/vehicle-dashboard/${encodeURIComponent(d.imei)}">Open dashboard</a>`,
      )
      .openOn(map.current);
    // Only when the focus changes, not on every live update.
  }, [focusImei]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div
      ref={el}
      data-testid="fleet-map"
      role="application"
      aria-label="Fleet map"
      style={{ height, width: "100%", background: "#dee2e6", borderRadius: 8 }}
    />
  );
}

/**
 * The fleet map (browser only: Leaflet touches `window`). Devices are clustered with supercluster
 * when the cluster setting is on; clusters show the status breakdown of what they hold (as a
 * coloured ring when colouredCluster is on, and always in their title). Tiles are optional: the
 * container has a plain background, so markers stay usable when no tile loads.
 */
import L from "leaflet";
import type { Tiles } from "~/lib/map-tiles";
import { useEffect, useRef } from "react";
import { sharedClusterSource, type ClusterSource } from "./cluster-source";
import type { MapDevice } from "../../map-data-format";
import type { MapJobsite } from "../../jobsite-layer";
import {
  BRISBANE,
  LABEL_MIN_ZOOM,
  JOBSITE_PANE,
  REINDEX_EVERY_MS,
  QUIET_MS,
  breakdownTitle,
  clusterIcon,
  drawJobsite,
  addMarkerCss,
  type Kept,
  type MapOptions,
} from "./map-layers";

export type { MapOptions };
import { applyMarkers, deviceWant, drawDots, focusDevice, type Want } from "./marker-layer";
import { FenceDrawer } from "./fence-drawer";
import type { Fence } from "./use-fleet-data";
import { mapHtml, type MapHtml } from "~/lib/map-text";
import {
  fitDevices,
  indexLookup,
  usePlace,
  usePopupFollow,
  useTiles,
  type MapPlace,
} from "./map-effects";

export type { MapPlace };

type Props = {
  /** The devices to show (the list's filters applied: the map shows what the list shows). */
  devices: MapDevice[];
  /** Changes when the filters change: the index is rebuilt at once and the map fits the matches. */
  filterKey?: string;
  /** The popup of a focused device (escaped markup: device-text.ts). */
  describe?: (d: MapDevice) => MapHtml;
  centre?: MapPlace | null;
  fences: Fence[];
  jobsites?: MapJobsite[];
  options: MapOptions;
  tiles: Tiles;
  focusImei: string | null;
  onSelect?: (imei: string) => void;
  height?: number | string;
};

export default function FleetMap({
  devices,
  fences,
  jobsites = [],
  options,
  tiles,
  focusImei,
  onSelect,
  height = 520,
  filterKey = "",
  describe = (d) => mapHtml`<strong>${d.nickname}</strong>`,
  centre = null,
}: Props) {
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const fenceLayer = useRef<L.LayerGroup | null>(null);
  const jobsiteLayer = useRef<L.LayerGroup | null>(null);
  const jobsiteRenderer = useRef<L.Renderer | null>(null);
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
  const popup = useRef<L.Popup | null>(null);
  const deviceAt = useRef(indexLookup()).current;

  /** Draws what is in view: clusters from the index (asynchronous), or every device when clustering is off. */
  const finish = (want: Map<string, Want>, seq: number) => {
    if (layer.current)
      applyMarkers(
        layer.current,
        kept.current,
        want,
        () => seq === drawSeq.current && !moving.current,
      );
  };
  const deviceMarker = (
    d: MapDevice,
    label: boolean,
    focus: string | null,
    next: Map<string, Want>,
  ) =>
    next.set(
      `d${d.index}`,
      deviceWant(d, label, d.imei === focus, (imei) => selectRef.current?.(imei)),
    );

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
              next.set(`c${id}`, {
                lat,
                lng,
                sig: `${count}|${c.join(",")}|${o.colouredCluster}`,
                make: () => {
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
                icon: () => clusterIcon(count, c, o.colouredCluster),
              });
            } else {
              // A single device is drawn where it is now, not where it was when the index was built.
              const d = deviceAt(all, it[3]!);
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
      kept.current.clear();
      drawDots(g, inView, (imei) => selectRef.current?.(imei));
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
    const placed = kept.current;
    return () => {
      if (reindexTimer.current) clearTimeout(reindexTimer.current);
      source.current?.dispose();
      source.current = null;
      m.remove();
      map.current = null;
      placed.clear();
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
      if (fitDevices(m, devices)) fitted.current = true;
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

  // The filters changed: index the matching devices now, and show them all.
  const filterSeen = useRef(filterKey);
  useEffect(() => {
    const m = map.current;
    if (filterSeen.current === filterKey || !m) return;
    filterSeen.current = filterKey;
    if (options.cluster && source.current) {
      source.current.load(latest.current);
      indexedAt.current = Date.now();
    }
    fitDevices(m, latest.current, 16);
    draw.current();
  }, [filterKey]); // eslint-disable-line react-hooks/exhaustive-deps

  useTiles(map, options.overlay, options.railmap, tiles);

  // Device geofences: thousands at 10,000 devices. Every canvas path is re-projected on each zoom
  // frame, so only those in view and big enough to see (MIN_FENCE_PX) are drawn, redrawn on moveend.
  const fenceState = useRef({ fences, on: options.customGeofences });
  fenceState.current = { fences, on: options.customGeofences };
  const drawFences = useRef(() => undefined as void);
  const fenceDrawer = useRef<FenceDrawer | null>(null);
  drawFences.current = () => {
    const m = map.current;
    const g = fenceLayer.current;
    if (!m || !g) return;
    fenceDrawer.current ??= new FenceDrawer(g);
    const { fences: all, on } = fenceState.current;
    fenceDrawer.current.draw(m, on ? all : []);
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

  // Focus a device (a click in the list), only when the focus changes, not on every live update.
  useEffect(() => {
    const d = focusImei ? devices.find((x) => x.imei === focusImei) : null;
    if (d && map.current) popup.current = focusDevice(map.current, d, describe(d));
  }, [focusImei]); // eslint-disable-line react-hooks/exhaustive-deps

  usePopupFollow(map, popup, latest, focusImei, describe);
  usePlace(map, popup, centre);

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

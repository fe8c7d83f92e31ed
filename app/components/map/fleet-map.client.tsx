/**
 * The fleet map (browser only: Leaflet touches `window`). Devices are clustered with supercluster
 * when the cluster setting is on; clusters show the status breakdown of what they hold (as a
 * coloured ring when colouredCluster is on, and always in their title). Tiles are optional: the
 * container has a plain background, so markers stay usable when no tile loads.
 */
import L from "leaflet";
import { useEffect, useMemo, useRef } from "react";
import Supercluster from "supercluster";
import { deviceIconHtml } from "~/components/devices/device-icon";
import { STATUS_COLOURS, STATUS_LABELS, STATUSES } from "~/lib/device-status";
import type { MapDevice } from "~/lib/map-data";
import type { Fence } from "./use-fleet-data";

export type MapOptions = {
  cluster: boolean;
  colouredCluster: boolean;
  vehicleLabels: boolean;
  overlay: "normal" | "satellite";
  railmap: boolean;
  customGeofences: boolean;
};
export type Tiles = { normal: string; satellite: string; rail: string; attribution: string };

type Props = {
  devices: MapDevice[];
  fences: Fence[];
  options: MapOptions;
  tiles: Tiles;
  focusImei: string | null;
  onSelect?: (imei: string) => void;
  height?: number | string;
};

type PointProps = { i: number; s: number };
type ClusterProps = { c: [number, number, number, number] };

const BRISBANE: L.LatLngTuple = [-27.47, 153.02];
const LABEL_MIN_ZOOM = 13;
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
    html: `<span data-cluster-count="${count}" data-breakdown="${c.join(",")}" style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:50%;background:${ring};"><span style="display:flex;align-items:center;justify-content:center;width:${size - 10}px;height:${size - 10}px;border-radius:50%;background:#fff;color:#212529;font:600 12px sans-serif">${count}</span></span>`,
  });
}

function deviceIcon(d: MapDevice, label: boolean, focused: boolean) {
  const colour = STATUS_COLOURS[d.status];
  const border = focused ? "3px solid #e8590c" : `2px solid ${colour}`;
  const opacity = d.outdated ? 0.55 : 1;
  const name = label ? `<span class="ts-label" style="position:absolute;left:30px;top:4px;white-space:nowrap;background:rgba(255,255,255,.92);color:#212529;padding:0 4px;border-radius:4px;font:12px sans-serif">${esc(d.nickname)}</span>` : "";
  return L.divIcon({
    className: "ts-marker",
    iconSize: [28, 28],
    iconAnchor: [14, 14],
    html: `<span data-imei="${esc(d.imei)}" data-status="${d.status}" style="position:relative;display:flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:50%;background:#fff;color:#212529;border:${border};opacity:${opacity}">${deviceIconHtml(d.avatar)}${name}</span>`,
  });
}

export default function FleetMap({ devices, fences, options, tiles, focusImei, onSelect, height = 520 }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const fenceLayer = useRef<L.LayerGroup | null>(null);
  const tileLayers = useRef<L.TileLayer[]>([]);
  const render = useRef<() => void>(() => undefined);
  const fitted = useRef(false);
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;

  const positioned = useMemo(() => devices.filter((d) => d.lat !== null && d.lng !== null), [devices]);
  const index = useMemo(() => {
    if (!options.cluster) return null;
    const sc = new Supercluster<PointProps, ClusterProps>({
      radius: 60,
      // Clustered up to the last zoom: thousands of DOM markers in a dense street stall every frame.
      maxZoom: 19,
      map: (p) => ({ c: [p.s === 0 ? 1 : 0, p.s === 1 ? 1 : 0, p.s === 2 ? 1 : 0, p.s === 3 ? 1 : 0] }),
      reduce: (a, p) => {
        for (let k = 0; k < 4; k++) a.c[k]! += p.c[k]!;
      },
    });
    sc.load(
      positioned.map((d) => ({
        type: "Feature" as const,
        properties: { i: d.index, s: STATUSES.indexOf(d.status) },
        geometry: { type: "Point" as const, coordinates: [d.lng!, d.lat!] },
      })),
    );
    return sc;
  }, [positioned, options.cluster]);

  // Create the map once.
  useEffect(() => {
    if (!el.current || map.current) return;
    const m = L.map(el.current, { preferCanvas: true, zoomControl: true, keyboard: true }).setView(BRISBANE, 10);
    map.current = m;
    // The benchmark and browser tests drive the map (zoom, pan) through its element.
    (el.current as HTMLDivElement & { leafletMap?: L.Map }).leafletMap = m;
    layer.current = L.layerGroup().addTo(m);
    fenceLayer.current = L.layerGroup().addTo(m);
    m.on("moveend", () => render.current());
    return () => {
      m.remove();
      map.current = null;
    };
  }, []);

  // Tiles per overlay setting; failures are silent (the plain background stays).
  useEffect(() => {
    const m = map.current;
    if (!m) return;
    for (const t of tileLayers.current) t.remove();
    const base = L.tileLayer(options.overlay === "satellite" ? tiles.satellite : tiles.normal, { attribution: tiles.attribution, maxZoom: 19 });
    tileLayers.current = [base.addTo(m)];
    if (options.railmap) tileLayers.current.push(L.tileLayer(tiles.rail, { maxZoom: 19, opacity: 0.8 }).addTo(m));
  }, [options.overlay, options.railmap, tiles]);

  // Markers and clusters for the current view.
  useEffect(() => {
    const byIndex = new Map(devices.map((d) => [d.index, d]));
    render.current = () => {
      const m = map.current;
      const g = layer.current;
      if (!m || !g) return;
      g.clearLayers();
      const zoom = m.getZoom();
      const b = m.getBounds().pad(0.2);
      const label = options.vehicleLabels && zoom >= LABEL_MIN_ZOOM;
      const add = (d: MapDevice) => {
        const marker = L.marker([d.lat!, d.lng!], { icon: deviceIcon(d, label, d.imei === focusImei), title: `${d.nickname} (${STATUS_LABELS[d.status]}${d.outdated ? ", outdated" : ""})`, keyboard: true });
        marker.on("click", () => selectRef.current?.(d.imei));
        g.addLayer(marker);
      };
      if (index) {
        for (const f of index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], Math.round(zoom))) {
          const [lng, lat] = f.geometry.coordinates as [number, number];
          const p = f.properties as Partial<ClusterProps & PointProps & { cluster: boolean; cluster_id: number; point_count: number }>;
          if (p.cluster) {
            const c = p.c!;
            const marker = L.marker([lat, lng], { icon: clusterIcon(p.point_count!, c, options.colouredCluster), title: breakdownTitle(c, p.point_count!), keyboard: true });
            marker.on("click", () => m.setView([lat, lng], Math.min(index.getClusterExpansionZoom(p.cluster_id!), 19)));
            g.addLayer(marker);
          } else {
            const d = byIndex.get(p.i!);
            if (d) add(d);
          }
        }
      } else {
        const inView = positioned.filter((d) => b.contains([d.lat!, d.lng!]));
        if (inView.length > 1500) {
          // Thousands of DOM markers would stall the page: canvas dots instead.
          for (const d of inView) {
            const dot = L.circleMarker([d.lat!, d.lng!], { radius: 4, color: STATUS_COLOURS[d.status], weight: 1, fillOpacity: 0.8 });
            dot.on("click", () => selectRef.current?.(d.imei));
            g.addLayer(dot);
          }
        } else inView.forEach(add);
      }
    };
    render.current();
    if (!fitted.current && positioned.length && map.current) {
      fitted.current = true;
      const bounds = L.latLngBounds(positioned.map((d) => [d.lat!, d.lng!] as L.LatLngTuple));
      map.current.fitBounds(bounds.pad(0.05), { animate: false });
    }
  }, [devices, positioned, index, options.vehicleLabels, options.colouredCluster, focusImei]);

  useEffect(() => {
    const g = fenceLayer.current;
    if (!g) return;
    g.clearLayers();
    if (!options.customGeofences) return;
    for (const f of fences) L.circle([f.lat, f.lng], { radius: f.meters, color: "#7048e8", weight: 2, fillOpacity: 0.08 }).addTo(g);
  }, [fences, options.customGeofences]);

  // Focus a device (a click in the list).
  useEffect(() => {
    const d = focusImei ? devices.find((x) => x.imei === focusImei) : null;
    if (!d || d.lat === null || d.lng === null || !map.current) return;
    map.current.setView([d.lat, d.lng], Math.max(map.current.getZoom(), 17), { animate: false });
    L.popup({ offset: [0, -10] })
      .setLatLng([d.lat, d.lng])
      .setContent(`<strong>${esc(d.nickname)}</strong><br>${STATUS_LABELS[d.status]}${d.outdated ? " (outdated)" : ""}<br><a href="/dashboard/vehicle-dashboard/${encodeURIComponent(d.imei)}">Open dashboard</a>`)
      .openOn(map.current);
    // Only when the focus changes, not on every live update.
  }, [focusImei]); // eslint-disable-line react-hooks/exhaustive-deps

  return <div ref={el} data-testid="fleet-map" role="application" aria-label="Fleet map" style={{ height, width: "100%", background: "#dee2e6", borderRadius: 8 }} />;
}

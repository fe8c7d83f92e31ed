/**
 * The jobsite's geofence on a map (browser only): a click sets a circle's centre, or adds a corner
 * to a polygon; the fields beside the map stay the source of truth (they post without JavaScript).
 */
import L from "leaflet";
import { useEffect, useRef } from "react";
import type { Tiles } from "~/lib/map-tiles";
import type { FenceState } from "./jobsite-fence";

const COLOUR = "#d9480f";

export default function JobsiteMap({
  fence,
  tiles,
  onPick,
}: {
  fence: FenceState;
  tiles: Tiles;
  onPick: (lat: number, lng: number) => void;
}) {
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, { keyboard: true }).setView([-27.47, 153.02], 11);
    (el.current as HTMLDivElement & { leafletMap?: L.Map }).leafletMap = m;
    L.tileLayer(tiles.normal, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
    m.on("click", (e: L.LeafletMouseEvent) =>
      pick.current(Number(e.latlng.lat.toFixed(6)), Number(e.latlng.lng.toFixed(6))),
    );
    map.current = m;
    layer.current = L.layerGroup().addTo(m);
    return () => {
      m.remove();
      map.current = null;
    };
  }, [tiles]);

  const first = useRef(true);
  useEffect(() => {
    const m = map.current;
    const g = layer.current;
    if (!m || !g) return;
    g.clearLayers();
    let shape: (L.Layer & { getBounds(): L.LatLngBounds }) | null = null;
    if (fence.shape === "circle") {
      const lat = Number(fence.lat);
      const lng = Number(fence.lng);
      const r = Number(fence.radius);
      if (fence.lat && fence.lng && Number.isFinite(lat) && Number.isFinite(lng) && r > 0)
        shape = L.circle([lat, lng], { radius: r, color: COLOUR, className: "ts-jobsite-fence" });
    } else {
      const pts = parsePoints(fence.points);
      if (pts.length >= 3) shape = L.polygon(pts, { color: COLOUR, className: "ts-jobsite-fence" });
      else if (pts.length)
        shape = L.polyline(pts, { color: COLOUR, className: "ts-jobsite-fence" });
      for (const p of pts) L.circleMarker(p, { radius: 4, color: COLOUR }).addTo(g);
    }
    if (shape) {
      shape.addTo(g);
      if (first.current) m.fitBounds(shape.getBounds(), { padding: [30, 30], maxZoom: 17 });
    }
    // Only a saved fence is zoomed to: one being drawn keeps the view the user clicks in.
    first.current = false;
  }, [fence]);

  return (
    <div
      ref={el}
      data-testid="jobsite-map"
      role="region"
      aria-label="Map: click to place the geofence"
      style={{ height: 380, width: "100%", background: "#dee2e6", borderRadius: 8 }}
    />
  );
}

export function parsePoints(text: string): [number, number][] {
  return text
    .split(/[\n;]+/)
    .map((l) =>
      l
        .split(/[,\s]+/)
        .filter(Boolean)
        .map(Number),
    )
    .filter((p) => p.length === 2 && p.every(Number.isFinite)) as [number, number][];
}

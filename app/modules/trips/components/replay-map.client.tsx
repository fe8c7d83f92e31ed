import L from "leaflet";
import { useEffect, useRef } from "react";
import { mapText } from "~/lib/map-text";
import { positionAt, type ReplayTrack } from "../replay";

/**
 * The replay map (Leaflet touches `window`, so this module only ever loads in the browser,
 * inside ClientOnly). Draws each track and moves one marker per track to the replay moment.
 */
export function ReplayMap({
  tracks,
  colors,
  t,
}: {
  tracks: ReplayTrack[];
  colors: Record<string, string>;
  t: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const markers = useRef<Map<string, L.CircleMarker>>(new Map());

  useEffect(() => {
    if (!box.current) return;
    const m = L.map(box.current, { zoomControl: true, attributionControl: true });
    // As on the other maps: tests and tools reach the map through its container.
    (box.current as HTMLDivElement & { leafletMap?: L.Map }).leafletMap = m;
    L.tileLayer("https://tile.openstreetmap.org/{z}/{x}/{y}.png", {
      maxZoom: 19,
      attribution: "© OpenStreetMap contributors",
    }).addTo(m);
    map.current = m;
    const placed = markers.current;
    return () => {
      m.remove();
      map.current = null;
      placed.clear();
    };
  }, []);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    const layers: L.Layer[] = [];
    const placed = markers.current;
    const bounds = L.latLngBounds([]);
    for (const tr of tracks) {
      if (!tr.points.length) continue;
      const line = L.polyline(
        tr.points.map((p) => [p.lat, p.lng] as [number, number]),
        { color: colors[tr.id] ?? "#1c7ed6", weight: 4, opacity: 0.7 },
      ).addTo(m);
      layers.push(line);
      bounds.extend(line.getBounds());
      const marker = L.circleMarker([tr.points[0]!.lat, tr.points[0]!.lng], {
        radius: 8,
        color: "#fff",
        weight: 2,
        fillColor: colors[tr.id] ?? "#1c7ed6",
        fillOpacity: 1,
      })
        // The label is a vehicle's nickname: text, never markup.
        .bindTooltip(mapText(tr.label).safeHtml)
        .addTo(m);
      placed.set(tr.id, marker);
      layers.push(marker);
    }
    if (bounds.isValid()) m.fitBounds(bounds, { padding: [24, 24] });
    else m.setView([-27.47, 153.02], 11);
    return () => {
      for (const l of layers) l.remove();
      placed.clear();
    };
  }, [tracks, colors]);

  useEffect(() => {
    for (const tr of tracks) {
      const mk = markers.current.get(tr.id);
      if (!mk) continue;
      const p = positionAt(tr.points, t);
      const at = p ?? (t < tr.points[0]!.t ? tr.points[0]! : tr.points[tr.points.length - 1]!);
      mk.setLatLng([at.lat, at.lng]);
      mk.setStyle({ fillOpacity: p ? 1 : 0.4 });
    }
  }, [t, tracks]);

  return (
    <div
      ref={box}
      style={{ height: 380, width: "100%", borderRadius: 8 }}
      data-testid="replay-map"
      aria-label="Replay map"
      role="region"
    />
  );
}

/**
 * Insight tags on a small map (browser only: Leaflet touches `window`), and optionally one tag's
 * trail. Names go through mapText/mapHtml (app/lib/map-text.ts): Leaflet parses them as HTML.
 */
import L from "leaflet";
import { useEffect, useRef } from "react";
import { mapHtml, mapText } from "~/lib/map-text";
import type { Tiles } from "~/lib/map-tiles";

export type TagPoint = { uuid: string; name: string; lat: number; lng: number };

export default function TagMap({
  points,
  tiles,
  trail,
  height = 300,
  label = "Map of insight tags",
}: {
  points: TagPoint[];
  tiles: Tiles;
  trail?: { lat: number; lng: number }[];
  height?: number;
  label?: string;
}) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, { keyboard: true }).setView([-27.47, 153.02], 10);
    L.tileLayer(tiles.normal, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
    const all: L.LatLngTuple[] = [];
    if (trail && trail.length > 1) {
      const line = trail.map((p) => [p.lat, p.lng] as L.LatLngTuple);
      L.polyline(line, { color: "#7048e8", weight: 3, opacity: 0.7 }).addTo(m);
      all.push(...line);
    }
    for (const p of points) {
      const mk = L.marker([p.lat, p.lng], {
        title: p.name,
        keyboard: true,
        icon: L.divIcon({
          className: "ts-insight-tag",
          iconSize: [18, 18],
          iconAnchor: [9, 9],
          html: mapHtml`<span data-insight-tag="${p.uuid}" style="display:block;width:18px;height:18px;border-radius:50%;background:#1971c2;border:3px solid #fff;box-shadow:0 0 0 1px #495057"></span>`
            .safeHtml,
        }),
      });
      mk.bindTooltip(mapText(p.name).safeHtml);
      mk.on("click", () => window.location.assign(`/dashboard/insight-tag/${p.uuid}`));
      mk.addTo(m);
      all.push([p.lat, p.lng]);
    }
    if (all.length === 1) m.setView(all[0]!, 14);
    else if (all.length > 1) m.fitBounds(L.latLngBounds(all), { padding: [20, 20], maxZoom: 15 });
    return () => void m.remove();
  }, [points, tiles, trail]);
  return (
    <div
      ref={el}
      data-testid="insight-tag-map"
      role="application"
      aria-label={label}
      style={{ height, width: "100%", background: "#dee2e6", borderRadius: 8 }}
    />
  );
}

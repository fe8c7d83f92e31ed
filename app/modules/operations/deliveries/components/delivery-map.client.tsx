/**
 * A delivery on a map (browser only): the drop-off, the pickup when given, and the vehicle when
 * there is one to show. Every text in a popup is escaped (mapHtml), addresses being typed by people.
 */
import L from "leaflet";
import { useEffect, useRef } from "react";
import { mapHtml } from "~/lib/map-text";
import type { Tiles } from "~/lib/map-tiles";

type Point = { lat: number; lng: number; label: string };
type Props = {
  dropoff: Point;
  pickup?: Point | null;
  vehicle?: Point | null;
  tiles: Tiles;
  height?: number;
};

const dot = (color: string) =>
  L.divIcon({
    className: "ts-marker",
    iconSize: [18, 18],
    html: mapHtml`<span style="display:block;width:18px;height:18px;border-radius:50%;background:${color};border:3px solid #fff;box-shadow:0 0 2px #000"></span>`
      .safeHtml,
  });

export default function DeliveryMap({ dropoff, pickup, vehicle, tiles, height = 320 }: Props) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, { keyboard: true });
    L.tileLayer(tiles.normal, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
    const points: L.LatLngTuple[] = [];
    const add = (p: Point | null | undefined, color: string, kind: string) => {
      if (!p) return;
      L.marker([p.lat, p.lng], { icon: dot(color), title: `${kind}: ${p.label}` })
        .bindPopup(mapHtml`<strong>${kind}</strong><br>${p.label}`.safeHtml)
        .addTo(m);
      points.push([p.lat, p.lng]);
    };
    add(pickup, "#495057", "Pickup");
    add(dropoff, "#c92a2a", "Drop-off");
    add(vehicle, "#1864ab", "Vehicle");
    if (points.length > 1) m.fitBounds(points, { padding: [30, 30], maxZoom: 15 });
    else m.setView(points[0] ?? [dropoff.lat, dropoff.lng], 14);
    return () => {
      m.remove();
    };
  }, [dropoff, pickup, vehicle, tiles]);
  return (
    <div
      ref={el}
      style={{ height, width: "100%", borderRadius: 8 }}
      role="region"
      aria-label="Map of the delivery"
      data-testid="delivery-map"
    />
  );
}

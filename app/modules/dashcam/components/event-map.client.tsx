/**
 * Where the event happened (browser only: Leaflet touches `window`): one marker, its popup
 * escaped (popup.ts). Tiles are optional; the page beside the map names the place too.
 */
import L from "leaflet";
import { useEffect, useRef } from "react";
import { mapHtml } from "~/lib/map-text";
import type { Tiles } from "~/lib/map-tiles";
import { eventPopup, eventTitle, type MapEvent } from "../popup";

export default function EventMap({
  lat,
  lng,
  event,
  tiles,
  height = 300,
}: {
  lat: number;
  lng: number;
  event: MapEvent;
  tiles: Tiles;
  height?: number;
}) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, { keyboard: true }).setView([lat, lng], 15);
    (el.current as HTMLDivElement & { leafletMap?: L.Map }).leafletMap = m;
    L.tileLayer(tiles.normal, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
    const icon = L.divIcon({
      className: "ts-dashcam-event",
      iconSize: [18, 18],
      iconAnchor: [9, 9],
      html: mapHtml`<span data-dashcam-marker style="display:block;width:18px;height:18px;border-radius:50%;background:#e03131;border:3px solid #fff;box-shadow:0 0 0 1px #495057"></span>`
        .safeHtml,
    });
    L.marker([lat, lng], { icon, title: eventTitle(event), keyboard: true })
      .bindPopup(eventPopup(event).safeHtml)
      .addTo(m);
    return () => {
      m.remove();
    };
  }, [lat, lng]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div
      ref={el}
      data-testid="event-map"
      role="application"
      aria-label="Map of where the event happened"
      style={{ height, width: "100%", background: "#dee2e6", borderRadius: 8 }}
    />
  );
}

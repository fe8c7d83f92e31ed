/**
 * One device and its geofence (browser only). Clicking the map moves the circle's centre; the
 * radius follows the form's radius field. The form fields stay the source of truth, so the same
 * form works without JavaScript by typing the numbers.
 */
import L from "leaflet";
import { useEffect, useRef } from "react";
import { mapHtml } from "~/lib/map-text";
import { deviceIconHtml } from "../device-icon";
import type { Tiles } from "~/lib/map-tiles";

type Props = {
  device: { lat: number | null; lng: number | null; nickname: string; avatar: string | null };
  centre: { lat: number; lng: number } | null;
  radius: number | null;
  tiles: Tiles;
  onCentre?: (c: { lat: number; lng: number }) => void;
  height?: number;
};

export default function GeofenceMap({
  device,
  centre,
  radius,
  tiles,
  onCentre,
  height = 360,
}: Props) {
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const circle = useRef<L.Circle | null>(null);
  const cb = useRef(onCentre);
  cb.current = onCentre;

  useEffect(() => {
    if (!el.current || map.current) return;
    const start: L.LatLngTuple = centre
      ? [centre.lat, centre.lng]
      : device.lat !== null && device.lng !== null
        ? [device.lat, device.lng]
        : [-27.47, 153.02];
    const m = L.map(el.current, { keyboard: true }).setView(start, 15);
    L.tileLayer(tiles.normal, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
    m.on("click", (e: L.LeafletMouseEvent) =>
      cb.current?.({ lat: Number(e.latlng.lat.toFixed(6)), lng: Number(e.latlng.lng.toFixed(6)) }),
    );
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const m = map.current;
    if (!m || device.lat === null || device.lng === null) return;
    const icon = L.divIcon({
      className: "ts-marker",
      iconSize: [28, 28],
      html: mapHtml`<span style="display:flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:50%;background:#fff;border:2px solid #1971c2;color:#212529">${deviceIconHtml(device.avatar)}</span>`
        .safeHtml,
    });
    marker.current ??= L.marker([device.lat, device.lng], { icon, title: device.nickname }).addTo(
      m,
    );
    marker.current.setLatLng([device.lat, device.lng]);
  }, [device.lat, device.lng, device.avatar, device.nickname]);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    if (!centre || !radius || radius <= 0) {
      circle.current?.remove();
      circle.current = null;
      return;
    }
    if (!circle.current)
      circle.current = L.circle([centre.lat, centre.lng], { radius, color: "#7048e8" }).addTo(m);
    circle.current.setLatLng([centre.lat, centre.lng]);
    circle.current.setRadius(radius);
  }, [centre?.lat, centre?.lng, radius]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div
      ref={el}
      data-testid="geofence-map"
      role="application"
      aria-label="Geofence map: click to place the centre"
      style={{ height, width: "100%", background: "#dee2e6", borderRadius: 8 }}
    />
  );
}

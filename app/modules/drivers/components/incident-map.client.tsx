/**
 * A driver's incidents on a map (browser only: Leaflet touches `window`). One marker per incident,
 * red when it counts and grey when dismissed; its popup (escaped through ~/lib/map-text) says what
 * happened, when, in which vehicle and how fast. Tiles are optional: the container has a plain
 * background, and the incident table beside it carries the same data.
 */
import L from "leaflet";
import { useEffect, useRef } from "react";
import { useSettings } from "~/components/settings/settings-context";
import { useCompanyZone } from "~/components/company-time";
import { mapHtml } from "~/lib/map-text";
import type { Tiles } from "~/lib/map-tiles";
import { incidentPopup, incidentTitle, type MapIncident } from "../incident-popup";

const BRISBANE: L.LatLngTuple = [-27.47, 153.02];

function icon(i: MapIncident) {
  const colour = i.dismissed ? "#868e96" : "#e03131";
  return L.divIcon({
    className: "ts-incident",
    iconSize: [18, 18],
    iconAnchor: [9, 9],
    html: mapHtml`<span data-incident="${i.id}" style="display:block;width:18px;height:18px;border-radius:50%;background:${colour};border:3px solid #fff;box-shadow:0 0 0 1px #495057"></span>`
      .safeHtml,
  });
}

export default function IncidentMap({
  incidents,
  tiles,
  height = 360,
}: {
  incidents: MapIncident[];
  tiles: Tiles;
  height?: number;
}) {
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const zone = useCompanyZone();

  useEffect(() => {
    if (!el.current || map.current) return;
    const m = L.map(el.current, { keyboard: true }).setView(BRISBANE, 10);
    (el.current as HTMLDivElement & { leafletMap?: L.Map }).leafletMap = m;
    L.tileLayer(tiles.normal, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
    layer.current = L.layerGroup().addTo(m);
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  // Revalidation hands over an equal list as a new array; redrawing it would move the map under
  // the user's pointer, so the markers are redrawn only when what they show changes.
  const { measurement } = useSettings().settings;
  const shown = `${measurement};${incidents.map((i) => `${i.id}:${i.dismissed ? 1 : 0}`).join(",")}`;
  useEffect(() => {
    const m = map.current;
    const g = layer.current;
    if (!m || !g) return;
    g.clearLayers();
    for (const i of incidents)
      L.marker([i.lat, i.lng], { icon: icon(i), title: incidentTitle(i, zone), keyboard: true })
        .bindPopup(incidentPopup(i, zone, measurement).safeHtml)
        .addTo(g);
    const all = incidents.map((i) => [i.lat, i.lng] as L.LatLngTuple);
    if (all.length === 1) m.setView(all[0]!, 15);
    else if (all.length > 1) m.fitBounds(L.latLngBounds(all), { padding: [30, 30], maxZoom: 16 });
  }, [shown, zone]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div
      ref={el}
      data-testid="incident-map"
      role="application"
      aria-label="Map of the driver's incidents"
      style={{ height, width: "100%", background: "#dee2e6", borderRadius: 8 }}
    />
  );
}

/**
 * Every jobsite of the list on one map (browser only): active ones solid, inactive ones dashed,
 * each named in its tooltip (as plain text) and opening its page when clicked.
 */
import L from "leaflet";
import { useEffect, useRef } from "react";
import { mapText } from "~/lib/map-text";
import type { Tiles } from "~/lib/map-tiles";

type Point = { lat: number; lng: number };
export type ListedSite = {
  id: number;
  name: string;
  active: boolean;
  geofence:
    | { type: "circle"; lat: number; lng: number; radius_meters: number }
    | { type: "polygon"; points: Point[] };
};

const COLOUR = "#d9480f";

export default function JobsitesMap({
  sites,
  tiles,
  onOpen,
}: {
  sites: ListedSite[];
  tiles: Tiles;
  onOpen: (id: number) => void;
}) {
  const el = useRef<HTMLDivElement>(null);
  const open = useRef(onOpen);
  open.current = onOpen;

  useEffect(() => {
    if (!el.current) return;
    const m = L.map(el.current, { keyboard: true }).setView([-27.47, 153.02], 10);
    (el.current as HTMLDivElement & { leafletMap?: L.Map }).leafletMap = m;
    L.tileLayer(tiles.normal, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
    const shapes = sites.map((s) => {
      const style = {
        color: COLOUR,
        dashArray: s.active ? undefined : "6 6",
        className: "ts-jobsite-fence",
      };
      const g = s.geofence;
      const shape =
        g.type === "circle"
          ? L.circle([g.lat, g.lng], { ...style, radius: g.radius_meters })
          : L.polygon(
              g.points.map((p) => [p.lat, p.lng] as [number, number]),
              style,
            );
      shape
        .bindTooltip(mapText(s.active ? s.name : `${s.name} (inactive)`).safeHtml)
        .on("click", () => open.current(s.id))
        .addTo(m);
      return shape;
    });
    if (shapes.length) {
      const bounds = shapes.reduce((b, s) => b.extend(s.getBounds()), shapes[0]!.getBounds());
      m.fitBounds(bounds, { padding: [20, 20], maxZoom: 16 });
    }
    return () => {
      m.remove();
    };
  }, [sites, tiles]);

  return (
    <div
      ref={el}
      data-testid="jobsites-map"
      role="region"
      aria-label="Map of the jobsites listed"
      style={{ height: 320, width: "100%", background: "#dee2e6", borderRadius: 8 }}
    />
  );
}

/**
 * Beacons on a map (browser only: Leaflet touches `window`), clustered with supercluster like the
 * fleet map; clusters say how many beacons of each status they hold. Optionally one beacon's
 * sightings as a trail. Tiles are optional: the container has a plain background, so the markers
 * stay usable when no tile loads (the network may be closed).
 */
import L from "leaflet";
import { useEffect, useMemo, useRef } from "react";
import Supercluster from "supercluster";
import { mapHtml } from "~/lib/map-text";
import type { Tiles } from "~/lib/map-tiles";
import { BEACON_STATUS_LABELS, BEACON_STATUSES, type BeaconStatus } from "../beacon-list";

export type BeaconPoint = {
  uuid: string;
  nickname: string;
  status: BeaconStatus;
  lat: number | null;
  lng: number | null;
};
type Props = {
  points: BeaconPoint[];
  tiles: Tiles;
  trail?: { lat: number; lng: number }[];
  cluster?: boolean;
  height?: number;
  /** Where a marker's click leads. */
  hrefOf?: (uuid: string) => string;
};

const COLOURS: Record<BeaconStatus, string> = {
  active: "#2f9e44",
  away: "#f08c00",
  lost: "#e03131",
  never: "#868e96",
};
const BRISBANE: L.LatLngTuple = [-27.47, 153.02];

function beaconIcon(p: BeaconPoint) {
  return L.divIcon({
    className: "ts-beacon",
    iconSize: [22, 22],
    iconAnchor: [11, 11],
    html: mapHtml`<span data-beacon="${p.uuid}" data-status="${p.status}" style="display:block;width:22px;height:22px;border-radius:50%;background:${COLOURS[p.status]};border:3px solid #fff;box-shadow:0 0 0 1px #495057"></span>`
      .safeHtml,
  });
}

function clusterIcon(count: number, c: number[]) {
  const size = count < 10 ? 32 : count < 100 ? 40 : 48;
  return L.divIcon({
    className: "ts-beacon-cluster",
    iconSize: [size, size],
    html: mapHtml`<span data-cluster-count="${count}" data-breakdown="${c.join(",")}" style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:50%;background:#fff;border:3px solid #1971c2;color:#212529;font:600 12px sans-serif">${count}</span>`
      .safeHtml,
  });
}

/** Beacons at one spot, each a link when the map has somewhere to send a click. */
function beaconList(list: BeaconPoint[], hrefOf: ((uuid: string) => string) | undefined) {
  const item = (p: BeaconPoint) => {
    const label = `${p.nickname} (${BEACON_STATUS_LABELS[p.status]})`;
    return mapHtml`<li data-beacon-item="${p.uuid}">${hrefOf ? mapHtml`<a href="${hrefOf(p.uuid)}">${label}</a>` : label}</li>`;
  };
  return mapHtml`<strong>${list.length} beacons at this spot</strong><ul style="margin:4px 0 0;padding-left:18px">${list.map(item)}</ul>`;
}

/** Beyond this zoom beacons are no longer clustered apart: a cluster that only splits later lists its beacons. */
const MAX_CLUSTER_ZOOM = 18;

type PointProps = { k: number; s: number };
type ClusterProps = { c: number[] };

export default function BeaconMap({
  points,
  tiles,
  trail,
  cluster = true,
  height = 480,
  hrefOf,
}: Props) {
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const render = useRef<() => void>(() => undefined);
  const hrefRef = useRef(hrefOf);
  hrefRef.current = hrefOf;
  const placed = useMemo(() => points.filter((p) => p.lat !== null && p.lng !== null), [points]);
  const index = useMemo(() => {
    if (!cluster) return null;
    const sc = new Supercluster<PointProps, ClusterProps>({
      radius: 50,
      maxZoom: MAX_CLUSTER_ZOOM,
      map: (p) => ({ c: BEACON_STATUSES.map((_, k) => (k === p.s ? 1 : 0)) }),
      reduce: (a, p) => {
        for (let k = 0; k < a.c.length; k++) a.c[k]! += p.c[k]!;
      },
    });
    sc.load(
      placed.map((p, k) => ({
        type: "Feature" as const,
        properties: { k, s: BEACON_STATUSES.indexOf(p.status) },
        geometry: { type: "Point" as const, coordinates: [p.lng!, p.lat!] },
      })),
    );
    return sc;
  }, [placed, cluster]);

  const fittedFor = useRef<unknown>(undefined);

  useEffect(() => {
    if (!el.current || map.current) return;
    const m = L.map(el.current, { keyboard: true }).setView(BRISBANE, 10);
    (el.current as HTMLDivElement & { leafletMap?: L.Map }).leafletMap = m;
    L.tileLayer(tiles.normal, { attribution: tiles.attribution, maxZoom: 19 }).addTo(m);
    layer.current = L.layerGroup().addTo(m);
    m.on("moveend", () => render.current());
    map.current = m;
    return () => {
      m.remove();
      map.current = null;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    render.current = () => {
      const m = map.current;
      const g = layer.current;
      if (!m || !g) return;
      g.clearLayers();
      if (trail && trail.length > 1)
        L.polyline(
          trail.map((p) => [p.lat, p.lng] as L.LatLngTuple),
          { color: "#7048e8", weight: 3, opacity: 0.7 },
        ).addTo(g);
      const add = (p: BeaconPoint) => {
        const mk = L.marker([p.lat!, p.lng!], {
          icon: beaconIcon(p),
          title: `${p.nickname} (${BEACON_STATUS_LABELS[p.status]})`,
          keyboard: true,
        });
        if (hrefRef.current) mk.on("click", () => window.location.assign(hrefRef.current!(p.uuid)));
        mk.addTo(g);
      };
      if (!index) return placed.forEach(add);
      const b = m.getBounds().pad(0.2);
      for (const f of index.getClusters(
        [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()],
        Math.round(m.getZoom()),
      )) {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        const props = f.properties as Partial<
          ClusterProps & { cluster: boolean; cluster_id: number; point_count: number }
        > &
          Partial<PointProps>;
        if (props.cluster) {
          const c = props.c!;
          const title = `${props.point_count} beacons: ${BEACON_STATUSES.map((s, k) => `${c[k]} ${BEACON_STATUS_LABELS[s].toLowerCase()}`).join(", ")}`;
          const mk = L.marker([lat, lng], {
            icon: clusterIcon(props.point_count!, c),
            title,
            keyboard: true,
          });
          mk.on("click", () => {
            const z = index.getClusterExpansionZoom(props.cluster_id!);
            if (z <= MAX_CLUSTER_ZOOM) return void m.setView([lat, lng], z);
            // Beacons at one spot (a rack, a shelf) never split: list them instead.
            const leaves = index
              .getLeaves(props.cluster_id!, Infinity)
              .map((f) => placed[(f.properties as PointProps).k]!);
            L.popup()
              .setLatLng([lat, lng])
              .setContent(beaconList(leaves, hrefRef.current).safeHtml)
              .openOn(m);
          });
          mk.addTo(g);
        } else add(placed[props.k!]!);
      }
    };
    const m = map.current;
    // The view is fitted once (and again for a new trail), not on every refresh of the data: a
    // revalidation must not pull the map away from where the user zoomed or clicked.
    if (m && fittedFor.current !== (trail ?? null)) {
      fittedFor.current = trail ?? null;
      const all: L.LatLngTuple[] = [
        ...placed.map((p) => [p.lat!, p.lng!] as L.LatLngTuple),
        ...(trail ?? []).map((p) => [p.lat, p.lng] as L.LatLngTuple),
      ];
      if (all.length === 1) m.setView(all[0]!, 15);
      else if (all.length > 1) m.fitBounds(L.latLngBounds(all), { padding: [30, 30], maxZoom: 16 });
    }
    render.current();
  }, [placed, index, trail]);

  return (
    <div
      ref={el}
      data-testid="beacon-map"
      role="application"
      aria-label="Map of beacons"
      style={{ height, width: "100%", background: "#dee2e6", borderRadius: 8 }}
    />
  );
}

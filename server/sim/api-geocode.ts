/**
 * Geocoding calls (designed; the spec names addresses and an address search without their shape),
 * answered from the simulator's own road network (roads.ts), so an address matches the road a
 * simulated vehicle is really driving on:
 *
 * - `GET /geocode/reverse?lat=&lng=&level=street|suburb` → one address: at street level the
 *   nearest road with a house number interpolated along it (odd on one side, even on the other),
 *   at suburb level the nearest suburb. 404 when no suburb lies within REACH_KM (open sea, another
 *   city): there is no address to give.
 * - `GET /geocode/search?q=&limit=` → places whose suburb or road name contains the text (a
 *   leading house number and a ", Suburb" part narrow the search), each with its coordinates.
 *
 * Pure reads of fixed data: the same answer in every run, nothing persisted.
 */
import { distanceKm, round6, type LatLng } from "./geo";
import { HttpError, ok, routes, type Ctx } from "./kit";
import { hash } from "./prng";
import { EDGES, NODES } from "./roads";

/** Farther than this from every suburb centre: no address. */
export const REACH_KM = 25;
/** Metres of road frontage per house number pair. */
const FRONTAGE_M = 15;

export type SimAddress = {
  lat: number;
  lng: number;
  level: "street" | "suburb";
  house_number: string | null;
  street: string | null;
  suburb: string;
  state: string;
  postcode: string;
  country: string;
  label: string;
  /** How far the answer is from the asked position (m). */
  distance_m: number;
};

const postcodeOf = (node: number) => String(4000 + (hash(node, 5) % 180));

function nearestNode(p: LatLng): { node: number; km: number } {
  let best = 0;
  let km = Infinity;
  NODES.forEach((n, i) => {
    const d = distanceKm(p, n);
    if (d < km) {
      km = d;
      best = i;
    }
  });
  return { node: best, km };
}

/** Unordered edges (each road once), with its points. */
const ROADS = [...EDGES.values()].filter((e) => e.from < e.to);

/** The nearest point of any road: which road, how far along it (km), on which side, how far away. */
function nearestRoad(p: LatLng) {
  const kx = Math.cos((p.lat * Math.PI) / 180);
  let best = { edge: ROADS[0]!, alongKm: 0, left: false, km: Infinity, at: p as LatLng };
  for (const e of ROADS) {
    for (let i = 1; i < e.points.length; i++) {
      const a = e.points[i - 1]!;
      const b = e.points[i]!;
      const ax = a.lng * kx,
        ay = a.lat,
        bx = b.lng * kx,
        by = b.lat,
        px = p.lng * kx,
        py = p.lat;
      const dx = bx - ax,
        dy = by - ay;
      const len2 = dx * dx + dy * dy;
      const t = len2 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2)) : 0;
      const at = { lat: a.lat + (b.lat - a.lat) * t, lng: a.lng + (b.lng - a.lng) * t };
      const km = distanceKm(p, at);
      if (km < best.km) {
        const cross = dx * (py - ay) - dy * (px - ax);
        best = {
          edge: e,
          alongKm: e.cum[i - 1]! + distanceKm(a, at),
          left: cross > 0,
          km,
          at,
        };
      }
    }
  }
  return best;
}

/** The address of a position at street or suburb level, or null when nothing is near. */
export function reverseGeocode(p: LatLng, level: "street" | "suburb"): SimAddress | null {
  const near = nearestNode(p);
  if (near.km > REACH_KM) return null;
  const suburb = NODES[near.node]!.name;
  const postcode = postcodeOf(near.node);
  const base = {
    suburb,
    state: "QLD",
    postcode,
    country: "Australia",
  };
  if (level === "suburb")
    return {
      ...base,
      lat: round6(NODES[near.node]!.lat),
      lng: round6(NODES[near.node]!.lng),
      level,
      house_number: null,
      street: null,
      label: `${suburb} QLD ${postcode}`,
      distance_m: Math.round(near.km * 1000),
    };
  const road = nearestRoad(p);
  const pair = Math.floor((road.alongKm * 1000) / FRONTAGE_M);
  const house = String(2 * pair + (road.left ? 1 : 2));
  return {
    ...base,
    lat: round6(road.at.lat),
    lng: round6(road.at.lng),
    level,
    house_number: house,
    street: road.edge.name,
    label: `${house} ${road.edge.name}, ${suburb} QLD ${postcode}`,
    distance_m: Math.round(road.km * 1000),
  };
}

export type SimPlace = { label: string; kind: "suburb" | "street"; lat: number; lng: number };

/** Suburbs and roads whose name contains the text; "12 Ipswich Rd, Annerley" narrows to that suburb. */
export function searchPlaces(text: string, limit = 10): SimPlace[] {
  const m = text
    .trim()
    .toLowerCase()
    .match(/^(\d+[a-z]?\s+)?([^,]+?)\s*(?:,\s*(.+))?$/);
  if (!m) return [];
  const name = m[2]!.trim();
  const within = m[3]?.trim().replace(/\s+qld.*$/, "") ?? "";
  const out: SimPlace[] = [];
  if (!m[1])
    NODES.forEach((n, i) => {
      if (n.name.toLowerCase().includes(name) && !within)
        out.push({
          label: `${n.name} QLD ${postcodeOf(i)}`,
          kind: "suburb",
          lat: n.lat,
          lng: n.lng,
        });
    });
  const seen = new Set<string>();
  for (const e of ROADS) {
    if (!e.name.toLowerCase().includes(name)) continue;
    const mid = e.points[1]!;
    const { node } = nearestNode(mid);
    const suburb = NODES[node]!.name;
    if (within && !suburb.toLowerCase().includes(within)) continue;
    const label = `${e.name}, ${suburb} QLD ${postcodeOf(node)}`;
    if (seen.has(label)) continue;
    seen.add(label);
    out.push({ label, kind: "street", lat: round6(mid.lat), lng: round6(mid.lng) });
  }
  return out.slice(0, limit);
}

function num(v: string | null, name: string, max: number): number {
  const n = v === null || v.trim() === "" ? NaN : Number(v);
  if (!Number.isFinite(n) || Math.abs(n) > max)
    throw new HttpError(400, `${name} must be a number between -${max} and ${max}`);
  return n;
}

function reverse(ctx: Ctx) {
  const lat = num(ctx.query.get("lat"), "lat", 90);
  const lng = num(ctx.query.get("lng"), "lng", 180);
  const level = ctx.query.get("level") ?? "street";
  if (level !== "street" && level !== "suburb")
    throw new HttpError(400, "level must be street or suburb");
  const a = reverseGeocode({ lat, lng }, level);
  if (!a) throw new HttpError(404, "No address near this position");
  return ok(a);
}

function search(ctx: Ctx) {
  const q = (ctx.query.get("q") ?? "").trim();
  if (q.length < 2 || q.length > 200) throw new HttpError(400, "q must be 2 to 200 characters");
  const limit = Math.min(20, Math.max(1, Number(ctx.query.get("limit")) || 10));
  return ok(searchPlaces(q, limit));
}

export const geocodeRoutes = routes([
  ["GET", "/geocode/reverse", reverse],
  ["GET", "/geocode/search", search],
]);

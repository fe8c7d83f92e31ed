/**
 * A small road network of Brisbane, Australia: real suburbs as intersections, joined by edges
 * named after real arterial roads. Vehicles drive shortest paths on it, so their tracks look like
 * road travel (bends, plausible speed limits) without shipping map data.
 */
import { distanceKm, type LatLng } from "./geo";
import { hash } from "./prng";

export type RoadNode = LatLng & { name: string };

/** Suburb centres (approximate real coordinates). */
export const NODES: readonly RoadNode[] = [
  { name: "Brisbane City", lat: -27.4698, lng: 153.0251 },
  { name: "Fortitude Valley", lat: -27.4575, lng: 153.0355 },
  { name: "South Brisbane", lat: -27.481, lng: 153.02 },
  { name: "Woolloongabba", lat: -27.49, lng: 153.037 },
  { name: "Toowong", lat: -27.485, lng: 152.993 },
  { name: "Indooroopilly", lat: -27.499, lng: 152.974 },
  { name: "Kelvin Grove", lat: -27.449, lng: 153.013 },
  { name: "Newmarket", lat: -27.436, lng: 153.008 },
  { name: "Windsor", lat: -27.433, lng: 153.032 },
  { name: "Albion", lat: -27.431, lng: 153.043 },
  { name: "Hamilton", lat: -27.438, lng: 153.064 },
  { name: "Eagle Farm", lat: -27.433, lng: 153.086 },
  { name: "Brisbane Airport", lat: -27.394, lng: 153.117 },
  { name: "Nundah", lat: -27.401, lng: 153.059 },
  { name: "Chermside", lat: -27.385, lng: 153.031 },
  { name: "Aspley", lat: -27.365, lng: 153.017 },
  { name: "Stafford", lat: -27.41, lng: 153.01 },
  { name: "Everton Park", lat: -27.405, lng: 152.99 },
  { name: "Ashgrove", lat: -27.444, lng: 152.987 },
  { name: "The Gap", lat: -27.445, lng: 152.945 },
  { name: "Milton", lat: -27.47, lng: 153.003 },
  { name: "Paddington", lat: -27.46, lng: 152.999 },
  { name: "Kangaroo Point", lat: -27.477, lng: 153.035 },
  { name: "East Brisbane", lat: -27.484, lng: 153.045 },
  { name: "Coorparoo", lat: -27.497, lng: 153.058 },
  { name: "Carindale", lat: -27.503, lng: 153.102 },
  { name: "Cannon Hill", lat: -27.47, lng: 153.094 },
  { name: "Murarrie", lat: -27.462, lng: 153.1 },
  { name: "Lytton", lat: -27.418, lng: 153.15 },
  { name: "Wynnum", lat: -27.443, lng: 153.173 },
  { name: "Capalaba", lat: -27.523, lng: 153.192 },
  { name: "Greenslopes", lat: -27.508, lng: 153.049 },
  { name: "Annerley", lat: -27.512, lng: 153.033 },
  { name: "Moorooka", lat: -27.535, lng: 153.025 },
  { name: "Rocklea", lat: -27.542, lng: 153.001 },
  { name: "Salisbury", lat: -27.551, lng: 153.03 },
  { name: "Sunnybank", lat: -27.578, lng: 153.06 },
  { name: "Mount Gravatt", lat: -27.538, lng: 153.08 },
  { name: "Holland Park", lat: -27.523, lng: 153.068 },
  { name: "Yeronga", lat: -27.516, lng: 153.016 },
  { name: "Sherwood", lat: -27.532, lng: 152.981 },
  { name: "Oxley", lat: -27.55, lng: 152.975 },
  { name: "Darra", lat: -27.568, lng: 152.953 },
  { name: "Richlands", lat: -27.596, lng: 152.953 },
  { name: "Archerfield", lat: -27.57, lng: 153.008 },
  { name: "Acacia Ridge", lat: -27.583, lng: 153.026 },
  { name: "Eight Mile Plains", lat: -27.583, lng: 153.1 },
  { name: "Upper Mount Gravatt", lat: -27.562, lng: 153.083 },
];

const ROAD_NAMES = [
  "Ipswich Rd",
  "Logan Rd",
  "Gympie Rd",
  "Sandgate Rd",
  "Kingsford Smith Dr",
  "Old Cleveland Rd",
  "Coronation Dr",
  "Milton Rd",
  "Waterworks Rd",
  "Kessels Rd",
  "Beaudesert Rd",
  "Wynnum Rd",
  "Lutwyche Rd",
  "Stafford Rd",
  "Moggill Rd",
  "Samford Rd",
  "Riding Rd",
  "Boundary St",
  "Stanley St",
  "Annerley Rd",
  "Fairfield Rd",
  "Oxley Rd",
  "Granard Rd",
  "Mains Rd",
  "Creek Rd",
  "Lytton Rd",
  "Newman Rd",
  "Webster Rd",
  "Hamilton Rd",
  "Junction Rd",
];
const MOTORWAYS = [
  "Pacific Mwy",
  "Centenary Hwy",
  "Gateway Mwy",
  "Inner City Bypass",
  "Ipswich Mwy",
];

export type Edge = {
  from: number;
  to: number;
  name: string;
  limitKmh: number;
  /** Polyline including both ends, with a bend point so tracks look like roads, not rulers. */
  points: LatLng[];
  /** Cumulative km at each point. */
  cum: number[];
  km: number;
};

const CBD = NODES[0]!;

function buildEdges(): Map<string, Edge> {
  const edges = new Map<string, Edge>();
  const add = (a: number, b: number) => {
    if (a === b || edges.has(`${a}-${b}`)) return;
    const A = NODES[a]!;
    const B = NODES[b]!;
    const lo = Math.min(a, b);
    const hi = Math.max(a, b);
    const straight = distanceKm(A, B);
    const fromCbd = Math.min(distanceKm(A, CBD), distanceKm(B, CBD));
    const motorway = straight > 5 && hash(lo, hi, 7) % 3 === 0;
    const limitKmh = motorway ? 100 : fromCbd < 3 ? 50 : fromCbd < 8 ? 60 : straight > 4 ? 80 : 70;
    const name = motorway
      ? MOTORWAYS[hash(lo, hi) % MOTORWAYS.length]!
      : ROAD_NAMES[hash(lo, hi) % ROAD_NAMES.length]!;
    // One bend per edge, offset perpendicular by up to 8 % of its length; the same bend for both
    // directions (keyed by the unordered pair) so a round trip retraces the same road.
    const offset = ((hash(lo, hi, 3) % 1000) / 1000 - 0.5) * 0.16;
    const L = NODES[lo]!;
    const H = NODES[hi]!;
    const mid = {
      lat: (L.lat + H.lat) / 2 - (H.lng - L.lng) * offset,
      lng: (L.lng + H.lng) / 2 + (H.lat - L.lat) * offset,
    };
    for (const [f, t] of [
      [a, b],
      [b, a],
    ] as const) {
      const points = [NODES[f]!, mid, NODES[t]!].map((p) => ({ lat: p.lat, lng: p.lng }));
      const cum = [0];
      for (let i = 1; i < points.length; i++)
        cum.push(cum[i - 1]! + distanceKm(points[i - 1]!, points[i]!));
      edges.set(`${f}-${t}`, {
        from: f,
        to: t,
        name,
        limitKmh,
        points,
        cum,
        km: cum[cum.length - 1]!,
      });
    }
  };
  // Join every suburb to its three nearest neighbours; that gives a connected, grid-like network.
  NODES.forEach((n, i) => {
    const nearest = NODES.map((m, j) => ({ j, d: distanceKm(n, m) }))
      .filter((x) => x.j !== i)
      .sort((x, y) => x.d - y.d)
      .slice(0, 3);
    for (const { j } of nearest) add(i, j);
  });
  return edges;
}

export const EDGES = buildEdges();

/** Shortest paths (Dijkstra from every node; the graph is tiny so this runs once at import). */
function buildPaths(): { next: Int16Array; dist: Float64Array } {
  const n = NODES.length;
  const adj: number[][] = NODES.map(() => []);
  for (const e of EDGES.values()) adj[e.from]!.push(e.to);
  const dist = new Float64Array(n * n).fill(Infinity);
  const next = new Int16Array(n * n).fill(-1);
  for (let s = 0; s < n; s++) {
    const d = new Float64Array(n).fill(Infinity);
    const prev = new Int16Array(n).fill(-1);
    const done = new Uint8Array(n);
    d[s] = 0;
    for (;;) {
      let u = -1;
      for (let i = 0; i < n; i++)
        if (!done[i] && d[i]! < Infinity && (u < 0 || d[i]! < d[u]!)) u = i;
      if (u < 0) break;
      done[u] = 1;
      for (const v of adj[u]!) {
        const w = d[u]! + EDGES.get(`${u}-${v}`)!.km;
        if (w < d[v]!) {
          d[v] = w;
          prev[v] = u;
        }
      }
    }
    for (let t = 0; t < n; t++) {
      dist[s * n + t] = d[t]!;
      // First hop from s towards t, found by walking back from t.
      let cur = t;
      while (cur >= 0 && prev[cur] !== s && cur !== s) cur = prev[cur]!;
      next[s * n + t] = cur === s ? -1 : cur;
    }
  }
  return { next, dist };
}

const PATHS = buildPaths();

/** Road distance in km between two suburbs. */
export function roadKm(a: number, b: number): number {
  return a === b ? 0 : PATHS.dist[a * NODES.length + b]!;
}

/** The edges driven from suburb a to suburb b. */
export function route(a: number, b: number): Edge[] {
  const out: Edge[] = [];
  let cur = a;
  let guard = 0;
  while (cur !== b && guard++ < NODES.length) {
    const hop = PATHS.next[cur * NODES.length + b]!;
    if (hop < 0) break;
    out.push(EDGES.get(`${cur}-${hop}`)!);
    cur = hop;
  }
  return out;
}

/** A synthetic but stable street address near a suburb node. */
export function addressNear(node: number, salt: number): string {
  const n = NODES[node]!;
  const street = ROAD_NAMES[hash(node, salt, 11) % ROAD_NAMES.length]!;
  return `${1 + (hash(node, salt, 12) % 480)} ${street}, ${n.name} QLD ${4000 + (hash(node, 5) % 180)}`;
}

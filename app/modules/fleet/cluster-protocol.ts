/**
 * The fleet map's cluster index runs in a Web Worker (supercluster over 10,000 points takes
 * 150–300 ms on a loaded 2-core machine: on the main thread that is a frozen map). This is the
 * shared contract of the worker (served by app/routes/map-cluster-worker[.]js.ts) and its client
 * (app/components/map/cluster-source.ts). Bump WORKER_VERSION when the protocol changes: the
 * script is cached by the browser per version.
 */
export const WORKER_VERSION = "1";
export const WORKER_URL = `/map-cluster-worker.js?v=${WORKER_VERSION}`;

/** Supercluster options; the map/reduce functions live in the worker source. */
export const CLUSTER_RADIUS = 60;
export const CLUSTER_MAX_ZOOM = 19;

/** [lng, lat, count, clusterId, moving, idling, resting, offline] or, for one device, [lng, lat, -1, deviceIndex]. */
export type ClusterItem = number[];

export type ToWorker =
  | { type: "load"; gen: number; points: Float64Array }
  | { type: "query"; id: number; bbox: [number, number, number, number]; zoom: number }
  | { type: "expand"; id: number; clusterId: number };
export type FromWorker =
  | { type: "loaded"; gen: number; ms: number }
  | { type: "result"; id: number; gen: number; items: ClusterItem[] }
  | { type: "expanded"; id: number; zoom: number };

/** The worker's own code (plain JS, run after supercluster's UMD build defined `Supercluster`). */
export const WORKER_BODY = `
"use strict";
let index = null;
let gen = 0;
const options = {
  radius: ${CLUSTER_RADIUS},
  maxZoom: ${CLUSTER_MAX_ZOOM},
  map: (p) => ({ c: [p.s === 0 ? 1 : 0, p.s === 1 ? 1 : 0, p.s === 2 ? 1 : 0, p.s === 3 ? 1 : 0] }),
  reduce: (a, p) => { for (let k = 0; k < 4; k++) a.c[k] += p.c[k]; },
};
self.onmessage = (e) => {
  const m = e.data;
  if (m.type === "load") {
    const t = performance.now();
    const pts = m.points;
    const features = new Array(pts.length / 4);
    for (let k = 0, j = 0; k < pts.length; k += 4, j++) {
      features[j] = { type: "Feature", properties: { i: pts[k + 2], s: pts[k + 3] }, geometry: { type: "Point", coordinates: [pts[k], pts[k + 1]] } };
    }
    index = new Supercluster(options).load(features);
    gen = m.gen;
    self.postMessage({ type: "loaded", gen, ms: performance.now() - t });
  } else if (m.type === "query") {
    const items = index
      ? index.getClusters(m.bbox, m.zoom).map((f) => {
          const p = f.properties;
          const [lng, lat] = f.geometry.coordinates;
          return p.cluster ? [lng, lat, p.point_count, p.cluster_id, p.c[0], p.c[1], p.c[2], p.c[3]] : [lng, lat, -1, p.i];
        })
      : [];
    self.postMessage({ type: "result", id: m.id, gen, items });
  } else if (m.type === "expand") {
    let zoom = ${CLUSTER_MAX_ZOOM};
    try { zoom = index ? index.getClusterExpansionZoom(m.clusterId) : zoom; } catch (err) { /* a cluster of an older index */ }
    self.postMessage({ type: "expanded", id: m.id, zoom });
  }
};
`;

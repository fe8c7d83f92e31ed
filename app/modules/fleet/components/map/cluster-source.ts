/**
 * The fleet map's cluster index, in a Web Worker when the browser allows it (see
 * app/lib/cluster-protocol.ts) and on the main thread otherwise. Requests are answered in order,
 * so a query sent right after a load is answered from the new index.
 */
import Supercluster from "supercluster";
import { STATUSES } from "../../device-status";
import {
  CLUSTER_MAX_ZOOM,
  CLUSTER_RADIUS,
  WORKER_URL,
  type ClusterItem,
  type FromWorker,
  type ToWorker,
} from "../../cluster-protocol";
import type { MapDevice } from "../../map-data-format";

export type BBox = [number, number, number, number];
export type ClusterSource = {
  /** Replaces the indexed points (devices without a position are left out). */
  load(devices: MapDevice[]): void;
  query(bbox: BBox, zoom: number): Promise<ClusterItem[]>;
  expansionZoom(clusterId: number): Promise<number>;
  dispose(): void;
};

/** [lng, lat, index, status code] per positioned device. */
function pack(devices: MapDevice[]): Float64Array {
  let n = 0;
  for (const d of devices) if (d.lat !== null && d.lng !== null) n++;
  const out = new Float64Array(n * 4);
  let k = 0;
  for (const d of devices) {
    if (d.lat === null || d.lng === null) continue;
    out[k++] = d.lng;
    out[k++] = d.lat;
    out[k++] = d.index;
    out[k++] = STATUSES.indexOf(d.status);
  }
  return out;
}

type PointProps = { i: number; s: number };
type ClusterProps = { c: [number, number, number, number] };

/** The same index on the main thread (no Worker, or the worker failed to start). */
function localSource(): ClusterSource {
  let index: Supercluster<PointProps, ClusterProps> | null = null;
  return {
    load(devices) {
      const pts = pack(devices);
      const t = performance.now();
      const features = [];
      for (let k = 0; k < pts.length; k += 4) {
        features.push({
          type: "Feature" as const,
          properties: { i: pts[k + 2]!, s: pts[k + 3]! },
          geometry: { type: "Point" as const, coordinates: [pts[k]!, pts[k + 1]!] },
        });
      }
      index = new Supercluster<PointProps, ClusterProps>({
        radius: CLUSTER_RADIUS,
        maxZoom: CLUSTER_MAX_ZOOM,
        map: (p) => ({
          c: [p.s === 0 ? 1 : 0, p.s === 1 ? 1 : 0, p.s === 2 ? 1 : 0, p.s === 3 ? 1 : 0],
        }),
        reduce: (a, p) => {
          for (let k = 0; k < 4; k++) a.c[k]! += p.c[k]!;
        },
      }).load(features);
      performance.measure("fleet:index (main thread)", { start: t });
    },
    async query(bbox, zoom) {
      if (!index) return [];
      return index.getClusters(bbox, zoom).map((f) => {
        const p = f.properties as Partial<
          ClusterProps & PointProps & { cluster: boolean; cluster_id: number; point_count: number }
        >;
        const [lng, lat] = f.geometry.coordinates as [number, number];
        return p.cluster
          ? [lng, lat, p.point_count!, p.cluster_id!, ...p.c!]
          : [lng, lat, -1, p.i!];
      });
    },
    async expansionZoom(clusterId) {
      try {
        return index ? index.getClusterExpansionZoom(clusterId) : CLUSTER_MAX_ZOOM;
      } catch {
        return CLUSTER_MAX_ZOOM; // a cluster of an older index
      }
    },
    dispose() {
      index = null;
    },
  };
}

export function createClusterSource(): ClusterSource {
  if (typeof Worker === "undefined") return localSource();
  let worker: Worker | null = null;
  let fallback: ClusterSource | null = null;
  let last: MapDevice[] | null = null;
  let seq = 0;
  let gen = 0;
  const waiting = new Map<
    number,
    { resolve: (v: never) => void; redo: (s: ClusterSource) => Promise<unknown> }
  >();

  const fail = () => {
    if (fallback) return;
    worker?.terminate();
    worker = null;
    fallback = localSource();
    if (last) fallback.load(last);
    for (const [id, w] of waiting) {
      waiting.delete(id);
      void w.redo(fallback).then(w.resolve as (v: unknown) => void);
    }
  };
  try {
    worker = new Worker(WORKER_URL);
  } catch {
    return localSource();
  }
  worker.onerror = fail;
  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    const m = e.data;
    if (m.type === "loaded") {
      performance.measure("fleet:index (worker)", { start: performance.now() - m.ms });
      return;
    }
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    (w.resolve as (v: unknown) => void)(m.type === "result" ? m.items : m.zoom);
  };
  const post = (msg: ToWorker, transfer: Transferable[] = []) => worker!.postMessage(msg, transfer);
  const ask = <T>(
    make: (id: number) => ToWorker,
    redo: (s: ClusterSource) => Promise<T>,
  ): Promise<T> => {
    if (fallback) return redo(fallback);
    const id = ++seq;
    return new Promise<T>((resolve) => {
      waiting.set(id, { resolve: resolve as (v: never) => void, redo });
      post(make(id));
    });
  };

  return {
    load(devices) {
      last = devices;
      if (fallback) return fallback.load(devices);
      const points = pack(devices);
      post({ type: "load", gen: ++gen, points }, [points.buffer]);
    },
    query: (bbox, zoom) =>
      ask(
        (id) => ({ type: "query", id, bbox, zoom }),
        (s) => s.query(bbox, zoom),
      ),
    expansionZoom: (clusterId) =>
      ask(
        (id) => ({ type: "expand", id, clusterId }),
        (s) => s.expansionZoom(clusterId),
      ),
    dispose() {
      worker?.terminate();
      worker = null;
      fallback?.dispose();
      waiting.clear();
    },
  };
}

let shared: ClusterSource | null = null;

/**
 * The page's cluster source, created early (when the map page's code runs, before the data and
 * the map component arrive) so the worker has started by the time the first positions are sent.
 */
export function sharedClusterSource(): ClusterSource {
  if (!shared) {
    const s = createClusterSource();
    shared = {
      ...s,
      dispose() {
        s.dispose();
        if (shared === this) shared = null;
      },
    };
  }
  return shared;
}

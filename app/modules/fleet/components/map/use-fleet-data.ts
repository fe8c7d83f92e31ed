import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import type { DeviceStatus } from "../../device-status";
import { decodeMap, type MapDevice, type MapLive, type MapStatic } from "../../map-data-format";

export type SyncInfo = { okAt: string | null; failedAt: string | null; stale: boolean };
export type Fence = { imei: string; lat: number; lng: number; meters: number };
export type FleetData = {
  devices: MapDevice[];
  groups: [number, string][];
  tags: [number, string, string | null][];
  fences: Fence[];
  at: number;
};

type Change = { imei: string; added?: boolean; removed?: boolean } & Record<string, unknown>;

/**
 * The static part by version: memory, then the network. It is immutable per version, so a later
 * visit takes it from the browser's HTTP cache (or from the page's preload); no sessionStorage copy
 * (writing 600 kB there blocked the main thread for tens of ms).
 */
async function loadStatic(v: string, memo: { current: MapStatic | null }): Promise<MapStatic> {
  if (memo.current?.v === v) return memo.current;
  const res = await fetch(`/api/map-data?part=static&v=${encodeURIComponent(v)}`, {
    credentials: "same-origin",
  });
  if (!res.ok) throw new Error(`map data ${res.status}`);
  const st = (await res.json()) as MapStatic;
  memo.current = st;
  return st;
}

function toFleet(st: MapStatic, live: MapLive): FleetData {
  return {
    devices: decodeMap(st, live),
    groups: st.groups,
    tags: st.tags,
    fences: st.fence.map(([i, lat, lng, meters]) => ({
      imei: st.imei[i]!,
      lat: lat / 1e5,
      lng: lng / 1e5,
      meters,
    })),
    at: live.t,
  };
}

/** Applies a batch of live changes (only changed fields) to the device list. */
export function applyChanges(
  devices: MapDevice[],
  batch: Change[],
): { devices: MapDevice[]; needsReload: boolean } {
  const index = new Map(devices.map((d, i) => [d.imei, i]));
  const next = devices.slice();
  let needsReload = false;
  for (const c of batch) {
    const i = index.get(c.imei);
    if (c.added || c.removed || i === undefined) {
      needsReload = true;
      continue;
    }
    const d = { ...next[i]! };
    if (typeof c.lat === "number" || c.lat === null) d.lat = c.lat as number | null;
    if (typeof c.lng === "number" || c.lng === null) d.lng = c.lng as number | null;
    if (typeof c.status === "string") d.status = c.status as DeviceStatus;
    if (typeof c.outdated === "boolean") d.outdated = c.outdated;
    if (typeof c.heading === "number") d.heading = c.heading;
    if (typeof c.nickname === "string") {
      d.nickname = c.nickname;
      needsReload = true; // the order of the list changes
    }
    if (typeof c.avatar === "string" || c.avatar === null) d.avatar = c.avatar as string | null;
    if (Array.isArray(c.groups)) d.groupIds = (c.groups as { id: number }[]).map((g) => g.id);
    if (Array.isArray(c.tags)) d.tagIds = (c.tags as { id: number }[]).map((t) => t.id);
    if ("geofenceGps" in c || "geofenceMeters" in c) needsReload = true;
    next[i] = d;
  }
  return { devices: next, needsReload };
}

/**
 * The fleet for the maps: the compact payload, then live changes over SSE. Reconnects with backoff,
 * and at once when the tab becomes visible or the network returns (reloading what it missed).
 */
export function useFleetData(initialSync: SyncInfo) {
  const [data, setData] = useState<FleetData | null>(null);
  const [sync, setSync] = useState<SyncInfo>(initialSync);
  const [live, setLive] = useState<"connecting" | "open" | "closed">("connecting");
  const [error, setError] = useState<string | null>(null);
  const staticRef = useRef<MapStatic | null>(null);
  const loading = useRef<Promise<void> | null>(null);

  const reload = useCallback(() => {
    loading.current ??= (async () => {
      try {
        const res = await fetch("/api/map-data", { credentials: "same-origin" });
        if (!res.ok) throw new Error(`map data ${res.status}`);
        const liveData = (await res.json()) as MapLive;
        const st = await loadStatic(liveData.s, staticRef);
        // User timings (DevTools, the benchmark): when the data arrived and what decoding cost.
        performance.mark("fleet:data");
        const fleet = toFleet(st, liveData);
        performance.measure("fleet:decode", "fleet:data");
        setData(fleet);
        setError(null);
      } catch (e) {
        setError((e as Error).message);
      } finally {
        loading.current = null;
      }
    })();
    return loading.current;
  }, []);

  useEffect(() => {
    performance.mark("fleet:hydrated");
    void reload();
    let es: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let delay = 1000;
    let closed = false;
    // The id of the last event: a new connection resumes after it (nothing is missed meanwhile).
    let lastId = "";
    const remember = (ev: Event) => {
      if ((ev as MessageEvent).lastEventId) lastId = (ev as MessageEvent).lastEventId;
    };
    const connect = () => {
      if (closed || es) return;
      setLive("connecting");
      es = new EventSource(
        lastId ? `/api/live?lastEventId=${encodeURIComponent(lastId)}` : "/api/live",
      );
      es.addEventListener("ready", remember);
      // The server cannot resume from lastId (too old): load everything again.
      es.addEventListener("resync", (ev) => {
        remember(ev);
        void reload();
      });
      es.addEventListener("open", () => {
        delay = 1000;
        setLive("open");
      });
      es.addEventListener("devices", (ev) => {
        remember(ev);
        const batch = JSON.parse((ev as MessageEvent).data) as Change[];
        if (
          batch.some(
            (c) =>
              c.added ||
              c.removed ||
              typeof c.nickname === "string" ||
              "geofenceGps" in c ||
              "geofenceMeters" in c,
          )
        )
          void reload();
        // A transition: React renders the update in slices, so a burst never holds a frame (zoom, typing).
        startTransition(() =>
          setData((cur) => {
            if (!cur) return cur;
            return { ...cur, devices: applyChanges(cur.devices, batch).devices, at: Date.now() };
          }),
        );
      });
      es.addEventListener("sync", (ev) =>
        setSync(JSON.parse((ev as MessageEvent).data) as SyncInfo),
      );
      es.addEventListener("error", () => {
        es?.close();
        es = null;
        setLive("closed");
        if (closed) return;
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, 30_000);
      });
    };
    const wake = () => {
      if (document.visibilityState !== "visible") return;
      if (retry) clearTimeout(retry);
      retry = null;
      delay = 1000;
      if (!es) {
        void reload();
        connect();
      }
    };
    connect();
    document.addEventListener("visibilitychange", wake);
    window.addEventListener("online", wake);
    return () => {
      closed = true;
      es?.close();
      if (retry) clearTimeout(retry);
      document.removeEventListener("visibilitychange", wake);
      window.removeEventListener("online", wake);
    };
  }, [reload]);

  return { data, sync, live, error, reload };
}

import { useEffect, useState } from "react";

/**
 * One device's fields kept current from the live feed (only changed fields arrive). Reconnects
 * when the tab becomes visible again or the network returns.
 */
export function useDeviceLive<T extends { imei: string }>(initial: T): T {
  const [device, setDevice] = useState<T>(initial);
  useEffect(() => setDevice(initial), [initial]);
  useEffect(() => {
    let es: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let closed = false;
    // The id of the last event: a new connection resumes after it (nothing is missed meanwhile).
    let lastId = "";
    const remember = (ev: Event) => {
      if ((ev as MessageEvent).lastEventId) lastId = (ev as MessageEvent).lastEventId;
    };
    const connect = () => {
      if (closed || es) return;
      es = new EventSource(
        lastId ? `/api/live?lastEventId=${encodeURIComponent(lastId)}` : "/api/live",
      );
      es.addEventListener("ready", remember);
      es.addEventListener("resync", remember);
      es.addEventListener("devices", (ev) => {
        remember(ev);
        const batch = JSON.parse((ev as MessageEvent).data) as ({ imei: string } & Record<
          string,
          unknown
        >)[];
        const mine = batch.filter((c) => c.imei === initial.imei);
        if (mine.length) setDevice((cur) => Object.assign({}, cur, ...mine));
      });
      es.addEventListener("error", () => {
        es?.close();
        es = null;
        if (!closed) retry = setTimeout(connect, 5000);
      });
    };
    const wake = () => {
      if (document.visibilityState === "visible" && !es) {
        if (retry) clearTimeout(retry);
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
  }, [initial.imei]);
  return device;
}

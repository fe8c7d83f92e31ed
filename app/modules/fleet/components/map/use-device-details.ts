import { useEffect, useRef, useState } from "react";
import type { DeviceDetails } from "../../fleet-view-data";

const REFRESH_MS = 30_000;
export const DETAILS_MAX = 200;

/**
 * Details (speed, ignition, driver, last contact, address) of the devices shown in the list and the
 * focused one, from /api/device-details: asked again when the shown devices or the address level
 * change, and every REFRESH_MS. What the server rendered is the start; answers merge into it.
 */
export function useDeviceDetails(
  imeis: string[],
  accurate: boolean,
  initial: Record<string, DeviceDetails>,
): Record<string, DeviceDetails> {
  const [details, setDetails] = useState<Record<string, DeviceDetails>>(initial);
  const key = imeis.slice(0, DETAILS_MAX).join(",");
  const level = useRef(accurate);
  useEffect(() => {
    if (!key) return;
    let on = true;
    const levelChanged = level.current !== accurate;
    level.current = accurate;
    const load = async () => {
      try {
        const res = await fetch(
          `/api/device-details?imei=${encodeURIComponent(key)}${accurate ? "&accurate=1" : ""}`,
          { credentials: "same-origin" },
        );
        if (!res.ok || !on) return;
        const body = (await res.json()) as Record<string, DeviceDetails>;
        if (on) setDetails((cur) => ({ ...(levelChanged ? {} : cur), ...body }));
      } catch {
        // Offline for a moment: the next round asks again.
      }
    };
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      on = false;
      clearInterval(timer);
    };
  }, [key, accurate]);
  return details;
}

/**
 * A clock for "3 min ago" texts, ticking every 30 s. It starts at the server's render time, so the
 * hydrated text is the server's text.
 */
export function useNow(serverNow: number): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(t);
  }, []);
  return now;
}

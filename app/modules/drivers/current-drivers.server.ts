/**
 * Who drives each vehicle now, for other modules (the fleet map's popup and list): the driver of
 * the vehicle's latest driver session of the past day, by name. Read from the same upstream calls
 * as the rest of this module, per company for a minute.
 */
import { upstream } from "~/services/api.server";
import type { Auth } from "~/services/company-context.server";
import { logError } from "~/services/log.server";
import { singleton } from "~/services/singleton.server";
import { listDrivers } from "./data.server";
import { driverName } from "./safety.server";
import { driverSessions } from "./upstream.server";

const DAY = 86_400_000;
const DRIVER_TTL_MS = 60_000;

const driverCache = singleton(
  "fleetCurrentDrivers",
  () => new Map<number, { at: number; value: Promise<Map<string, string>> }>(),
);

/** imei → the name of who drove it last in the past day (drivers module), per company for a minute. */
export function currentDrivers(auth: Auth, now = Date.now()): Promise<Map<string, string>> {
  const hit = driverCache.get(auth.companyId);
  if (hit && now - hit.at < DRIVER_TTL_MS) return hit.value;
  const value = (async () => {
    const up = upstream(auth.token);
    const [drivers, sessions] = await Promise.all([
      listDrivers(auth),
      driverSessions(up, {
        from: new Date(now - DAY).toISOString(),
        to: new Date(now).toISOString(),
      }),
    ]);
    const names = new Map(drivers.map((d) => [d.id, driverName(d)]));
    const latest = new Map<string, { start: number; name: string }>();
    for (const s of sessions) {
      const start = Date.parse(s.start);
      const name = s.driver_id === null ? undefined : names.get(s.driver_id);
      if (!name || start > now) continue;
      const prev = latest.get(s.imei);
      if (!prev || start > prev.start) latest.set(s.imei, { start, name });
    }
    return new Map([...latest].map(([imei, v]) => [imei, v.name]));
  })().catch((e: unknown) => {
    // A company without the drivers feature, or the upstream away: the permanent driver stands.
    logError("fleet-drivers", e);
    return new Map<string, string>();
  });
  driverCache.set(auth.companyId, { at: now, value });
  return value;
}

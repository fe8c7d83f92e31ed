/**
 * What a marker popup and a list row show beyond the map's compact payload (issue 17): speed,
 * ignition, driver, last contact and the address, for up to MAX_DETAILS devices of the session's
 * company (an imei of another company is simply not in the answer). The driver is the one the
 * drivers module knows drove the vehicle last (its latest driver session today), else the
 * vehicle's permanent driver.
 */
import { upstream } from "~/services/api.server";
import type { Auth } from "~/services/company-context.server";
import { prisma } from "~/services/db.server";
import { logError } from "~/services/log.server";
import { singleton } from "~/services/singleton.server";
import { listDrivers } from "~/modules/drivers/data.server";
import { driverName } from "~/modules/drivers/safety.server";
import { driverSessions } from "~/modules/drivers/upstream.server";
import { addressesFor, levelOf } from "./addresses.server";
import { ROW, toView, type Row } from "./devices.server";
import type { DeviceDetails } from "./fleet-view-data";

export const MAX_DETAILS = 200;
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

function within<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    p,
    new Promise<T>((r) => (timer = setTimeout(() => r(fallback), Math.max(0, ms)))),
  ]).finally(() => clearTimeout(timer));
}

/** Details of the company's devices among `imeis` (at most MAX_DETAILS), keyed by imei. */
export async function deviceDetails(
  auth: Auth,
  imeis: string[],
  accurateAddress: boolean,
  { now = Date.now(), budgetMs = 1500 }: { now?: number; budgetMs?: number } = {},
): Promise<Record<string, DeviceDetails>> {
  const wanted = [...new Set(imeis)].slice(0, MAX_DETAILS);
  if (!wanted.length) return {};
  const rows = (await prisma.device.findMany({
    where: { companyId: auth.companyId, imei: { in: wanted } },
    select: ROW,
  })) as Row[];
  const views = rows.map((r) => toView(r, now));
  const positioned = views.filter((v) => v.lat !== null && v.lng !== null);
  const [drivers, addresses] = await Promise.all([
    // Never wait longer for the drivers than for the addresses: the permanent driver stands meanwhile.
    within(currentDrivers(auth, now), budgetMs, new Map<string, string>()),
    addressesFor(
      auth,
      positioned.map((v) => ({ lat: v.lat!, lng: v.lng! })),
      levelOf(accurateAddress),
      { budgetMs, now },
    ),
  ]);
  const addressOf = new Map(positioned.map((v, i) => [v.imei, addresses[i] ?? null]));
  const out: Record<string, DeviceDetails> = {};
  for (const v of views)
    out[v.imei] = {
      speed: v.status === "offline" ? null : v.speed,
      ignition: v.status === "offline" ? null : v.ignition,
      driver: drivers.get(v.imei) ?? v.permdriver ?? null,
      lastContactAt: v.lastContactAt,
      address: addressOf.get(v.imei) ?? null,
    };
  return out;
}

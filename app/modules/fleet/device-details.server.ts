/**
 * What a marker popup and a list row show beyond the map's compact payload (issue 17): speed,
 * ignition, driver, last contact and the address, for up to MAX_DETAILS devices of the session's
 * company (an imei of another company is simply not in the answer). The driver is the one the
 * drivers module knows drove the vehicle last (its latest driver session today), else the
 * vehicle's permanent driver.
 */
import type { Auth } from "~/services/company-context.server";
import { prisma } from "~/services/db.server";
import { addressesFor, levelOf } from "./addresses.server";
import { ROW, toView, type Row } from "./devices.server";
import type { DeviceDetails } from "./fleet-view-data";

export const MAX_DETAILS = 200;

/**
 * imei → who drives it now: the drivers module's `currentDrivers`, handed in by the route, since
 * drivers depends on fleet (vehicles, permanent drivers) and fleet may not depend on it back.
 */
export type CurrentDrivers = (auth: Auth, now: number) => Promise<Map<string, string>>;

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
  currentDrivers: CurrentDrivers,
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

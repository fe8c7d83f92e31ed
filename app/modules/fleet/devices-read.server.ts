/** Reads of the device cache: never wait for the upstream, except the very first fill of a company. */
import { maySee, type Auth } from "~/services/company-context.server";
import { prisma } from "~/services/db.server";
import { logError } from "~/services/log.server";
import type { SyncInfo } from "~/lib/sync-info";
import { companyDerived, companyViews } from "./device-views.server";
import { readRows, ROW, toView, type DeviceView, type Row } from "./devices.server";
import { refreshIfStale, syncDevices, syncInfo } from "./devices-sync.server";

export type DeviceList = { devices: DeviceView[]; sync: SyncInfo };

/** The first read of a company fills the cache synchronously; later reads never wait for the upstream. */
async function ensureCache(auth: Auth): Promise<void> {
  const one = await prisma.device.findFirst({
    where: { companyId: auth.companyId },
    select: { imei: true },
  });
  if (one) return;
  const info = await syncInfo(auth.companyId);
  if (info.okAt && !info.stale) return; // The company simply has no devices.
  await syncDevices(auth).catch((e) => logError("devices", e));
}

/** `read` of the cache (filled first if empty) with the freshness of the data, refreshed when stale. */
async function fromCache<T>(auth: Auth, read: () => Promise<T>) {
  await ensureCache(auth);
  const [value, sync] = await Promise.all([read(), syncInfo(auth.companyId)]);
  await refreshIfStale(auth, sync);
  return { value, sync };
}

/** Every device of the company from the cache, sorted by nickname, with the freshness of the data. */
export async function listDevices(auth: Auth): Promise<DeviceList> {
  const { value: devices, sync } = await fromCache(auth, () => companyViews(auth.companyId));
  // A restricted account (account–device links) sees only its linked devices.
  return { devices: auth.only ? devices.filter((d) => maySee(auth, d.imei)) : devices, sync };
}

/**
 * `derive` over the devices `auth` may see, with the freshness of the data: once per cache entry
 * for the whole company (shared by every request until the devices change), each time for a
 * restricted account's own subset. `derive` is told apart by identity: a module-level function.
 */
export async function deriveDevices<T>(
  auth: Auth,
  derive: (devices: readonly DeviceView[]) => T,
): Promise<{ value: T; sync: SyncInfo }> {
  if (!auth.only) return fromCache(auth, () => companyDerived(auth.companyId, derive));
  const { devices, sync } = await listDevices(auth);
  return { value: derive(devices), sync };
}

/** One device of the company, or a 404 (a foreign or unknown imei looks the same). */
export async function requireDevice(
  auth: Auth,
  imei: string,
  now = Date.now(),
): Promise<DeviceView> {
  await ensureCache(auth);
  const row = (await prisma.device.findFirst({
    where: { imei, companyId: auth.companyId },
    select: ROW,
  })) as Row | null;
  // A device a restricted account is not linked to looks like another company's.
  if (!row || !maySee(auth, imei)) throw new Response("Device not found", { status: 404 });
  void syncInfo(auth.companyId)
    .then((info) => refreshIfStale(auth, info))
    .catch((e) => logError("devices", e));
  return toView(row, now);
}

const touched = new Map<number, number>();
/**
 * For hot endpoints (the map data): makes sure the cache is filled and refreshes it when stale,
 * checking PostgreSQL at most every 5 s per company.
 */
export async function touchCompany(auth: Auth): Promise<void> {
  const last = touched.get(auth.companyId) ?? 0;
  if (Date.now() - last < 5000) return;
  touched.set(auth.companyId, Date.now());
  await ensureCache(auth);
  await refreshIfStale(auth, await syncInfo(auth.companyId));
}

/** The company's rows as stored (for the map payload, which computes statuses itself). */
export async function companyRows(companyId: number) {
  return readRows(companyId);
}

/**
 * Whether `src` (an upstream path such as "/photos/devices/<imei>.svg") is the photo of one of the
 * company's devices: the /media proxy's tenant check, answered from the cache, never the upstream.
 */
export async function isCompanyDevicePhoto(auth: Auth, src: string): Promise<boolean> {
  await ensureCache(auth);
  return (await prisma.device.count({ where: { companyId: auth.companyId, photo: src } })) > 0;
}

/** The company's vehicles as the drivers module needs them: names, and who drives them. */
import { upstream } from "~/services/api.server";
import type { Auth } from "~/services/company-context.server";
import { iotDevices } from "~/services/upstream/index.server";
import { singleton } from "~/services/singleton.server";

const TTL_MS = 60_000;
const cache = singleton(
  "drivers-vehicles-cache",
  () => new Map<number, { at: number; value: Promise<VehicleRow[]> }>(),
);

export type VehicleRow = { imei: string; name: string; permdriver: string | null };

export function vehicles(auth: Auth, now = Date.now()): Promise<VehicleRow[]> {
  const hit = cache.get(auth.companyId);
  if (hit && now - hit.at < TTL_MS) return hit.value;
  const value = iotDevices(upstream(auth.token)).then((list) =>
    list.map((d) => ({ imei: d.imei, name: d.nickname, permdriver: d.permdriver ?? null })),
  );
  cache.set(auth.companyId, { at: now, value });
  value.catch(() => cache.delete(auth.companyId));
  return value;
}

export async function deviceNames(auth: Auth): Promise<Map<string, string>> {
  return new Map((await vehicles(auth)).map((v) => [v.imei, v.name]));
}

/** Forgets the company's vehicles (after a permanent driver is written through the fleet module). */
export function forgetVehicles(companyId: number) {
  cache.delete(companyId);
}

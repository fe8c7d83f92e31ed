import { syncActiveCompanies } from "./device-sync.server";

/**
 * Refreshes the device cache (devices and positions) of every company with an active session, so
 * pages open with recent data even when nobody keeps the live feed open. The live poller
 * (app/services/device-sync.server.ts) covers the seconds in between while a map is open.
 */
export async function runDeviceSync(now = Date.now()) {
  return syncActiveCompanies(now);
}

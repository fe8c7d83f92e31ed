import type { ModuleJobs } from "../job-kit";
import { syncActiveCompanies } from "./device-sync.server";

export const DEVICE_SYNC_QUEUE = "device-sync";

/**
 * Refreshes the device cache (devices and positions) of every company with an active session, so
 * pages open with recent data even when nobody keeps the live feed open. The live poller
 * (device-sync.server.ts) covers the seconds in between while a map is open.
 */
export async function runDeviceSync(now = Date.now()) {
  return syncActiveCompanies(now);
}

export const jobs: ModuleJobs = {
  cron: [{ name: DEVICE_SYNC_QUEUE, cron: "* * * * *", run: () => runDeviceSync() }],
};

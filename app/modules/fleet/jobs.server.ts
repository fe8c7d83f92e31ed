import type { ModuleJobs } from "../job-kit";
import { logError } from "~/services/log.server";
import { syncActiveCompanies } from "./device-sync.server";
import { pruneLiveChanges } from "./live-feed.server";
import { pruneAddresses } from "./addresses.server";

export const DEVICE_SYNC_QUEUE = "device-sync";

/**
 * Refreshes the device cache (devices and positions) of every company with an active session, so
 * pages open with recent data even when nobody keeps the live feed open. The live poller
 * (device-sync.server.ts) covers the seconds in between while a map is open. Also prunes the
 * change log of the live streams (live-feed.server.ts).
 */
export async function runDeviceSync(now = Date.now()) {
  await pruneLiveChanges().catch((e) => logError("live", e));
  await pruneAddresses().catch((e) => logError("addresses", e));
  return syncActiveCompanies(now);
}

export const jobs: ModuleJobs = {
  cron: [{ name: DEVICE_SYNC_QUEUE, cron: "* * * * *", run: () => runDeviceSync() }],
};

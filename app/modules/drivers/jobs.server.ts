/** The drivers module's background work: licence expiry notifications, every hour. */
import type { ModuleJobs } from "../job-kit";
import { LICENCE_EXPIRY_QUEUE, notifyLicenceExpiry } from "./licence-alerts.server";

export const jobs: ModuleJobs = {
  cron: [{ name: LICENCE_EXPIRY_QUEUE, cron: "23 * * * *", run: () => notifyLicenceExpiry() }],
};

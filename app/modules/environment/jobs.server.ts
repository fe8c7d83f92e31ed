/**
 * Sensor limit alerts every 5 minutes: for each company with a live session of someone who has
 * cold_chain, every device with limits is checked over the last hours (alerts.server.ts); each
 * excursion notifies once. Background work has no request, so it acts with the freshest upstream
 * token of the company.
 */
import { upstream } from "~/services/api.server";
import { logError, logInfo } from "~/services/log.server";
import { tokenForCompany } from "~/services/session.server";
import { usersWithSessions } from "~/services/session-users.server";
import type { ModuleJobs } from "../job-kit";
import { ALERT_RULE, checkDeviceLimits } from "./alerts.server";
import { listLimits, listSensorDevices } from "./upstream.server";

export const SENSOR_ALERTS_QUEUE = "environment-sensor-alerts";

export async function runSensorAlerts(now = Date.now()): Promise<Record<number, number>> {
  const sent: Record<number, number> = {};
  const companies = await usersWithSessions(ALERT_RULE, { now: new Date(now) });
  for (const companyId of [...companies.keys()].sort((a, b) => a - b)) {
    const token = await tokenForCompany(companyId, now);
    if (!token) continue;
    try {
      const up = upstream(token);
      const [devices, limits] = await Promise.all([listSensorDevices(up), listLimits(up)]);
      let n = 0;
      for (const d of devices) n += await checkDeviceLimits(companyId, token, d, limits, now);
      sent[companyId] = n;
      if (n) logInfo("environment", `company=${companyId} sensor alerts=${n}`);
    } catch (e) {
      logError("environment", e);
    }
  }
  return sent;
}

export const jobs: ModuleJobs = {
  cron: [{ name: SENSOR_ALERTS_QUEUE, cron: "*/5 * * * *", run: () => runSensorAlerts() }],
};

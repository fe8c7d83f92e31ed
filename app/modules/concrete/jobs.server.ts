/**
 * The breach check: every 5 minutes, for each company with a live session of someone who has
 * concrete curing, the active pours are checked against their limit sets and the breaches their
 * rules ask for are notified, once each (breach-notices.server.ts). Background work has no request,
 * so it acts with the freshest upstream token of the company.
 */
import { eachCompanyWithFeature } from "~/services/company-jobs.server";
import { logInfo } from "~/services/log.server";
import type { ModuleJobs } from "../job-kit";
import { checkCompanyPours } from "./breach-notices.server";

export const CONCRETE_BREACH_QUEUE = "concrete-breach-check";

/** One pass over every company; returns how many breaches each had notified. */
export async function runBreachCheck(now = Date.now()): Promise<Record<number, number>> {
  const sent: Record<number, number> = {};
  await eachCompanyWithFeature("concrete_curing", "concrete", now, async (companyId, token) => {
    sent[companyId] = await checkCompanyPours({ auth: { token, companyId } }, now);
    if (sent[companyId])
      logInfo("concrete", `company=${companyId} breaches notified=${sent[companyId]}`);
  });
  return sent;
}

export const jobs: ModuleJobs = {
  cron: [{ name: CONCRETE_BREACH_QUEUE, cron: "*/5 * * * *", run: () => runBreachCheck() }],
};

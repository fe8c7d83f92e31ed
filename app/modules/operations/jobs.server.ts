/**
 * The overstay check: every 15 minutes, for each company with a live session of someone who may
 * manage plant hire, the hire contracts are judged (evidence, state) and the "Off-hire soon" and
 * "Overdue" notices owed are sent, once each (hire-alerts.server.ts). Background work has no
 * request, so it acts with the freshest upstream token of the company.
 */
import { CAN } from "~/lib/access";
import { logError, logInfo } from "~/services/log.server";
import { tokenForCompany } from "~/services/session.server";
import { usersWithSessions } from "~/services/session-users.server";
import type { ModuleJobs } from "../job-kit";
import { notifyOverstays } from "./hire-alerts.server";
import { runAllAutomations } from "./automations/automation-jobs.server";
import { dropOldDeliveries, retryDueDeliveries } from "./automations/webhook-delivery.server";
import { prisma } from "~/services/db.server";

export const HIRE_OVERSTAY_QUEUE = "plant-hire-overstay";

/** One pass over every company; returns how many notifications each got. */
export async function runOverstayCheck(now = Date.now()): Promise<Record<number, number>> {
  const sent: Record<number, number> = {};
  const companies = [...(await usersWithSessions(CAN.editFleet, { now: new Date(now) })).keys()];
  for (const companyId of companies.sort((a, b) => a - b)) {
    const token = await tokenForCompany(companyId, now);
    if (!token) continue;
    try {
      sent[companyId] = await notifyOverstays({ token, companyId }, now);
      if (sent[companyId])
        logInfo("plant-hire", `company=${companyId} overstay notices=${sent[companyId]}`);
    } catch (e) {
      logError("plant-hire", e);
    }
  }
  return sent;
}

export const jobs: ModuleJobs = {
  cron: [
    { name: HIRE_OVERSTAY_QUEUE, cron: "*/15 * * * *", run: () => runOverstayCheck() },
    // Automations: each company's new events every minute; runs kept 30 days.
    { name: "automations", cron: "* * * * *", run: runAllAutomations },
    // Failed automation webhooks tried again when due (the rows in PostgreSQL are the schedule).
    { name: "automation-webhooks", cron: "* * * * *", run: () => retryDueDeliveries() },
    {
      name: "automation-runs-cleanup",
      cron: "41 3 * * *",
      run: async () => {
        await prisma.automationRun.deleteMany({
          where: { at: { lt: new Date(Date.now() - 30 * 86_400_000) } },
        });
        await dropOldDeliveries();
      },
    },
  ],
};

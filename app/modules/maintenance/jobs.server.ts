/**
 * Work orders made automatically: every 15 minutes, for each company with a live session whose
 * user has vehicle task management, a task is created for each schedule that is due soon or
 * overdue and has no open task yet (plans.server.ts createDueTasks; running twice is harmless),
 * and its assignee and the fleet managers are notified once per stage (due-notices.server.ts).
 * Background work has no request, so it acts with the freshest upstream token of the company.
 */
import { upstream } from "~/services/api.server";
import { eachCompanyWithFeature } from "~/services/company-jobs.server";
import { logInfo } from "~/services/log.server";
import type { ModuleJobs } from "../job-kit";
import { notifyDue } from "./due-notices.server";
import { dueRound } from "./plans.server";

export const MAINTENANCE_DUE_QUEUE = "maintenance-due-tasks";

/** One pass over every company; returns how many tasks each got. */
export async function runDueTasks(now = Date.now()): Promise<Record<number, number>> {
  const made: Record<number, number> = {};
  const feature = "vehicle_task_management";
  await eachCompanyWithFeature(feature, "maintenance", now, async (companyId, token) => {
    const round = await dueRound(upstream(token));
    made[companyId] = round.made.length;
    const sent = await notifyDue(companyId, token, round.plans, round.tasks, new Date(now));
    if (made[companyId] || sent)
      logInfo("maintenance", `company=${companyId} tasks=${made[companyId]} notified=${sent}`);
  });
  return made;
}

export const jobs: ModuleJobs = {
  cron: [{ name: MAINTENANCE_DUE_QUEUE, cron: "*/15 * * * *", run: () => runDueTasks() }],
};

/**
 * Work orders made automatically: every 15 minutes, for each company with a live session whose
 * user has vehicle task management, a task is created for each schedule that is due soon or
 * overdue and has no open task yet (plans.server.ts createDueTasks; running twice is harmless),
 * and its assignee and the fleet managers are notified once per stage (due-notices.server.ts).
 * Background work has no request, so it acts with the freshest upstream token of the company.
 */
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { logError, logInfo } from "~/services/log.server";
import { tokenForCompany } from "~/services/session.server";
import type { ModuleJobs } from "../job-kit";
import { notifyDue } from "./due-notices.server";
import { dueRound } from "./plans.server";

export const MAINTENANCE_DUE_QUEUE = "maintenance-due-tasks";

/** Companies with a live session of someone who has the feature. */
async function companies(now: Date): Promise<number[]> {
  const rows = await prisma.session.findMany({
    where: { expiresAt: { gt: now } },
    select: { companyId: true, data: true },
  });
  const out = new Set<number>();
  for (const r of rows) {
    const flags = (r.data as { user?: { features_enabled?: Record<string, boolean> } }).user
      ?.features_enabled;
    if (flags?.vehicle_task_management !== false) out.add(r.companyId);
  }
  return [...out].sort((a, b) => a - b);
}

/** One pass over every company; returns how many tasks each got. */
export async function runDueTasks(now = Date.now()): Promise<Record<number, number>> {
  const made: Record<number, number> = {};
  for (const companyId of await companies(new Date(now))) {
    const token = await tokenForCompany(companyId, now);
    if (!token) continue;
    try {
      const round = await dueRound(upstream(token));
      made[companyId] = round.made.length;
      const sent = await notifyDue(companyId, token, round.plans, round.tasks, new Date(now));
      if (made[companyId] || sent)
        logInfo("maintenance", `company=${companyId} tasks=${made[companyId]} notified=${sent}`);
    } catch (e) {
      logError("maintenance", e);
    }
  }
  return made;
}

export const jobs: ModuleJobs = {
  cron: [{ name: MAINTENANCE_DUE_QUEUE, cron: "*/15 * * * *", run: () => runDueTasks() }],
};

/**
 * The breach check: every 5 minutes, for each company with a live session of someone who has
 * concrete curing, the active pours are checked against their limit sets and the breaches their
 * rules ask for are notified, once each (breach-notices.server.ts). Background work has no request,
 * so it acts with the freshest upstream token of the company.
 */
import { prisma } from "~/services/db.server";
import { logError, logInfo } from "~/services/log.server";
import { tokenForCompany } from "~/services/session.server";
import type { ModuleJobs } from "../job-kit";
import { checkCompanyPours } from "./breach-notices.server";

export const CONCRETE_BREACH_QUEUE = "concrete-breach-check";

async function companies(now: Date): Promise<number[]> {
  const rows = await prisma.session.findMany({
    where: { expiresAt: { gt: now } },
    select: { companyId: true, data: true },
  });
  const out = new Set<number>();
  for (const r of rows) {
    const flags = (r.data as { user?: { features_enabled?: Record<string, boolean> } }).user
      ?.features_enabled;
    if (flags?.concrete_curing !== false) out.add(r.companyId);
  }
  return [...out].sort((a, b) => a - b);
}

/** One pass over every company; returns how many breaches each had notified. */
export async function runBreachCheck(now = Date.now()): Promise<Record<number, number>> {
  const sent: Record<number, number> = {};
  for (const companyId of await companies(new Date(now))) {
    const token = await tokenForCompany(companyId, now);
    if (!token) continue;
    try {
      sent[companyId] = await checkCompanyPours({ auth: { token, companyId } }, now);
      if (sent[companyId])
        logInfo("concrete", `company=${companyId} breaches notified=${sent[companyId]}`);
    } catch (e) {
      logError("concrete", e);
    }
  }
  return sent;
}

export const jobs: ModuleJobs = {
  cron: [{ name: CONCRETE_BREACH_QUEUE, cron: "*/5 * * * *", run: () => runBreachCheck() }],
};

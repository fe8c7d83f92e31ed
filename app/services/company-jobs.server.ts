import { prisma } from "~/services/db.server";
import { logError } from "~/services/log.server";
import { tokenForCompany } from "~/services/session.server";

/**
 * Companies with a live session of someone whose `feature` is not switched off, lowest id first.
 * A session that says nothing of the feature counts: the upstream leaves it out when it is on.
 */
async function companiesWithFeature(feature: string, now: Date): Promise<number[]> {
  const rows = await prisma.session.findMany({
    where: { expiresAt: { gt: now } },
    select: { companyId: true, data: true },
  });
  const out = new Set<number>();
  for (const r of rows) {
    const flags = (r.data as { user?: { features_enabled?: Record<string, boolean> } }).user
      ?.features_enabled;
    if (flags?.[feature] !== false) out.add(r.companyId);
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * A background job's pass over the companies that use `feature`: background work has no request,
 * so `work` acts with the freshest upstream token of the company (a company without one is
 * skipped). One company's failure is logged under `area` and the others still run.
 */
export async function eachCompanyWithFeature(
  feature: string,
  area: string,
  now: number,
  work: (companyId: number, token: string) => Promise<void>,
): Promise<void> {
  for (const companyId of await companiesWithFeature(feature, new Date(now))) {
    const token = await tokenForCompany(companyId, now);
    if (!token) continue;
    try {
      await work(companyId, token);
    } catch (e) {
      logError(area, e);
    }
  }
}

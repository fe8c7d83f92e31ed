import type { ModuleJobs } from "../job-kit";
import { prisma } from "~/services/db.server";
import { logError } from "~/services/log.server";
import { tokenForCompany } from "~/services/session.server";
import { announceCompanyApprovals } from "./approval-notices.server";

export const TICKET_APPROVALS_QUEUE = "ticket-approvals";

/**
 * The escalation clock: a step that has waited past its escalation time gets its escalation
 * approvers told even when nobody touches the ticket; a mail that failed is sent again. The
 * upstream takes a signed-in user's token, so a company with nobody signed in waits for one.
 */
export async function runTicketApprovals(now = Date.now()) {
  const companies = await prisma.session.findMany({
    where: { expiresAt: { gt: new Date(now) } },
    distinct: ["companyId"],
    select: { companyId: true },
  });
  let told = 0;
  for (const { companyId } of companies) {
    const token = await tokenForCompany(companyId, now);
    if (!token) continue;
    told += await announceCompanyApprovals(companyId, token, now).catch((e) => {
      logError("tickets", e);
      return 0;
    });
  }
  return told;
}

export const jobs: ModuleJobs = {
  cron: [{ name: TICKET_APPROVALS_QUEUE, cron: "*/5 * * * *", run: () => runTicketApprovals() }],
};

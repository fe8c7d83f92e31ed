/**
 * A failed inspection answer raises a ticket: when a form submission has flagged answers (brakes =
 * Fail), a maintenance ticket for its vehicle is raised, linked to the submission, naming the form
 * and the question. One submission makes one ticket however often it is received (a claim row is
 * taken first). It never fails the submission that called it.
 */
import { submissionWithFlags } from "~/modules/forms/index.server";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import type { ModuleContext } from "~/services/guard.server";
import { logError, logInfo } from "~/services/log.server";
import { announceApprovals } from "./approval-notices.server";
import { flaggedTicket, maintenanceType } from "./flagged-ticket";
import { createTicket, listTicketTypes } from "./upstream.server";

/** Raises the ticket for a submission with flagged answers; its id, or null when none is needed. */
export async function ticketForFlaggedSubmission(
  ctx: ModuleContext,
  submissionId: string,
): Promise<number | null> {
  const key = { companyId: ctx.companyId, submissionId };
  let claimed = false;
  try {
    const s = await submissionWithFlags(ctx, submissionId);
    if (!s.flags.length) return null;
    const { count } = await prisma.ticketFromSubmission.createMany({
      data: [key],
      skipDuplicates: true,
    });
    if (count === 0) {
      const row = await prisma.ticketFromSubmission.findUnique({
        where: { companyId_submissionId: key },
      });
      return row?.ticketId ?? null;
    }
    claimed = true;
    const up = upstream(ctx.auth.token);
    const types = await listTicketTypes(up);
    const type = maintenanceType(types);
    if (!type) {
      await prisma.ticketFromSubmission.delete({ where: { companyId_submissionId: key } });
      return null;
    }
    const t = flaggedTicket(s, type);
    const ticket = await createTicket(up, {
      type_id: type.id,
      title: t.title,
      description: t.description,
      priority: "high",
      imei: s.vehicle,
      form_submission_id: s.id,
      facts: t.facts,
    });
    await prisma.ticketFromSubmission.update({
      where: { companyId_submissionId: key },
      data: { ticketId: ticket.id },
    });
    logInfo("tickets", `ticket ${ticket.id} raised from flagged submission ${s.id}`);
    await announceApprovals(ctx.companyId, ctx.auth.token, ticket, Date.now(), { types });
    return ticket.id;
  } catch (e) {
    if (claimed)
      await prisma.ticketFromSubmission
        .deleteMany({ where: { ...key, ticketId: null } })
        .catch(() => undefined);
    logError("tickets", e);
    return null;
  }
}

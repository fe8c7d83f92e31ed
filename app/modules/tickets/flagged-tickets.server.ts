/**
 * A failed inspection answer raises a ticket: when a form submission has flagged answers (brakes =
 * Fail), a maintenance ticket for its vehicle is raised, linked to the submission, naming the form
 * and the question. One submission makes one ticket however often it is received (a claim row is
 * taken first). It never fails the submission that called it.
 */
import { submissionWithFlags, type Flag } from "~/modules/forms/index.server";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import type { ModuleContext } from "~/services/guard.server";
import { logError, logInfo } from "~/services/log.server";
import { announceApprovals } from "./approval-notices.server";
import { createTicket, listTicketTypes, type TicketType } from "./upstream.server";

/** The company's maintenance type: the first active one about vehicles or repairs, else the first active one. */
export function maintenanceType(types: TicketType[]): TicketType | null {
  const active = types.filter((t) => t.active);
  return (
    active.find((t) => /repair|maint|defect|vehicle/i.test(`${t.name} ${t.description}`)) ??
    active[0] ??
    null
  );
}

const flagText = (f: Flag) =>
  `${f.group ? `${f.group} ${f.item ?? ""}: `.replace(" :", ":") : ""}${f.label} = ${f.value}`;

/** The ticket's title, description and facts from the submission's flags. */
export function flaggedTicket(
  s: { id: string; title: string; flags: Flag[]; href: string; person: string },
  type: TicketType,
) {
  const [first, ...rest] = s.flags;
  const title = `${s.title}: ${flagText(first!)}${rest.length ? ` (+${rest.length} more)` : ""}`;
  const facts: Record<string, string> = {};
  for (const f of type.fields)
    if (f.kind === "choice") {
      const hit = f.options?.find((o) =>
        s.flags.some((x) => x.label.toLowerCase().includes(o.toLowerCase())),
      );
      if (hit) facts[f.key] = hit;
    }
  const description = [
    `Raised from a failed answer in "${s.title}" (submission ${s.id}, by ${s.person}).`,
    ...s.flags.map((f) => `- ${flagText(f)}`),
    `Submission: ${s.href}`,
  ].join("\n");
  return { title: title.slice(0, 120), description: description.slice(0, 4000), facts };
}

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

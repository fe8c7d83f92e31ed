/**
 * Approval links: the e-mailed link lets one approver decide one step of one ticket without
 * signing in. Same machinery as fill-in links (app/services/share-links.server.ts: a random
 * 256-bit token kept in our database, which is the signature, with an expiry and a revocation),
 * plus single use: the link is claimed atomically before the decision goes upstream.
 *
 * Issue 37: a link is made in one transaction with its e-mail in the outbox, so a crash between
 * the two cannot leave a link nobody was told about; and it is bound to the ticket's creation
 * time at the upstream, so a ticket number the upstream gives again (after losing writes, or a
 * simulator reset) is another ticket: the old link is "gone" and never acts on the new one.
 */
import { cancelOwed, kickOutbox, owe, type Owed } from "~/modules/notifications/index.server";
import { prisma } from "~/services/db.server";
import { isTokenShaped, linkStatus, newShareToken } from "~/services/share-links.server";

export const APPROVAL_LINK_DAYS = 7;
const DAY = 86_400_000;

export type ApprovalLinkReason = "waiting" | "escalated";

export type ApprovalLink = {
  id: string;
  companyId: number;
  ticketId: number;
  stepId: string;
  approverId: number;
  reason: string;
  ticketCreatedAt: Date | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  goneAt: Date | null;
};

/** The outbox keys of what a link owes: its e-mail, and the in-app notice of an escalation. */
const owedKeys = (linkId: string) => [`ticket-approval:${linkId}`, `ticket-escalated:${linkId}`];

export type LinkMessages = {
  mail: Extract<Owed, { mail: unknown }>["mail"];
  notice?: Extract<Owed, { notice: unknown }>["notice"];
};

/**
 * Whether the upstream's ticket is the one the link was made for: the same creation time. A link
 * from before the binding knows only when it was made: a ticket created later is another one.
 */
export function sameTicket(
  link: Pick<ApprovalLink, "ticketCreatedAt" | "createdAt">,
  ticket: { created_at: number },
): boolean {
  const at = new Date(ticket.created_at).getTime();
  return link.ticketCreatedAt
    ? link.ticketCreatedAt.getTime() === at
    : at <= link.createdAt.getTime();
}

/**
 * Makes the link for (ticket, step, approver) unless one was made already, and owes its e-mail
 * (and an escalation's in-app notice) in the same transaction (`messages` gets the new token): the token when it is new, null when the
 * approver has had theirs. The outbox sends it; this process tries at once after the commit.
 */
export async function issueApprovalLink(
  l: {
    companyId: number;
    ticketId: number;
    ticketCreatedAt: number;
    stepId: string;
    approverId: number;
    reason: ApprovalLinkReason;
  },
  messages: (token: string) => LinkMessages,
  now = Date.now(),
): Promise<string | null> {
  const id = newShareToken();
  const made = await prisma.$transaction(async (tx) => {
    const rows = await tx.ticketApprovalLink.createManyAndReturn({
      data: [
        {
          id,
          ...l,
          ticketCreatedAt: new Date(l.ticketCreatedAt),
          createdAt: new Date(now),
          expiresAt: new Date(now + APPROVAL_LINK_DAYS * DAY),
        },
      ],
      skipDuplicates: true,
      select: { id: true },
    });
    if (!rows[0]) return null;
    const { mail, notice } = messages(id);
    const [mailKey, noticeKey] = owedKeys(id);
    await owe(tx, [
      { key: mailKey!, companyId: l.companyId, mail },
      ...(notice ? [{ key: noticeKey!, companyId: l.companyId, notice }] : []),
    ]);
    return id;
  });
  if (made) void kickOutbox();
  return made;
}

export type LinkLookup =
  | { state: "active"; link: ApprovalLink }
  | { state: "used" | "expired" | "revoked" | "unknown" | "gone"; link: null };

/** The link behind a token, with its state; anything not token-shaped is unknown without a query. */
export async function findApprovalLink(token: string, now = Date.now()): Promise<LinkLookup> {
  if (!isTokenShaped(token)) return { state: "unknown", link: null };
  const link = await prisma.ticketApprovalLink.findUnique({ where: { id: token } });
  if (!link) return { state: "unknown", link: null };
  if (link.goneAt) return { state: "gone", link: null };
  const state = linkStatus(link, now);
  return state === "active" ? { state, link } : { state, link: null };
}

/** Uses the link up; false when another request got there first or it stopped working. */
export async function claimApprovalLink(id: string, now = Date.now()): Promise<boolean> {
  const { count } = await prisma.ticketApprovalLink.updateMany({
    where: { id, usedAt: null, revokedAt: null, expiresAt: { gt: new Date(now) } },
    data: { usedAt: new Date(now) },
  });
  return count === 1;
}

/** Gives a claimed link back when the decision could not be recorded (the service was away). */
export async function releaseApprovalLink(id: string) {
  await prisma.ticketApprovalLink.updateMany({ where: { id }, data: { usedAt: null } });
}

/** Revokes the ticket's unused links that `keep` does not name (their step was decided, or the approver acted in the app). */
export async function revokeApprovalLinks(
  companyId: number,
  ticketId: number,
  keep: (l: { stepId: string; approverId: number }) => boolean,
  now = Date.now(),
): Promise<number> {
  const open = await prisma.ticketApprovalLink.findMany({
    where: { companyId, ticketId, usedAt: null, revokedAt: null, goneAt: null },
    select: { id: true, stepId: true, approverId: true },
  });
  const ids = open.filter((l) => !keep(l)).map((l) => l.id);
  if (!ids.length) return 0;
  const { count } = await prisma.ticketApprovalLink.updateMany({
    where: { id: { in: ids }, usedAt: null, revokedAt: null },
    data: { revokedAt: new Date(now) },
  });
  await cancelOwed(ids.flatMap(owedKeys), "the link was revoked before its e-mail went out");
  return count;
}

/**
 * Marks the links of this ticket number that were made for another ticket (the upstream gave the
 * number again) as gone, and cancels their unsent e-mails; returns how many.
 */
export async function forgetOtherTickets(
  companyId: number,
  ticket: { id: number; created_at: number },
  now = Date.now(),
): Promise<number> {
  const links = await prisma.ticketApprovalLink.findMany({
    where: { companyId, ticketId: ticket.id, goneAt: null },
    select: { id: true, ticketCreatedAt: true, createdAt: true },
  });
  const ids = links.filter((l) => !sameTicket(l, ticket)).map((l) => l.id);
  return markGone(ids, now);
}

/** The links' ticket is gone upstream (vanished or replaced): they never act again. */
export async function markGone(ids: readonly string[], now = Date.now()): Promise<number> {
  if (!ids.length) return 0;
  const { count } = await prisma.ticketApprovalLink.updateMany({
    where: { id: { in: [...ids] }, goneAt: null },
    data: { goneAt: new Date(now) },
  });
  await cancelOwed(ids.flatMap(owedKeys), "the ticket no longer exists upstream");
  return count;
}

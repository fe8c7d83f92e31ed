/**
 * Approval links: the e-mailed link lets one approver decide one step of one ticket without
 * signing in. Same machinery as fill-in links (app/services/share-links.server.ts: a random
 * 256-bit token kept in our database, which is the signature, with an expiry and a revocation),
 * plus single use: the link is claimed atomically before the decision goes upstream.
 */
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
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
};

/**
 * Makes the link for (ticket, step, approver) unless one was made already: the token when it is
 * new (the caller sends it), null when the approver has had theirs.
 */
export async function issueApprovalLink(
  l: {
    companyId: number;
    ticketId: number;
    stepId: string;
    approverId: number;
    reason: ApprovalLinkReason;
  },
  now = Date.now(),
): Promise<string | null> {
  const rows = await prisma.ticketApprovalLink.createManyAndReturn({
    data: [
      {
        id: newShareToken(),
        ...l,
        createdAt: new Date(now),
        expiresAt: new Date(now + APPROVAL_LINK_DAYS * DAY),
      },
    ],
    skipDuplicates: true,
    select: { id: true },
  });
  return rows[0]?.id ?? null;
}

/** Forgets a link whose e-mail could not be sent, so the next round sends it again. */
export async function dropApprovalLink(id: string) {
  await prisma.ticketApprovalLink.deleteMany({ where: { id, usedAt: null } });
}

export type LinkLookup =
  | { state: "active"; link: ApprovalLink }
  | { state: "used" | "expired" | "revoked" | "unknown"; link: null };

/** The link behind a token, with its state; anything not token-shaped is unknown without a query. */
export async function findApprovalLink(token: string, now = Date.now()): Promise<LinkLookup> {
  if (!isTokenShaped(token)) return { state: "unknown", link: null };
  const link = await prisma.ticketApprovalLink.findUnique({ where: { id: token } });
  if (!link) return { state: "unknown", link: null };
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
    where: { companyId, ticketId, usedAt: null, revokedAt: null },
    select: { id: true, stepId: true, approverId: true },
  });
  const ids = open.filter((l) => !keep(l)).map((l) => l.id);
  if (!ids.length) return 0;
  const { count } = await prisma.ticketApprovalLink.updateMany({
    where: { id: { in: ids }, usedAt: null, revokedAt: null },
    data: { revokedAt: new Date(now) },
  });
  return count;
}

import { isAllowed, type AccessRule } from "~/lib/access";
import type { SessionUser } from "~/lib/user";
import { prisma } from "~/services/db.server";

/**
 * Per company, the users who have a live session and pass `rule` (as the session last saw them).
 * The upstream has no list of a company's users, so the app's jobs and public forms reach the
 * people who use it: the due-maintenance, licence-expiry and insight-tag message notices.
 */
export async function usersWithSessions(
  rule: AccessRule,
  { companyId, now = new Date() }: { companyId?: number; now?: Date } = {},
): Promise<Map<number, number[]>> {
  const rows = await prisma.session.findMany({
    where: { expiresAt: { gt: now }, ...(companyId === undefined ? {} : { companyId }) },
    select: { companyId: true, userId: true, data: true },
  });
  const sets = new Map<number, Set<number>>();
  for (const r of rows) {
    const u = (r.data as { user?: Partial<SessionUser> } | null)?.user;
    const allowed = isAllowed(
      {
        permissions: u?.permissions ?? {},
        features_enabled: u?.features_enabled ?? {},
        tsadmin: u?.tsadmin ?? false,
      } as SessionUser,
      rule,
    );
    if (!u || !allowed) continue;
    let set = sets.get(r.companyId);
    if (!set) sets.set(r.companyId, (set = new Set()));
    set.add(r.userId);
  }
  return new Map([...sets].map(([c, s]) => [c, [...s].sort((a, b) => a - b)]));
}

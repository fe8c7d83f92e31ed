import { prisma } from "~/services/db.server";
import { endAllSessions } from "~/services/session.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";

export type ActiveSession = {
  userId: number;
  name: string;
  username: string;
  sessions: number;
  lastSeenAt: string;
  createdAt: string;
};

/** Live sessions of the admin's own company, one row per user. */
export async function listCompanySessions(companyId: number): Promise<ActiveSession[]> {
  const rows = await prisma.session.findMany({
    where: { companyId, expiresAt: { gt: new Date() } },
    select: { userId: true, data: true, lastSeenAt: true, createdAt: true },
    orderBy: { lastSeenAt: "desc" },
  });
  const byUser = new Map<number, ActiveSession>();
  for (const r of rows) {
    const user = (r.data as { user?: { name?: string; username?: string } }).user ?? {};
    const seen = byUser.get(r.userId);
    if (seen) {
      seen.sessions++;
      continue;
    }
    byUser.set(r.userId, {
      userId: r.userId,
      name: user.name ?? `User ${r.userId}`,
      username: user.username ?? "",
      sessions: 1,
      lastSeenAt: r.lastSeenAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
    });
  }
  return [...byUser.values()];
}

/** Ends every session of a user of the same company; another company's user is simply not found. */
export async function endUserSessions(companyId: number, userId: number): Promise<number> {
  const owned = await prisma.session.count({ where: { companyId, userId } });
  if (owned === 0) return 0;
  return endAllSessions(userId);
}

/** The active sessions page: who is signed in, searched by name or username, times in the company's zone. */
export async function sessionsPage(ctx: ModuleContext, url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const [all, timeZone] = await Promise.all([
    listCompanySessions(ctx.user.companyid),
    companyTimeZone(ctx.auth),
  ]);
  const text = q.toLowerCase();
  return {
    sessions: all.filter(
      (s) =>
        !text || s.name.toLowerCase().includes(text) || s.username.toLowerCase().includes(text),
    ),
    total: all.length,
    q,
    timeZone,
    me: ctx.user.username_id,
  };
}

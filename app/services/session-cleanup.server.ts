import { prisma } from "~/services/db.server";
import { pruneLoginAttempts } from "~/services/rate-limit.server";

/** Removes sessions past their absolute or idle expiry, and sign-in failures past every window. */
export async function cleanupSessions(now = new Date()): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { expiresAt: { lt: now } } });
  await pruneLoginAttempts(now);
  return count;
}

import { prisma } from "../../app/services/db.server.js";

/** Removes sessions past their absolute or idle expiry. */
export async function cleanupSessions(now = new Date()): Promise<number> {
  const { count } = await prisma.session.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}

import { prisma } from "~/services/db.server";
import { getEnv } from "~/services/env.server";

/**
 * Failed sign-ins are counted in PostgreSQL so the limits hold across server processes.
 * The per-username limit is keyed by username AND address, so nobody can lock a user out from
 * elsewhere; the daily per-address limit stops one address guessing many usernames. Both windows
 * slide, so no lock lasts forever.
 */
export function limits() {
  const env = getEnv();
  return {
    perUserAddress: { max: env.LOGIN_MAX_FAILURES, windowMs: 15 * 60_000 },
    perAddress: { max: env.LOGIN_MAX_FAILURES_PER_ADDRESS_DAY, windowMs: 24 * 3_600_000 },
  };
}

export const RATE_LIMIT_MESSAGE = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

export async function isLoginBlocked(username: string, address: string, now = new Date()): Promise<boolean> {
  const name = username.trim().toLowerCase();
  const LIMITS = limits();
  const [userAddress, addressTotal] = await Promise.all([
    prisma.loginAttempt.count({
      where: { username: name, address, createdAt: { gt: new Date(now.getTime() - LIMITS.perUserAddress.windowMs) } },
    }),
    prisma.loginAttempt.count({ where: { address, createdAt: { gt: new Date(now.getTime() - LIMITS.perAddress.windowMs) } } }),
  ]);
  return userAddress >= LIMITS.perUserAddress.max || addressTotal >= LIMITS.perAddress.max;
}

export async function recordLoginFailure(username: string, address: string) {
  await prisma.loginAttempt.create({ data: { username: username.trim().toLowerCase(), address } });
}

/** A successful sign-in clears that username's failures from that address. */
export async function clearLoginFailures(username: string, address: string) {
  await prisma.loginAttempt.deleteMany({ where: { username: username.trim().toLowerCase(), address } });
}

/** Old attempts are dropped by the clean-up job. */
export async function pruneLoginAttempts(now = new Date()) {
  await prisma.loginAttempt.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - limits().perAddress.windowMs) } } });
}

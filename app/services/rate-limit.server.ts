import crypto from "node:crypto";
import { prisma } from "~/services/db.server";
import { appSecrets, getEnv } from "~/services/env.server";

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

export const RATE_LIMIT_MESSAGE =
  "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

export async function isLoginBlocked(
  username: string,
  address: string,
  now = new Date(),
): Promise<boolean> {
  const name = username.trim().toLowerCase();
  const LIMITS = limits();
  const [userAddress, addressTotal] = await Promise.all([
    prisma.loginAttempt.count({
      where: {
        username: name,
        address,
        createdAt: { gt: new Date(now.getTime() - LIMITS.perUserAddress.windowMs) },
      },
    }),
    prisma.loginAttempt.count({
      where: { address, createdAt: { gt: new Date(now.getTime() - LIMITS.perAddress.windowMs) } },
    }),
  ]);
  return userAddress >= LIMITS.perUserAddress.max || addressTotal >= LIMITS.perAddress.max;
}

export async function recordLoginFailure(username: string, address: string) {
  await prisma.loginAttempt.create({ data: { username: username.trim().toLowerCase(), address } });
}

/** A successful sign-in clears that username's failures from that address. */
export async function clearLoginFailures(username: string, address: string) {
  await prisma.loginAttempt.deleteMany({
    where: { username: username.trim().toLowerCase(), address },
  });
}

/** Old attempts are dropped by the clean-up job. */
export async function pruneLoginAttempts(now = new Date()) {
  await prisma.loginAttempt.deleteMany({
    where: { createdAt: { lt: new Date(now.getTime() - limits().perAddress.windowMs) } },
  });
}

// ------------------------------------------------------------------ fill-in links

/**
 * Answers through one fill-in link from one address. A depot's drivers may share one address
 * (a QR code on the yard's wall, one Wi-Fi), so the limit is generous per hour, and a flood from
 * one address stops there without closing the link for anyone else.
 */
export const FORM_SUBMISSION_LIMIT = { max: 30, windowMs: 60 * 60_000 };
export const FORM_RATE_LIMIT_MESSAGE =
  "Too many answers were sent through this link from your network in the last hour. Please try again later.";

/** The limit needs only to recognise an address again; a keyed hash does that without keeping the address next to the answers. */
export function addressKey(address: string): string {
  return crypto
    .createHmac("sha256", `form-address:${appSecrets()[0]!}`)
    .update(address)
    .digest("base64url")
    .slice(0, 32);
}

export async function isFormSubmissionLimited(
  linkId: string,
  key: string,
  now = new Date(),
): Promise<boolean> {
  const recent = await prisma.formSubmission.count({
    where: {
      linkId,
      addressKey: key,
      createdAt: { gt: new Date(now.getTime() - FORM_SUBMISSION_LIMIT.windowMs) },
    },
  });
  return recent >= FORM_SUBMISSION_LIMIT.max;
}

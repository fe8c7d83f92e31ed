/**
 * What every kind of link (vehicle, beacon, fill-in form, ticket approval) shares: the token is the
 * secret (32 random bytes = 256 bits, base64url, kept server-side so it cannot be forged), the
 * durations offered, and one status rule from its dates (a single-use link also has `usedAt`).
 */
import crypto from "node:crypto";

export const SHARE_TOKEN_BYTES = 32;

export const SHARE_MIN_MINUTES = 1;

export const SHARE_MAX_MINUTES = 30 * 24 * 60;

export const SHARE_DURATIONS: { minutes: number; label: string }[] = [
  { minutes: 1, label: "1 minute (a quick look)" },
  { minutes: 60, label: "1 hour" },
  { minutes: 8 * 60, label: "8 hours" },
  { minutes: 24 * 60, label: "1 day" },
  { minutes: 7 * 24 * 60, label: "7 days" },
];

export function newShareToken(): string {
  return crypto.randomBytes(SHARE_TOKEN_BYTES).toString("base64url");
}

/** Whether a string could be a token at all: anything else is a 404 before the database is asked. */
export const isTokenShaped = (s: string) => /^[A-Za-z0-9_-]{40,64}$/.test(s);

export type LinkStatus = "active" | "expired" | "revoked" | "used";

/** Every kind of link (vehicle, beacon, form, approval) lives by the same dates. */
export function linkStatus(
  l: { expiresAt: Date; revokedAt: Date | null; usedAt?: Date | null },
  now = Date.now(),
): LinkStatus {
  if (l.revokedAt) return "revoked";
  if (l.usedAt) return "used";
  return l.expiresAt.getTime() > now ? "active" : "expired";
}

/**
 * Recipient tracking tokens: 24 random bytes and their HMAC (16 bytes), base64url, 54 characters.
 * The HMAC lets the page refuse a made-up token before asking the database; the row in
 * PostgreSQL (DeliveryTrackingLink) is what makes it live, so revoking or expiring it ends the
 * link whatever the signature says. Any of the app's secrets verifies (rotation).
 */
import crypto from "node:crypto";
import { linkStatus, type LinkStatus } from "~/services/share-links.server";

const RANDOM_BYTES = 24;
const MAC_BYTES = 16;
const SHAPE = /^[A-Za-z0-9_-]{54}$/;

export const TRACKING_DAYS_DEFAULT = 2;
export const TRACKING_DAYS_MAX = 14;

const mac = (random: string, secret: string) =>
  crypto
    .createHmac("sha256", `delivery-tracking:${secret}`)
    .update(random)
    .digest()
    .subarray(0, MAC_BYTES)
    .toString("base64url");

export function newTrackingToken(secret: string): string {
  const random = crypto.randomBytes(RANDOM_BYTES).toString("base64url");
  return random + mac(random, secret);
}

export function verifyTrackingToken(token: string, secrets: string[]): boolean {
  if (!SHAPE.test(token)) return false;
  const random = token.slice(0, 32);
  const given = Buffer.from(token.slice(32));
  return secrets.some((s) => {
    const want = Buffer.from(mac(random, s));
    return want.length === given.length && crypto.timingSafeEqual(want, given);
  });
}

/** Live, expired or revoked, by the same rule as every other link of the app. */
export const trackingLinkState = (
  l: { expiresAt: Date; revokedAt: Date | null },
  now: number,
  // Tracking links are never used up (no usedAt), so "used" cannot come back.
): Exclude<LinkStatus, "used"> => linkStatus(l, now) as Exclude<LinkStatus, "used">;

/** How long a new link lives: whole days within 1..TRACKING_DAYS_MAX. */
export const trackingExpiry = (now: number, days: number) =>
  new Date(now + Math.min(TRACKING_DAYS_MAX, Math.max(1, Math.round(days) || 1)) * 86_400_000);

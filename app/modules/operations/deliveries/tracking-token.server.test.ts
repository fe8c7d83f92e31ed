import { describe, expect, it } from "vitest";
import {
  newTrackingToken,
  trackingExpiry,
  trackingLinkState,
  verifyTrackingToken,
  TRACKING_DAYS_MAX,
} from "./tracking-token.server";

describe("tracking tokens", () => {
  it("verifies its own signature, under any current secret, and nothing made up", () => {
    const t = newTrackingToken("one");
    expect(t).toMatch(/^[A-Za-z0-9_-]{54}$/);
    expect(verifyTrackingToken(t, ["one"])).toBe(true);
    expect(verifyTrackingToken(t, ["new", "one"])).toBe(true);
    expect(verifyTrackingToken(t, ["two"])).toBe(false);
    const flipped = t.slice(0, 10) + (t[10] === "A" ? "B" : "A") + t.slice(11);
    expect(verifyTrackingToken(flipped, ["one"])).toBe(false);
    expect(verifyTrackingToken("short", ["one"])).toBe(false);
    expect(verifyTrackingToken(`${t.slice(0, 53)}!`, ["one"])).toBe(false);
  });

  it("is live until it expires or is revoked", () => {
    const now = Date.parse("2026-11-26T10:00:00Z");
    const expiresAt = trackingExpiry(now, 2);
    expect(expiresAt.getTime() - now).toBe(2 * 86_400_000);
    expect(trackingLinkState({ expiresAt, revokedAt: null }, now)).toBe("active");
    expect(trackingLinkState({ expiresAt, revokedAt: null }, expiresAt.getTime() - 1)).toBe(
      "active",
    );
    expect(trackingLinkState({ expiresAt, revokedAt: null }, expiresAt.getTime())).toBe("expired");
    expect(trackingLinkState({ expiresAt, revokedAt: new Date(now) }, now + 1)).toBe("revoked");
  });

  it("keeps a link's life between one day and the maximum", () => {
    const now = 0;
    expect(trackingExpiry(now, 0).getTime()).toBe(86_400_000);
    expect(trackingExpiry(now, 99).getTime()).toBe(TRACKING_DAYS_MAX * 86_400_000);
  });
});

/**
 * Bearer tokens of the simulated upstream: HS256 JWTs (secret derived from the seed) that expire
 * after 172800 s (SPEC §9), revocable on logout; plus one-time password-reset tokens.
 */
import { createHash, randomBytes } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import type { User, World } from "./world";

export const TOKEN_TTL_S = 172_800;
const RESET_TTL_MS = 3600_000;

export function createAuth(world: World, clock: () => number) {
  const key = createHash("sha256").update(`tracksmith-sim-${world.seed}`).digest();
  const revoked = new Set<string>();
  const resetTokens = new Map<string, { username_id: number; expires: number }>();
  let counter = 0;

  async function issue(user: User): Promise<string> {
    const iat = Math.floor(clock() / 1000);
    return new SignJWT({ companyid: user.companyid, username: user.username })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(user.username_id))
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKEN_TTL_S)
      .setJti(`${iat.toString(36)}.${(++counter).toString(36)}.${randomBytes(6).toString("hex")}`)
      .sign(key);
  }

  /** The user behind a bearer token, or null when it is missing, invalid, expired or revoked. */
  async function verify(token: string | null): Promise<{ user: User; jti: string } | null> {
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ["HS256"],
        currentDate: new Date(clock()),
      });
      if (!payload.jti || revoked.has(payload.jti)) return null;
      const user = world.users.find((u) => String(u.username_id) === payload.sub);
      return user ? { user, jti: payload.jti } : null;
    } catch {
      return null;
    }
  }

  function createResetToken(user: User): string {
    const token = randomBytes(24).toString("base64url");
    resetTokens.set(token, { username_id: user.username_id, expires: clock() + RESET_TTL_MS });
    return token;
  }

  /** Consumes a reset token (single use) and returns its user. */
  function useResetToken(token: string): User | null {
    const entry = resetTokens.get(token);
    if (!entry) return null;
    resetTokens.delete(token);
    if (entry.expires < clock()) return null;
    return world.users.find((u) => u.username_id === entry.username_id) ?? null;
  }

  return {
    issue,
    verify,
    revoke: (jti: string) => revoked.add(jti),
    createResetToken,
    useResetToken,
  };
}

export type Auth = ReturnType<typeof createAuth>;

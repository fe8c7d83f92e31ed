/**
 * Bearer tokens of the simulated upstream: HS256 JWTs that expire after 172800 s (SPEC §9),
 * revocable on logout; plus one-time password-reset tokens. The signing key is derived from the
 * seed in memory, and kept in the data directory when the simulator is durable (store.ts), so a
 * token issued before a restart stays valid until it expires.
 */
import { createHash, randomBytes } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import type { User, World } from "./world";

export const TOKEN_TTL_S = 172_800;
const RESET_TTL_MS = 3600_000;

/** What auth remembers; part of the simulator's persisted state. */
export type TokenData = {
  revoked: Set<string>;
  resets: Map<string, { username_id: number; expires: number }>;
};

export const createTokenData = (): TokenData => ({ revoked: new Set(), resets: new Map() });

export const seedKey = (seed: number) =>
  createHash("sha256").update(`tracksmith-sim-${seed}`).digest();

/** Reads world, tokens and clock from `state` on every call, so a restored state is seen. */
export function createAuth(
  state: { world: World; tokens: TokenData; clock: () => number; people?: { inactive: number[] } },
  key: Uint8Array,
) {
  let counter = 0;

  async function issue(user: User): Promise<string> {
    const iat = Math.floor(state.clock() / 1000);
    // The jti need not be replayable: issuing a token changes no state, only revoking it does.
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
        currentDate: new Date(state.clock()),
      });
      if (!payload.jti || state.tokens.revoked.has(payload.jti)) return null;
      const user = state.world.users.find((u) => String(u.username_id) === payload.sub);
      // A deactivated account's tokens stop working at once (api-people.ts).
      if (!user || state.people?.inactive.includes(user.username_id)) return null;
      return { user, jti: payload.jti };
    } catch {
      return null;
    }
  }

  /** Registers a reset token the caller drew (from ctx.random, so a replay draws the same). */
  function createResetToken(user: User, token: string, now: number): string {
    state.tokens.resets.set(token, { username_id: user.username_id, expires: now + RESET_TTL_MS });
    return token;
  }

  /** Consumes a reset token (single use) and returns its user; `now` is the call's ctx.now. */
  function useResetToken(token: string, now: number): User | null {
    const entry = state.tokens.resets.get(token);
    if (!entry) return null;
    // A refused call changes nothing (only accepted calls are journaled), so an expired token stays.
    if (entry.expires < now) return null;
    state.tokens.resets.delete(token);
    return state.world.users.find((u) => u.username_id === entry.username_id) ?? null;
  }

  return {
    issue,
    verify,
    revoke: (jti: string) => void state.tokens.revoked.add(jti),
    createResetToken,
    useResetToken,
  };
}

export type Auth = ReturnType<typeof createAuth>;

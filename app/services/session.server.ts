import crypto from "node:crypto";
import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import { cleanDeep } from "~/lib/input";
import type { SessionUser } from "~/lib/user";
import { prisma } from "~/services/db.server";
import { appSecrets, getEnv } from "~/services/env.server";
import { openOrNull, seal } from "~/services/secret-box.server";

/** What the server keeps per session. The upstream token never leaves the server. */
export type SessionData = {
  user: SessionUser;
  token: string;
  tokenExp: number;
  /** Set only by a recovery-link sign-in: the one session allowed to set a new password without the old one. */
  recoveredAt?: number;
};

/** The session cookie's name (a __Host- cookie in production). */
export const sessionCookieName = () =>
  getEnv().NODE_ENV === "production" ? "__Host-tracksmith" : "tracksmith_session";

function sessionCookie() {
  const env = getEnv();
  const production = env.NODE_ENV === "production";
  // Rotation: a comma-separated list, newest first; old secrets still verify existing cookies.
  const secrets = appSecrets();
  return createCookie(sessionCookieName(), {
    httpOnly: true,
    sameSite: "lax",
    secure: production,
    path: "/",
    secrets,
    maxAge: env.SESSION_MAX_HOURS * 3600,
  });
}

function expiryFor(createdAt: Date, now = new Date()) {
  const env = getEnv();
  const idle = now.getTime() + env.SESSION_IDLE_MINUTES * 60_000;
  const absolute = createdAt.getTime() + env.SESSION_MAX_HOURS * 3_600_000;
  return new Date(Math.min(idle, absolute));
}

/**
 * The row's form of session data: the upstream token sealed (secret-box), the user's text without
 * control characters (jsonb refuses U+0000: one in a name failed every write of the session).
 */
function toStored(data: Partial<SessionData>): object {
  const clean = data.user ? { ...data, user: cleanDeep(data.user) } : data;
  return typeof clean.token === "string"
    ? { ...clean, token: seal(clean.token, "session-token") }
    : clean;
}

/**
 * The upstream token of a stored session's data, opened; null when there is none or it cannot be
 * opened (its key left ENCRYPTION_KEY: the session counts as signed out). A plain token from before
 * encryption at rest is read as it is and sealed on the session's next write.
 */
export function storedToken(data: unknown): string | null {
  const token = (data as { token?: unknown } | null)?.token;
  return typeof token === "string" ? openOrNull(token, "session-token") : null;
}

function fromStored(data: unknown): SessionData {
  const out = { ...(data as SessionData) };
  const token = storedToken(data);
  if (token === null) delete (out as Partial<SessionData>).token;
  else out.token = token;
  return out;
}

const reading = new Map<string, Promise<{ data: unknown } | null>>();

/** A live session's row (sliding its idle timeout), or null once it has expired. */
async function readRow(id: string): Promise<{ data: unknown } | null> {
  const row = await prisma.session.findUnique({ where: { id } });
  if (!row) return null;
  const now = new Date();
  if (row.expiresAt <= now) {
    await prisma.session.deleteMany({ where: { id } });
    return null;
  }
  // Sliding idle timeout, capped by the absolute lifetime; written at most once a minute.
  if (now.getTime() - row.lastSeenAt.getTime() > 60_000) {
    await prisma.session.update({
      where: { id },
      data: { lastSeenAt: now, expiresAt: expiryFor(row.createdAt, now) },
    });
  }
  return row;
}

let storage: ReturnType<typeof createStorage> | undefined;

function createStorage() {
  return createSessionStorage<SessionData>({
    cookie: sessionCookie(),
    async createData(data) {
      const id = crypto.randomBytes(32).toString("base64url"); // 256 random bits
      const now = new Date();
      await prisma.session.create({
        data: {
          id,
          userId: data.user?.username_id ?? 0,
          companyId: data.user?.companyid ?? 0,
          data: toStored(data),
          createdAt: now,
          expiresAt: expiryFor(now, now),
        },
      });
      return id;
    },
    async readData(id) {
      // A page's loaders each read the session at the same moment: one query serves them all.
      let row = reading.get(id);
      if (!row) {
        row = readRow(id).finally(() => reading.delete(id));
        reading.set(id, row);
      }
      const data = (await row)?.data;
      return data === undefined ? null : fromStored(data);
    },
    async updateData(id, data) {
      await prisma.session.updateMany({ where: { id }, data: { data: toStored(data) } });
    },
    async deleteData(id) {
      forgetQuick((e) => e.id === id);
      await prisma.session.deleteMany({ where: { id } });
    },
  });
}

export function sessionStorage() {
  storage ??= createStorage();
  return storage;
}

export function getSession(request: Request): Promise<Session<SessionData>> {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}

/** Ends every session of one user (an admin's "sign out everywhere"). */
export async function endAllSessions(userId: number) {
  forgetQuick((e) => e.userId === userId);
  const { count } = await prisma.session.deleteMany({ where: { userId } });
  return count;
}

/**
 * Changes every live session's copy of one user (an admin changed their permissions or device
 * links), so the change holds from the user's next request. The sealed token is left as stored.
 */
export async function refreshUserSessions(userId: number, patch: Partial<SessionUser>) {
  forgetQuick((e) => e.userId === userId);
  const rows = await prisma.session.findMany({
    where: { userId },
    select: { id: true, data: true },
  });
  for (const r of rows) {
    const data = r.data as { user?: SessionUser } | null;
    if (!data?.user) continue;
    const user = { ...data.user, ...patch };
    for (const [k, v] of Object.entries(patch))
      if (v === undefined) delete (user as Record<string, unknown>)[k];
    await prisma.session.updateMany({ where: { id: r.id }, data: { data: { ...data, user } } });
  }
  return rows.length;
}

/**
 * Replaces the session's copy of the user (after a profile or company-settings change) and
 * returns the Set-Cookie header to send; null when the request has no signed-in session.
 */
export async function updateSessionUser(
  request: Request,
  user: SessionUser,
): Promise<string | null> {
  const session = await getSession(request);
  if (!session.get("user")) return null;
  session.set("user", user);
  return sessionStorage().commitSession(session);
}

// ------------------------------------------------------------------ a short read cache for hot endpoints

const QUICK_MS = 5000;
type Quick = { at: number; id: string; userId: number; data: Partial<SessionData> };
const quick = new Map<string, Quick>(); // by the Cookie header as sent

function forgetQuick(match: (e: Quick) => boolean) {
  for (const [k, e] of quick) if (match(e)) quick.delete(k);
}

/**
 * The session data behind a Cookie header, read from PostgreSQL at most every QUICK_MS per cookie,
 * for endpoints the map calls many times a second. Sign-out and "end all sessions" in this process
 * drop the entry at once; another server process notices within QUICK_MS.
 */
export async function readSessionQuick(
  cookieHeader: string | null,
): Promise<Partial<SessionData> | null> {
  if (!cookieHeader) return null;
  const now = Date.now();
  const hit = quick.get(cookieHeader);
  if (hit && now - hit.at < QUICK_MS) return hit.data;
  const session = await sessionStorage().getSession(cookieHeader);
  const data = session.data as Partial<SessionData>;
  if (!session.id || !data.user) {
    quick.delete(cookieHeader);
    return null;
  }
  if (quick.size >= 5000) quick.clear();
  quick.set(cookieHeader, { at: now, id: session.id, userId: data.user.username_id, data });
  return data;
}

/**
 * The freshest upstream token among the company's live sessions, or null. With `preferUserId`, that
 * user's own sessions come first (work done on someone's behalf is best done as them).
 */
export async function tokenForCompany(
  companyId: number,
  now = Date.now(),
  preferUserId?: number,
): Promise<string | null> {
  const rows = await prisma.session.findMany({
    where: { companyId, expiresAt: { gt: new Date(now) } },
    orderBy: { lastSeenAt: "desc" },
    take: 20,
    select: { data: true, userId: true },
  });
  if (preferUserId !== undefined)
    rows.sort((a, b) => Number(b.userId === preferUserId) - Number(a.userId === preferUserId));
  for (const r of rows) {
    const token = liveToken(r.data, now);
    if (token) return token;
  }
  return null;
}

/** The opened upstream token of a stored session's data when it is valid for another minute, else null. */
export function liveToken(data: unknown, now = Date.now()): string | null {
  const exp = (data as { tokenExp?: unknown } | null)?.tokenExp;
  if (typeof exp !== "number" || exp * 1000 <= now + 60_000) return null;
  return storedToken(data);
}

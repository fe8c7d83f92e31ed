import { redirect } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import type { SessionUser } from "~/lib/user";
import { logInfo } from "~/services/log.server";
import { getSession, sessionStorage, type SessionData } from "~/services/session.server";

/** The user and upstream token of a session's data, or null when signed out or the token has expired. */
export function authFromSession(data: Partial<SessionData>): SessionData | null {
  const { user, token, tokenExp } = data;
  if (!user || !token) return null;
  // SPEC §4: a stored token must pass an expiry check, otherwise the session is logged out.
  if (!tokenExp || tokenExp * 1000 <= Date.now()) return null;
  return { user, token, tokenExp };
}

/** The session's user and upstream token, or null when signed out or the token has expired. */
export async function getAuth(request: Request): Promise<SessionData | null> {
  return authFromSession((await getSession(request)).data);
}

export async function getUser(request: Request): Promise<SessionUser | null> {
  return (await getAuth(request))?.user ?? null;
}

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const returnTo = `${url.pathname}${url.search}`;
  const search = returnTo === "/" ? "" : `?${new URLSearchParams({ redirectTo: returnTo })}`;
  return redirect(`/login${search}`);
}

/** The signed-in user and token, or a redirect to /login that remembers where they were going. */
export async function requireAuth(request: Request): Promise<SessionData> {
  const auth = await getAuth(request);
  if (!auth) throw loginRedirect(request);
  return auth;
}

export async function requireUser(request: Request): Promise<SessionUser> {
  return (await requireAuth(request)).user;
}

/** For data endpoints (fetch, SSE): 401 instead of a redirect. */
export async function requireAuthApi(request: Request): Promise<SessionData> {
  const auth = await getAuth(request);
  if (!auth) throw new Response("Unauthorized", { status: 401 });
  return auth;
}

export async function requireAnonymous(request: Request) {
  if (await getUser(request)) throw redirect("/dashboard/assets");
}

/**
 * A fresh session for every sign-in (the old id is destroyed, so a planted cookie is useless),
 * then a redirect to a same-site path only.
 */
export async function createUserSession(
  request: Request,
  data: SessionData,
  redirectTo: string | null | undefined,
) {
  const storage = sessionStorage();
  const old = await getSession(request);
  const headers = new Headers();
  if (old.id) await storage.destroySession(old);
  const session = await storage.getSession();
  session.set("user", data.user);
  session.set("token", data.token);
  session.set("tokenExp", data.tokenExp);
  headers.append("Set-Cookie", await storage.commitSession(session));
  logInfo("auth", `sign-in user=${data.user.username} company=${data.user.companyid}`);
  return redirect(safeRedirect(redirectTo), { headers });
}

/** Destroys the server-side session and clears the cookie. */
export async function destroyUserSession(request: Request, to = "/login") {
  const session = await getSession(request);
  const user = session.get("user");
  if (user) logInfo("auth", `sign-out user=${user.username}`);
  return redirect(to, {
    headers: { "Set-Cookie": await sessionStorage().destroySession(session) },
  });
}

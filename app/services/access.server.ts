import { isAllowed, type AccessRule } from "~/lib/access";
import { requireAuth } from "~/services/auth.server";
import { logInfo } from "~/services/log.server";
import type { SessionData } from "~/services/session.server";

/**
 * The server-side route guard: the same rules as the menu. No session: redirect to /login;
 * a hidden route: 403, never its data.
 */
export async function requireAccess(request: Request, rule: AccessRule = {}): Promise<SessionData> {
  const auth = await requireAuth(request);
  if (!isAllowed(auth.user, rule)) {
    logInfo("access", `refused user=${auth.user.username} path=${new URL(request.url).pathname}`);
    throw new Response("Forbidden", { status: 403 });
  }
  return auth;
}

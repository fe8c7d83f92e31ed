/**
 * The one route guard: every loader and action of a module starts with requireModule. It fails
 * closed: a path the module's manifest does not declare is refused, so a route cannot be guarded
 * by the wrong module's rule or by no rule at all.
 */
import { isAllowed, type AccessRule } from "~/lib/access";
import type { SessionUser } from "~/lib/user";
import { moduleRoute, type ModuleId, type RouteEntry } from "~/modules";
import { requireAuth, requireAuthApi } from "~/services/auth.server";
import { authOf, type Auth } from "~/services/company-context.server";
import { logInfo } from "~/services/log.server";
import type { SessionData } from "~/services/session.server";

/** What a module's server code acts with: the session's user and its company, never a Request. */
export type ModuleContext = {
  user: SessionUser;
  session: SessionData;
  /** The upstream bearer and the company every query filters by. */
  auth: Auth;
  companyId: number;
  route: RouteEntry;
};

function refuse(user: SessionUser, pathname: string, why: string, status: 403 | 404): never {
  logInfo("access", `refused user=${user.username} path=${pathname} (${why})`);
  throw new Response(status === 403 ? "Forbidden" : "Not found", { status });
}

/**
 * The signed-in user and company for a path of `moduleId`: /login (401 for data endpoints)
 * without a session, 403 when the user may not open it, 404 when the module does not serve it.
 * `extra` adds a rule of the action at hand (e.g. a permission to change, not just to look).
 */
export async function requireModule(
  request: Request,
  moduleId: ModuleId,
  extra?: AccessRule,
): Promise<ModuleContext> {
  const pathname = new URL(request.url).pathname;
  const route = moduleRoute(moduleId, pathname);
  const session = await (route?.api ? requireAuthApi(request) : requireAuth(request));
  if (!route) refuse(session.user, pathname, `not a path of module ${moduleId}`, 404);
  if (!isAllowed(session.user, route.rule) || !isAllowed(session.user, extra))
    refuse(session.user, pathname, `module ${moduleId}`, 403);
  return {
    user: session.user,
    session,
    auth: authOf(session),
    companyId: session.user.companyid,
    route,
  };
}

/**
 * The one route guard: every loader and action of a module starts with requireModule. It fails
 * closed: a path the module's manifest does not declare is refused, so a route cannot be guarded
 * by the wrong module's rule or by no rule at all; and a post (any method but GET and HEAD) must
 * also meet the rule its manifest declares for the form's intent (issue 15).
 */
import { actionRule, isAllowed, type AccessRule } from "~/lib/access";
import type { SessionUser } from "~/lib/user";
import { moduleRoute, type ModuleId, type RouteEntry } from "~/modules";
import type { ActionRules } from "~/modules/kit";
import { requireAuth, requireAuthApi } from "~/services/auth.server";
import { authOf, type Auth } from "~/services/company-context.server";
import { logInfo } from "~/services/log.server";
import { postedIntentOf } from "~/services/posted-form.server";
import type { SessionData } from "~/services/session.server";

/** What a module's server code acts with: the session's user and its company, never a Request. */
export type ModuleContext = {
  user: SessionUser;
  session: SessionData;
  /** The upstream bearer and the company every query filters by. */
  auth: Auth;
  companyId: number;
  route: RouteEntry;
  /**
   * Which of the path's declared form intents the user may post (`"*"` included), for the page
   * to hide what they may not use; the guard enforces the same rules on every post.
   */
  can: Record<string, boolean>;
};

function refuse(user: SessionUser, pathname: string, why: string, status: 403 | 404): never {
  logInfo("access", `refused user=${user.username} path=${pathname} (${why})`);
  throw new Response(status === 403 ? "Forbidden" : "Not found", { status });
}

const isRead = (method: string) => method === "GET" || method === "HEAD";

/**
 * The posted form's intent ("" without one). An unreadable body reads as "": the post then needs
 * "*" or every rule of the path.
 */
async function postedIntent(request: Request, actions: ActionRules): Promise<string> {
  // A path with only a "*" rule needs no look at the body.
  if (Object.keys(actions).every((k) => k === "*")) return "";
  return postedIntentOf(request);
}

/**
 * The signed-in user and company for a path of `moduleId`: /login (401 for data endpoints)
 * without a session, 403 when the user may not open it, 404 when the module does not serve it.
 * A post must also meet its intent's rule from the manifest (403); an intent the manifest does
 * not name must meet all of the path's. `extra` adds a rule of the action at hand.
 */
export async function requireModule(
  request: Request,
  moduleId: ModuleId,
  extra?: AccessRule,
): Promise<ModuleContext> {
  const pathname = new URL(request.url).pathname;
  const route = moduleRoute(moduleId, pathname);
  const session = await (route?.api ? requireAuthApi(request) : requireAuth(request));
  const { user } = session;
  if (!route) refuse(user, pathname, `not a path of module ${moduleId}`, 404);
  if (!isAllowed(user, route.rule) || !isAllowed(user, extra))
    refuse(user, pathname, `module ${moduleId}`, 403);
  if (route.actions && !isRead(request.method)) {
    const intent = await postedIntent(request, route.actions);
    // An intent the manifest does not name needs every rule of the path (fail closed); the
    // module then answers it (not understood), after its own checks (e.g. another company's 404).
    const rule = actionRule(route.actions, intent);
    const rules = rule ? [rule] : Object.values(route.actions);
    if (!rules.every((r) => isAllowed(user, r)))
      refuse(user, pathname, `intent ${JSON.stringify(intent.slice(0, 40))}`, 403);
  }
  const can = canOf(user, route);
  return { user, session, auth: authOf(session), companyId: user.companyid, route, can };
}

function canOf(user: SessionUser, route: RouteEntry): Record<string, boolean> {
  const open = isAllowed(user, route.rule);
  return Object.fromEntries(
    Object.entries(route.actions ?? {}).map(([intent, rule]) => [
      intent,
      open && isAllowed(user, rule),
    ]),
  );
}

/**
 * The `can` of another path of the page's module, for a form that posts there (the add-group page
 * posts to /admin/groups): every intent false when the module does not serve it.
 */
export function canAt(
  ctx: Pick<ModuleContext, "user" | "route">,
  pathname: string,
): Record<string, boolean> {
  const route = moduleRoute(ctx.route.moduleId, pathname);
  return route ? canOf(ctx.user, route) : {};
}

/** Refuses (403) a user who does not meet `rule`: for a check the manifest cannot express. */
export function requireAllowed(ctx: Pick<ModuleContext, "user" | "route">, rule: AccessRule) {
  if (!isAllowed(ctx.user, rule)) refuse(ctx.user, ctx.route.pattern, "action rule", 403);
}

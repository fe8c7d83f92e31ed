/**
 * Promises every route keeps without writing them, applied once to the server build (server/http.ts
 * and the tests' production handler both go through `keepPromises`):
 *   - the tracking service slow or down never makes a 500: a page shows its last good copy
 *     (kept-copy.server.ts) and says how old it is, and one without a copy answers 503 with
 *     Retry-After and says so; a save answers 503 with the message that nothing
 *     was saved, as action data (the page, and what was typed into it, stays) and as a toast;
 *   - a form value or an address holding a control character never reaches a module (PostgreSQL
 *     refuses NUL; none means anything in typed text): 400 with the message.
 * The build's own modules (UpstreamError, toast storage) are another instance than the source's in
 * tests, so errors are recognised by name, not by class.
 */
import { json, type ServerBuild } from "@remix-run/node";
import { CONTROL_MESSAGE, hasControl } from "~/lib/input";
import { RETRY_AFTER_SECONDS } from "~/services/db-unavailable.server";
import { keepCopy, keptCopy, keptCopyKey } from "~/services/kept-copy.server";
import { logInfo } from "~/services/log.server";
import { postedFormData, postedIntentOf } from "~/services/posted-form.server";
import { toastCookie } from "~/services/toast.server";
import { isUpstreamFault, MESSAGES } from "~/services/upstream/errors";
import { withUpstreamUsage } from "~/services/upstream/usage.server";

type Fn = (args: { request: Request }) => unknown;

/** What an action answers when the form was refused or not saved: shown beside it and as a toast. */
export type NotSaved = {
  ok: false;
  intent: string;
  message: string;
  error: string;
  field?: string;
};

/** True when `error`, or what caused it, is the tracking service not answering (or overloaded). */
export function isUpstreamTrouble(error: unknown): boolean {
  let x: unknown = error;
  for (let depth = 0; x && depth < 6; depth++) {
    const e = x as { name?: unknown; status?: unknown; cause?: unknown };
    if (e.name === "UpstreamError") return isUpstreamFault(e) || e.status === 429;
    x = e.cause;
  }
  return false;
}

const retryHeaders = () => ({
  "Retry-After": String(RETRY_AFTER_SECONDS),
  "Cache-Control": "no-store",
});

/** The page's answer when its data could not be had: the error page says the tracking service. */
export const upstreamUnavailable = () =>
  new Response(MESSAGES.pageUnavailable, {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...retryHeaders() },
  });

/** The first string in a JSON body (key or value) holding a control character, by its path. */
function badJsonPath(value: unknown, path = ""): string | null {
  if (typeof value === "string") return hasControl(value) ? path || "body" : null;
  if (!value || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (hasControl(key)) return at;
    const bad = badJsonPath(inner, at);
    if (bad !== null) return bad;
  }
  return null;
}

/** The first posted field (or file name) holding a control character, and the form's intent. */
async function postedForm(request: Request): Promise<{ intent: string; bad: string | null }> {
  if (/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
    try {
      return { intent: "", bad: badJsonPath(JSON.parse(await request.clone().text())) };
    } catch {
      return { intent: "", bad: null }; // the action answers an unreadable body itself
    }
  }
  const form = await postedFormData(request);
  const bad = [...(form?.entries() ?? [])].find(
    ([name, value]) =>
      hasControl(name) || hasControl(typeof value === "string" ? value : value.name),
  );
  return { intent: (await postedIntentOf(request)).slice(0, 60), bad: bad?.[0] ?? null };
}

async function notSaved(
  status: 400 | 503,
  intent: string,
  message: string,
  field: string | null,
): Promise<Response> {
  const headers = new Headers(status === 503 ? retryHeaders() : {});
  headers.append("Set-Cookie", await toastCookie({ type: "error", description: message }));
  const body: NotSaved = { ok: false, intent, message, error: message };
  if (field) body.field = field;
  return json(body, { status, headers });
}

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  !!x && typeof x === "object" && Object.getPrototypeOf(x) === Object.prototype;

/** A successful loader answer kept as the page's last good copy (JSON objects only). */
async function remember(key: string | null, result: unknown) {
  if (!key) return;
  if (isPlainObject(result)) return keepCopy(key, JSON.stringify(result));
  if (!(result instanceof Response) || result.status !== 200) return;
  if (!(result.headers.get("content-type") ?? "").startsWith("application/json")) return;
  keepCopy(key, await result.clone().text());
}

function keepLoader(routeId: string, loader: Fn): Fn {
  return async (args) => {
    const url = new URL(args.request.url);
    if (hasControl(decodeURIComponentSafe(url.pathname + url.search)))
      throw new Response(CONTROL_MESSAGE, { status: 400 });
    const key = keptCopyKey(routeId, args.request);
    try {
      const [result, usedUpstream] = await withUpstreamUsage(async () => loader(args));
      if (usedUpstream) await remember(key, result);
      return result;
    } catch (error) {
      if (!isUpstreamTrouble(error)) throw error;
      const copy = key ? keptCopy(key) : null;
      const why = `path=${url.pathname} (${String(error).slice(0, 200)})`;
      logInfo("upstream", `${copy ? "kept copy served" : "page unavailable"} ${why}`);
      if (copy) return json(copy, { headers: { "Cache-Control": "no-store" } });
      throw upstreamUnavailable();
    }
  };
}

function keepAction(action: Fn): Fn {
  return async (args) => {
    const { intent, bad } = await postedForm(args.request);
    if (bad !== null) return notSaved(400, intent, CONTROL_MESSAGE, bad);
    try {
      return await action(args);
    } catch (error) {
      if (!isUpstreamTrouble(error)) throw error;
      const path = new URL(args.request.url).pathname;
      logInfo("upstream", `not saved path=${path} (${String(error).slice(0, 200)})`);
      return notSaved(503, intent, MESSAGES.saveUnavailable, null);
    }
  };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const kept = new WeakMap<ServerBuild, ServerBuild>();

/** The build with every route's loader and action keeping the promises above (once per build). */
export function keepPromises(build: ServerBuild): ServerBuild {
  const done = kept.get(build);
  if (done) return done;
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = { ...route.module };
    if (module.loader) module.loader = keepLoader(id, module.loader as Fn) as typeof module.loader;
    if (module.action) module.action = keepAction(module.action as Fn) as typeof module.action;
    routes[id] = { ...route, module };
  }
  const out = { ...build, routes };
  kept.set(build, out);
  kept.set(out, out);
  return out;
}

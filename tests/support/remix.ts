import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

export const APP = "http://localhost:3000";

/** A form POST as a browser on our own origin sends it. */
export function formPost(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Request {
  return new Request(APP + path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: APP, ...headers },
  });
}

export function get(path: string, cookie?: string): Request {
  return new Request(APP + path, { headers: cookie ? { cookie } : {} });
}

/** Calls a route's loader/action the way Remix does, with our load context. */
export async function call(
  fn: (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown,
  request: Request,
  options: { params?: Record<string, string>; clientAddress?: string } = {},
): Promise<Response> {
  try {
    const out = await fn({
      request,
      params: options.params ?? {},
      context: { clientAddress: options.clientAddress ?? "203.0.113.1", cspNonce: "n" },
    } as never);
    return out instanceof Response ? out : Response.json(out);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The session's cookie pair from a response's Set-Cookie, for the next request (toasts aside). */
export function cookieFrom(res: Response): string {
  const pairs = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  return pairs.find((c) => !c.startsWith("tracksmith_toast=")) ?? "";
}

/**
 * The toast a redirect flashed, as the next page load's root loader reads it (and clears it), so a
 * test asserts what the user is told rather than the URL.
 */
export async function toastOf(res: Response): Promise<unknown> {
  const pair = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("tracksmith_toast="));
  if (!pair) return null;
  const { getToast } = await import("~/services/toast.server");
  return (await getToast(new Request(APP, { headers: { cookie: pair } }))).toast;
}

export type Handle = (request: Request) => Promise<Response>;
export type SentBody = string | Record<string, string | string[]> | { json: unknown };

/**
 * A request as a browser on our own origin sends it, through the app's whole handler (the sweeps
 * call server/http.ts's Remix handler in process); an event stream is cancelled, not read.
 */
export async function sendTo(
  handle: Handle,
  method: "GET" | "POST" | "DELETE",
  url: string,
  cookie: string,
  body?: SentBody,
) {
  const headers: Record<string, string> = { origin: APP, host: new URL(APP).host };
  if (cookie) headers.cookie = cookie;
  let payload: string | undefined;
  if (body !== undefined && typeof body === "object" && "json" in body) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body.json);
  } else if (body !== undefined) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    if (typeof body === "string") payload = body;
    else {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(body))
        for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
      payload = form.toString();
    }
  }
  const res = await handle(
    new Request(APP + url, { method, headers, body: payload, redirect: "manual" }),
  );
  const streaming = (res.headers.get("content-type") ?? "").includes("text/event-stream");
  return {
    status: res.status,
    location: res.headers.get("location"),
    cookie: (res.headers.get("set-cookie") ?? "").split(";")[0]!,
    text: streaming ? (await res.body?.cancel(), "") : await res.text(),
  };
}

/** Signs in through the login form of the handler and returns the session's cookie pair. */
export async function signInTo(handle: Handle, username: string, password: string) {
  const res = await sendTo(handle, "POST", "/login", "", { username, password });
  if (res.status !== 302) throw new Error(`sign-in as ${username} answered ${res.status}`);
  return res.cookie;
}

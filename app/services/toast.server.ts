import crypto from "node:crypto";
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { appSecrets, getEnv } from "~/services/env.server";

/** What one toast says; the client shows it as a notification, the server as a status region. */
export const ToastSchema = z.object({
  // Tells two equal messages apart, so saving twice in a row notifies twice.
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(["success", "error", "info"]).default("info"),
  title: z.string().max(200).optional(),
  description: z.string().min(1).max(1000),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = z.input<typeof ToastSchema>;

const TOAST_KEY = "toast";

let storage: ReturnType<typeof createStorage> | undefined;

// Its own cookie rather than the login session: a toast must also reach visitors who are signed
// out (or were just signed out), and flashing it needs no database write.
function createStorage() {
  const production = getEnv().NODE_ENV === "production";
  return createCookieSessionStorage<Record<string, never>, { [TOAST_KEY]: Toast }>({
    cookie: {
      name: production ? "__Host-tracksmith_toast" : "tracksmith_toast",
      httpOnly: true,
      sameSite: "lax",
      secure: production,
      path: "/",
      secrets: appSecrets(),
    },
  });
}

function toastStorage() {
  storage ??= createStorage();
  return storage;
}

/** The Set-Cookie header that carries one toast to the next page load. */
export async function toastCookie(toast: ToastInput): Promise<string> {
  const session = await toastStorage().getSession();
  session.flash(TOAST_KEY, ToastSchema.parse(toast));
  return toastStorage().commitSession(session);
}

/**
 * Post/Redirect/Get with a message: the redirect sets the toast cookie next to any headers the
 * caller passes (a refreshed session cookie stays first, where callers expect it).
 */
export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/**
 * The pending toast of a request, if any, and the Set-Cookie header that clears it, so it is shown
 * once. A cookie that fails to verify or parse is cleared and shows nothing.
 */
export async function getToast(
  request: Request,
): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader?.includes("tracksmith_toast")) return { toast: null, setCookie: null };
  const session = await toastStorage().getSession(cookieHeader);
  const parsed = ToastSchema.safeParse(session.get(TOAST_KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    setCookie: await toastStorage().destroySession(session),
  };
}

import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/lib/safe-redirect";
import {
  DISPLAY_SETTINGS_FORM,
  settingsCookieString,
  settingsFromCookieHeader,
  settingsFromForm,
} from "~/lib/settings";

/**
 * The action of /display-settings: the display-settings form posted without JavaScript (with it, changes
 * apply in the browser and nothing is posted). Display settings are the visitor's own
 * preferences, kept in their settings cookie, so no session is needed; the answer sets the cookie
 * and sends them back to the page they were on (a same-site path only).
 */
export async function displaySettingsAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get("form") !== DISPLAY_SETTINGS_FORM)
    throw new Response("Method not allowed", { status: 405 });
  const current = settingsFromCookieHeader(request.headers.get("cookie"));
  const next = { ...settingsFromForm(current, form), savedAt: Date.now() };
  const secure = new URL(request.url).protocol === "https:";
  return redirect(safeRedirect(form.get("redirectTo"), "/dashboard/assets"), {
    headers: { "Set-Cookie": settingsCookieString(next, secure) },
  });
}

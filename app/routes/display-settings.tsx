import { redirect } from "@remix-run/node";

/** The display-settings form posted without JavaScript (its answer sets the settings cookie). */
export { displaySettingsAction as action } from "~/services/display-settings.server";

/** A GET (the address reloaded or bookmarked): the form itself, on the account page. */
export function loader() {
  return redirect("/dashboard/account#display-settings");
}

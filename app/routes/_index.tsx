import { redirect } from "@remix-run/node";

export async function loader() {
  return redirect("/dashboard/assets");
}

/** The display-settings form posted without JavaScript (its answer sets the settings cookie). */
export { displaySettingsAction as action } from "~/services/display-settings.server";

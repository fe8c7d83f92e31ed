import { redirect } from "@remix-run/node";

/** SPEC §2.3: the dashboard index goes to the assets list. */
export async function loader() {
  return redirect("/dashboard/assets");
}

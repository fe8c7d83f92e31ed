import { redirect } from "@remix-run/node";

/** SPEC §2.1: the documentation opens on the welcome page. */
export async function loader() {
  return redirect("/docs/overview/welcome");
}

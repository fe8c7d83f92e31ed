import { json } from "@remix-run/node";
import { ErrorPage } from "~/components/error-boundary";

/** The 401 page (SPEC §2.1), answered with status 401. */
export async function loader() {
  return json(null, { status: 401 });
}

export const meta = () => [{ title: "401 · Tracksmith" }];

export default function Status401() {
  return <ErrorPage status={401} />;
}

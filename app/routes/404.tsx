import { json } from "@remix-run/node";
import { ErrorPage } from "~/components/error-boundary";

/** The 404 page (SPEC §2.1), answered with status 404. */
export async function loader() {
  return json(null, { status: 404 });
}

export const meta = () => [{ title: "404 · Tracksmith" }];

export default function Status404() {
  return <ErrorPage status={404} />;
}

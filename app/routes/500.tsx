import { json } from "@remix-run/node";
import { ErrorPage } from "~/components/error-boundary";

/** The 500 page (SPEC §2.1), answered with status 500. */
export async function loader() {
  return json(null, { status: 500 });
}

export const meta = () => [{ title: "500 · Tracksmith" }];

export default function Status500() {
  return <ErrorPage status={500} />;
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { registerCsv } from "~/modules/timesheets/covid.server";
import { requireModule } from "~/services/guard.server";

/** The site declaration register as CSV (reviewers), with the page's range and filter. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "timesheets");
  return registerCsv(ctx, new URL(request.url));
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireModule } from "~/services/guard.server";

/**
 * Concrete suppliers are the operations module's one supplier list, kind concrete (issue 26):
 * the old "Create Supplier" page goes there.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireModule(request, "concrete");
  return redirect("/dashboard/suppliers?kind=concrete");
}

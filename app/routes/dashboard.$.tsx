import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireAccess } from "~/services/access.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** An unknown path under /dashboard: the 404 page inside the shell (after the sign-in check). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAccess(request);
  throw new Response("Not found", { status: 404 });
}

export default function DashboardNotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

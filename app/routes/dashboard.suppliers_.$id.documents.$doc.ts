import type { LoaderFunctionArgs } from "@remix-run/node";
import { documentLoader } from "~/modules/operations/supplier-documents.server";
import { requireModule } from "~/services/guard.server";

/** A supplier document, streamed as a download after checking it is one of the company's supplier's. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  return documentLoader(ctx, params.id ?? "", params.doc ?? "");
}

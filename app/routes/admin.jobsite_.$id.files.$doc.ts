import type { LoaderFunctionArgs } from "@remix-run/node";
import { jobsiteDocumentDownload } from "~/modules/admin/jobsite-documents.server";
import { requireModule } from "~/services/guard.server";

/** One of a jobsite's documents as a download (jobsites_view); another company's is a 404. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return jobsiteDocumentDownload(ctx, params.id ?? "", params.doc ?? "");
}

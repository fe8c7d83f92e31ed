import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import {
  documentsTab,
  uploadJobsiteDocumentAction,
} from "~/modules/admin/jobsite-documents.server";
import { own } from "~/modules/admin/jobsites.server";
import { requireModule } from "~/services/guard.server";

/** A GET (a reload after an upload) goes back to the jobsite's documents (the company's, else 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const s = await own(await requireModule(request, "admin"), params.id ?? "");
  return redirect(documentsTab(s.id));
}

/** The multipart body is streamed by the module (the guard does not read it: "*" rule only). */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "admin");
  return uploadJobsiteDocumentAction(ctx, params.id ?? "", request);
}

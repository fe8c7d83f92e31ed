import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import {
  companySupplier,
  documentsPage,
  uploadDocumentAction,
} from "~/modules/operations/supplier-documents.server";
import { requireModule } from "~/services/guard.server";

/** A GET (a reload after an upload) goes back to the supplier's form (the company's, else 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const s = await companySupplier(await requireModule(request, "operations"), params.id ?? "");
  return redirect(documentsPage(s.id));
}

/** The multipart body is streamed by the module (the guard does not read it: "*" rule only). */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  return uploadDocumentAction(ctx, params.id ?? "", request);
}

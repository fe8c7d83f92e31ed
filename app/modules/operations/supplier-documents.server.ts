/**
 * Supplier documents (insurance certificates, rate cards): POST /dashboard/suppliers/:id/documents
 * (multipart, field `document`) streams the file to the upstream as it arrives, counted; past
 * DOCUMENT_MAX_BYTES the upstream request is aborted (it keeps nothing) and the user is told. The
 * type is read from the file's first bytes (PDF, JPEG or PNG), never from its name or what the
 * browser said. Downloads go through our server after checking the document is one of that
 * supplier's (the company's); another company's supplier or document is a 404.
 */
import { isAllowed } from "~/lib/access";
import { UPLOAD_REFUSALS } from "~/lib/documents";
import { upstream } from "~/services/api.server";
import { documentDownload, receiveDocument } from "~/services/document-upload.server";
import type { ModuleContext } from "~/services/guard.server";
import { redirectWithToast } from "~/services/toast.server";
import { isUpstreamError } from "~/services/upstream/errors";
import { MANAGE_SUPPLIERS } from "./rules";
import {
  deleteSupplierDocument,
  listSupplierDocuments,
  listSuppliers,
  supplierDocumentContent,
  uploadSupplierDocument,
} from "./suppliers-upstream.server";

const notFound = () => new Response("Not found", { status: 404 });
export const documentsPage = (id: number) => `/dashboard/suppliers?edit=${id}`;

/** The company's supplier by the id in the path (404 for another company's or an unknown one). */
export async function companySupplier(ctx: ModuleContext, raw: string) {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw notFound();
  const s = (await listSuppliers(upstream(ctx.auth.token))).find((x) => x.id === id);
  if (!s) throw notFound();
  return s;
}

export const supplierDocuments = (ctx: ModuleContext, supplierId: number) =>
  listSupplierDocuments(upstream(ctx.auth.token), supplierId);

/** The checks and streaming are the shared document upload's; a refusal is told in a toast. */
export async function uploadDocumentAction(ctx: ModuleContext, raw: string, request: Request) {
  if (!isAllowed(ctx.user, MANAGE_SUPPLIERS)) throw new Response("Forbidden", { status: 403 });
  const supplier = await companySupplier(ctx, raw);
  const back = documentsPage(supplier.id);
  const r = await receiveDocument(request, (file, body, signal) =>
    uploadSupplierDocument(upstream(ctx.auth.token), supplier.id, file, body, signal),
  );
  if (!r.ok)
    return redirectWithToast(back, {
      type: "error",
      title: "Document refused",
      description: r.code === "upstream" ? r.message : UPLOAD_REFUSALS[r.code],
    });
  return redirectWithToast(back, {
    type: "success",
    description: `${r.saved.name} added to ${supplier.name}.`,
  });
}

/** One of a supplier's documents, streamed as a download; anything not of that supplier is a 404. */
export async function documentLoader(ctx: ModuleContext, rawSupplier: string, rawDoc: string) {
  const supplier = await companySupplier(ctx, rawSupplier);
  const doc = (await supplierDocuments(ctx, supplier.id)).find((d) => String(d.id) === rawDoc);
  if (!doc) throw notFound();
  const res = await supplierDocumentContent(upstream(ctx.auth.token), doc.id).catch(
    (e: unknown) => {
      if (isUpstreamError(e) && (e.status === 404 || e.status === 410)) throw notFound();
      throw e;
    },
  );
  return documentDownload(res.body, doc);
}

/** One of the company's supplier's documents (404 when it is not). */
export async function companyDocument(ctx: ModuleContext, supplierId: number, docId: number) {
  const supplier = await companySupplier(ctx, String(supplierId));
  const doc = (await supplierDocuments(ctx, supplier.id)).find((d) => d.id === docId);
  if (!doc) throw notFound();
  return doc;
}

/** Deletes one of a supplier's documents (404 when it is not one of the company's supplier's). */
export async function removeDocument(ctx: ModuleContext, supplierId: number, docId: number) {
  const doc = await companyDocument(ctx, supplierId, docId);
  await deleteSupplierDocument(upstream(ctx.auth.token), doc.id);
  return doc;
}

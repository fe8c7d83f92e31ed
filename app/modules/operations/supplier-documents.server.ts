/**
 * Supplier documents (insurance certificates, rate cards): POST /dashboard/suppliers/:id/documents
 * (multipart, field `document`) streams the file to the upstream as it arrives, counted; past
 * DOCUMENT_MAX_BYTES the upstream request is aborted (it keeps nothing) and the user is told. The
 * type is read from the file's first bytes (PDF, JPEG or PNG), never from its name or what the
 * browser said. Downloads go through our server after checking the document is one of that
 * supplier's (the company's); another company's supplier or document is a 404.
 */
import { unstable_parseMultipartFormData } from "@remix-run/node";
import { isAllowed } from "~/lib/access";
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { redirectWithToast } from "~/services/toast.server";
import { isUpstreamError } from "~/services/upstream/errors";
import { limitedBody } from "~/services/upstream/streams.server";
import { MANAGE_SUPPLIERS } from "./rules";
import {
  deleteSupplierDocument,
  listSupplierDocuments,
  listSuppliers,
  supplierDocumentContent,
  uploadSupplierDocument,
  type SupplierDocument,
} from "./suppliers-upstream.server";
import { DOCUMENT_LIMIT_TEXT, DOCUMENT_MAX_BYTES } from "./supplier-documents";

const ascii = (b: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...b.subarray(from, to));

/** A document's type by its first bytes (its signature), or null when not PDF, JPEG or PNG. */
export function documentTypeOf(head: Uint8Array): SupplierDocument["content_type"] | null {
  if (ascii(head, 0, 5) === "%PDF-") return "application/pdf";
  if (head[0] === 0x89 && ascii(head, 1, 4) === "PNG") return "image/png";
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  return null;
}

class Refused extends Error {}

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

/** A file name safe for a header and a list: no paths, no quotes, at most 200 characters. */
const cleanName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? "")
    .replace(/["\r\n\t]/g, "_")
    .trim()
    .slice(0, 200) || "document";

export async function uploadDocumentAction(ctx: ModuleContext, raw: string, request: Request) {
  if (!isAllowed(ctx.user, MANAGE_SUPPLIERS)) throw new Response("Forbidden", { status: 403 });
  const supplier = await companySupplier(ctx, raw);
  const back = documentsPage(supplier.id);
  const refuse = (message: string) =>
    redirectWithToast(back, { type: "error", title: "Document refused", description: message });
  let saved: SupplierDocument | null = null;
  try {
    await unstable_parseMultipartFormData(request, async (part) => {
      if (part.name !== "document" || !part.filename) {
        for await (const _ of part.data) void _;
        return undefined;
      }
      if (saved) throw new Refused("Send one document at a time.");
      const it = part.data[Symbol.asyncIterator]();
      let head = new Uint8Array(0);
      while (head.length < 8) {
        const { value, done } = await it.next();
        if (done) break;
        head = new Uint8Array([...head, ...value]);
      }
      if (head.length === 0) throw new Refused("Choose a document to upload: the file is empty.");
      const type = documentTypeOf(head);
      if (!type) throw new Refused("Only PDF, JPEG or PNG documents may be added.");
      const { body, signal } = limitedBody(
        { [Symbol.asyncIterator]: () => it },
        DOCUMENT_MAX_BYTES,
        () => new Refused(`The document is larger than the limit of ${DOCUMENT_LIMIT_TEXT}.`),
        head,
      );
      saved = await uploadSupplierDocument(
        upstream(ctx.auth.token),
        supplier.id,
        { name: cleanName(part.filename), type },
        body,
        signal,
      );
      return undefined;
    });
  } catch (e) {
    if (e instanceof Refused) return refuse(e.message);
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    if (isUpstreamError(e) && (e.status === 400 || e.status === 413)) return refuse(e.message);
    throw e;
  }
  if (!saved) return refuse("Choose a document to upload.");
  return redirectWithToast(back, {
    type: "success",
    description: `${(saved as SupplierDocument).name} added to ${supplier.name}.`,
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
  return new Response(res.body, {
    headers: {
      "Content-Type": doc.content_type,
      "Content-Disposition": `attachment; filename="${cleanName(doc.name)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
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

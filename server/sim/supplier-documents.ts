/**
 * Supplier documents (insurance certificates, rate cards, plant registrations): designed for issue
 * 26. PDF, JPEG or PNG, at most DOCUMENT_MAX bytes, the body streamed to disk (files.ts).
 *
 * `GET /suppliers/documents?supplier_id` lists a supplier's documents (newest first);
 * `POST /suppliers/documents?supplier_id&content_type&name` takes the bytes as the body;
 * `GET /suppliers/documents/content?id` streams one back; `DELETE /suppliers/documents/{id}`.
 * Another company's supplier or document is a 404, before a byte is read.
 */
import fs from "node:fs";
import { blobPath, receiveBlob } from "./files";
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { idOf } from "./maintenance";
import { supplierState } from "./api-suppliers";
import { nextId, type SimSupplierDocument, type SupplierState } from "./suppliers-seed";

export const DOCUMENT_MAX = 10 * 1024 * 1024;
const TYPES = ["application/pdf", "image/jpeg", "image/png"];

function supplierOf(ctx: Ctx, raw: unknown) {
  const id = Number(raw);
  const s = supplierState(ctx).suppliers.find(
    (x) => x.id === id && x.companyid === ctx.user.companyid,
  );
  if (!s) throw new HttpError(404, "Supplier not found");
  return s;
}

function documentOf(ctx: Ctx, raw: unknown) {
  const id = Number(raw);
  const doc = (supplierState(ctx).documents ?? []).find(
    (x) => x.id === id && x.companyid === ctx.user.companyid,
  );
  if (!doc) throw new HttpError(404, "Document not found");
  return doc;
}

function nameOf(v: unknown): string {
  const t = (typeof v === "string" ? v : "").trim().replace(/[\\/\r\n\t"]/g, "_");
  if (!t) throw new HttpError(400, "name is required");
  return t.slice(0, 200);
}

const view = ({ companyid: _c, blob: _b, ...rest }: SimSupplierDocument) => rest;

async function receive(ctx: Ctx, body: AsyncIterable<Buffer>) {
  const s = supplierOf(ctx, ctx.query.get("supplier_id")); // 404 before reading a byte
  const type = ctx.query.get("content_type") ?? "";
  if (!TYPES.includes(type))
    throw new HttpError(400, "content_type must be application/pdf, image/jpeg or image/png");
  const name = nameOf(ctx.query.get("name"));
  const { blob, size } = await receiveBlob(ctx.state, body, DOCUMENT_MAX);
  if (size === 0) {
    fs.rmSync(blobPath(ctx.state, blob), { force: true });
    throw new HttpError(400, "The document is empty");
  }
  return { supplier_id: s.id, name, content_type: type, size, blob };
}

function add(ctx: Ctx) {
  const b = obj(ctx.body);
  const file = blobPath(ctx.state, b.blob);
  try {
    const s = supplierOf(ctx, b.supplier_id);
    if (!/^[0-9a-f]{32}$/.test(String(b.blob)) || !fs.existsSync(file))
      throw new HttpError(400, "The document's body is missing");
    if (!TYPES.includes(String(b.content_type)))
      throw new HttpError(400, "content_type must be application/pdf, image/jpeg or image/png");
    const d = supplierState(ctx);
    const doc: SimSupplierDocument = {
      id: nextId(d),
      companyid: ctx.user.companyid,
      supplier_id: s.id,
      name: nameOf(b.name),
      content_type: String(b.content_type),
      size: Number(b.size) || fs.statSync(file).size,
      blob: String(b.blob),
      uploaded_at: new Date(ctx.now).toISOString(),
    };
    d.documents!.push(doc);
    return ok(view(doc), 201);
  } catch (e) {
    fs.rmSync(file, { force: true });
    throw e;
  }
}

/** Forgets a deleted supplier's documents and their bodies. */
export function removeDocumentsOf(_ctx: Ctx, d: SupplierState, supplierId: number) {
  const gone = (d.documents ?? []).filter((x) => x.supplier_id === supplierId);
  d.documents = (d.documents ?? []).filter((x) => x.supplier_id !== supplierId);
  for (const doc of gone) fs.rmSync(blobPath(_ctx.state, doc.blob), { force: true });
}

export const supplierDocumentRoutes = routes([
  [
    "GET",
    "/suppliers/documents",
    (ctx) => {
      const s = supplierOf(ctx, ctx.query.get("supplier_id"));
      return ok(
        (supplierState(ctx).documents ?? [])
          .filter((x) => x.supplier_id === s.id)
          .sort((a, b) => b.uploaded_at.localeCompare(a.uploaded_at) || b.id - a.id)
          .map(view),
      );
    },
  ],
  ["POST", "/suppliers/documents", add, { stream: receive }],
  [
    "GET",
    "/suppliers/documents/content",
    (ctx) => {
      const doc = documentOf(ctx, ctx.query.get("id"));
      const file = blobPath(ctx.state, doc.blob);
      if (!fs.existsSync(file)) throw new HttpError(410, "The document's body is gone");
      return { file: { path: file, size: fs.statSync(file).size }, contentType: doc.content_type };
    },
  ],
  [
    "DELETE",
    "/suppliers/documents/:id",
    (ctx) => {
      const d = supplierState(ctx);
      const doc = documentOf(ctx, idOf(ctx));
      d.documents = (d.documents ?? []).filter((x) => x.id !== doc.id);
      fs.rmSync(blobPath(ctx.state, doc.blob), { force: true });
      return ok({ id: doc.id });
    },
  ],
]);

/**
 * Supplier documents (insurance certificates, rate cards, plant registrations): designed for issue
 * 26; the store and its routes are documents.ts, under `/suppliers/documents` with `supplier_id`.
 * The documents live in the supplier state, their ids drawn from the same sequence as suppliers.
 */
import fs from "node:fs";
import { supplierState } from "./api-suppliers";
import { documentRoutes } from "./documents";
import { blobPath } from "./files";
import { HttpError, type Ctx } from "./kit";
import { nextId, type SimSupplierDocument, type SupplierState } from "./suppliers-seed";

function supplierOf(ctx: Ctx, raw: unknown) {
  const id = Number(raw);
  const s = supplierState(ctx).suppliers.find(
    (x) => x.id === id && x.companyid === ctx.user.companyid,
  );
  if (!s) throw new HttpError(404, "Supplier not found");
  return s;
}

/** Forgets a deleted supplier's documents and their bodies. */
export function removeDocumentsOf(_ctx: Ctx, d: SupplierState, supplierId: number) {
  const gone = (d.documents ?? []).filter((x) => x.supplier_id === supplierId);
  d.documents = (d.documents ?? []).filter((x) => x.supplier_id !== supplierId);
  for (const doc of gone) fs.rmSync(blobPath(_ctx.state, doc.blob), { force: true });
}

export const supplierDocumentRoutes = documentRoutes<"supplier_id", SimSupplierDocument>({
  path: "/suppliers/documents",
  key: "supplier_id",
  ownerOf: supplierOf,
  docs: (ctx) => supplierState(ctx).documents!,
  setDocs: (ctx, docs) => {
    supplierState(ctx).documents = docs;
  },
  nextId: (ctx) => nextId(supplierState(ctx)),
});

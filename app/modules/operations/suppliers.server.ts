/**
 * The suppliers page (SPEC §2.3 suppliers): everyone with the page sees the list; fleet_edit
 * creates, edits and deletes. A supplier a hire contract names cannot be deleted: the upstream
 * refuses (409) and the page says why.
 */
import { isAllowed } from "~/lib/access";
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { MANAGE_SUPPLIERS } from "./rules";
import { SUPPLIER_KINDS, type SupplierForm } from "./supplier-form";
import {
  createSupplier,
  deleteSupplier,
  listSupplierDocuments,
  listSuppliers,
  updateSupplier,
  type Supplier,
} from "./suppliers-upstream.server";

export async function suppliersPage(ctx: ModuleContext, url: URL) {
  const all = await listSuppliers(upstream(ctx.auth.token));
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const kindParam = url.searchParams.get("kind");
  const kind = SUPPLIER_KINDS.find((k) => k === kindParam) ?? null;
  const text = q.toLowerCase();
  const suppliers = all.filter(
    (s) =>
      (!kind || s.kind === kind) &&
      (!text ||
        [s.name, s.tax_id, s.address, ...s.contacts.flatMap((c) => [c.name, c.email, c.phone])]
          .join(" ")
          .toLowerCase()
          .includes(text)),
  );
  const edit = url.searchParams.get("edit");
  const editing = edit === null ? null : (all.find((s) => String(s.id) === edit) ?? undefined);
  // Another company's (or an unknown) id to edit is a 404 like any foreign id.
  if (editing === undefined) throw new Response("Not found", { status: 404 });
  const documents = editing
    ? await listSupplierDocuments(upstream(ctx.auth.token), editing.id)
    : [];
  return {
    documents,
    suppliers,
    total: all.length,
    q,
    kind,
    editing,
    canManage: isAllowed(ctx.user, MANAGE_SUPPLIERS),
  };
}

const refusal = (e: unknown): string | null =>
  isUpstreamError(e) && (e.status === 400 || e.status === 409) ? e.message : null;

async function refusingNicely<T>(run: () => Promise<T>) {
  try {
    return { ok: true as const, value: await run() };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    const message = refusal(e);
    if (message) return { ok: false as const, message };
    throw e;
  }
}

export function saveSupplier(ctx: ModuleContext, id: number | null, v: SupplierForm) {
  const input = {
    name: v.name,
    kind: v.kind,
    contacts: v.contacts.filter((c) => c.name || c.phone || c.email),
    tax_id: v.tax_id,
    address: v.address,
    notes: v.notes,
  };
  const up = upstream(ctx.auth.token);
  return refusingNicely<Supplier>(() =>
    id === null ? createSupplier(up, input) : updateSupplier(up, id, input),
  );
}

/** Deletes a supplier, or says why not (a hire contract names it); a foreign id is a 404. */
export const removeSupplier = (ctx: ModuleContext, id: number) =>
  refusingNicely(() => deleteSupplier(upstream(ctx.auth.token), id));

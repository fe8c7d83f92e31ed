/**
 * Ticket types (tickets/admin, tickets_edit): the editor's draft for a type, saving it after the
 * form's checks (type-form.ts, with the chain's problems), and deleting one, which the upstream
 * refuses (409) while tickets use it. Another company's type is a 404.
 */
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import {
  applyLayout,
  checkDraft,
  draftOf,
  emptyDraft,
  type DraftErrors,
  type LayoutOp,
  type TypeDraft,
} from "./type-form";
import { peopleNames } from "./tickets-page.server";
import {
  createTicketType,
  deleteTicketType,
  listTicketTypes,
  updateTicketType,
  type TicketType,
} from "./upstream.server";

const notFound = () => new Response("Not found", { status: 404 });

/** The draft the editor opens with: `?edit_type=new` or `?edit_type=<id>` (404 for another company's). */
export async function typeEditorDraft(
  ctx: ModuleContext,
  param: string | null,
): Promise<TypeDraft | null> {
  if (param === null) return null;
  if (param === "new") return emptyDraft();
  if (!/^\d{1,9}$/.test(param)) throw notFound();
  const t = (await listTicketTypes(upstream(ctx.auth.token))).find((x) => String(x.id) === param);
  if (!t) throw notFound();
  return draftOf(t);
}

export type SaveOutcome =
  { ok: true; type: TicketType } | { ok: false; errors: DraftErrors; message?: string };

export async function saveTicketType(ctx: ModuleContext, d: TypeDraft): Promise<SaveOutcome> {
  const up = upstream(ctx.auth.token);
  const [types, names] = await Promise.all([listTicketTypes(up), peopleNames(up)]);
  if (d.id !== null && !types.some((t) => t.id === d.id)) throw notFound();
  const checked = checkDraft(d, new Set(names.keys()));
  if (!checked.ok) return checked;
  const taken = types.find(
    (t) => t.id !== d.id && t.name.toLowerCase() === checked.value.name.toLowerCase(),
  );
  if (taken) return { ok: false, errors: { name: "Another type has this name" } };
  try {
    const type =
      d.id === null
        ? await createTicketType(up, checked.value)
        : await updateTicketType(up, d.id, checked.value);
    return { ok: true, type };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    if (isUpstreamError(e) && e.status === 400)
      return { ok: false, errors: {}, message: e.message };
    throw e;
  }
}

export async function removeTicketType(
  ctx: ModuleContext,
  id: number,
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await deleteTicketType(upstream(ctx.auth.token), id);
    return { ok: true };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    if (isUpstreamError(e) && e.status === 409) return { ok: false, message: e.message };
    throw e;
  }
}

/** The draft after an add or remove button; a draft of another company's type is a 404. */
export async function layoutDraft(ctx: ModuleContext, d: TypeDraft, op: LayoutOp | null) {
  if (d.id !== null) {
    const types = await listTicketTypes(upstream(ctx.auth.token));
    if (!types.some((t) => t.id === d.id)) throw notFound();
  }
  return op ? applyLayout(d, op) : d;
}

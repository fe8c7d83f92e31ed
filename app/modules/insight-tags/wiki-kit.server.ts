/** Small helpers shared by the wiki's pages, forms, uploads and downloads. */
import { json } from "@remix-run/node";
import type { WikiActionData } from "./schemas";
import { notFound } from "./tags.server";

export const forbidden = () => new Response("Forbidden", { status: 403 });

export function notFoundThrow(): never {
  throw notFound();
}

/** A positive id from the address or a form; anything else is no such thing (404). */
export const idParam = (v: FormDataEntryValue | string | null) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw notFound();
  return n;
};

export const wikiPath = (
  uuid: string,
  q: { category?: number; folder?: number; page?: number; edit?: boolean } = {},
) => {
  const p = new URLSearchParams();
  if (q.category) p.set("category", String(q.category));
  if (q.folder) p.set("folder", String(q.folder));
  if (q.page) p.set("page", String(q.page));
  if (q.edit) p.set("edit", "1");
  const s = p.toString();
  return `/dashboard/insight-tags/${uuid}/wiki${s ? `?${s}` : ""}`;
};

/** A delete asks first (works without JavaScript): the first post returns what to confirm. */
export const unconfirmed = (form: FormData, intent: string, id: number) =>
  form.get("confirm") === "yes"
    ? null
    : json<WikiActionData>({ intent, id, confirmFor: `${intent}:${id}` });

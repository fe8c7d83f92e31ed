/**
 * Fill-in links: whoever holds one may fill in one form of the company, as often as needed, until
 * it expires or is revoked. The id is the secret (32 random bytes, like share links). A link keeps
 * the form as the allow-list lets a visitor see it, taken when it is made, so the public page never
 * asks the upstream and cannot show more than that snapshot.
 */
import type { Prisma } from "~/generated/prisma/client";
import { FORM_LINK_DURATIONS } from "./form-link-rules";
import { publicFormSchema, toPublicForm, type PublicForm } from "./public-form";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import type { Auth } from "~/services/company-context.server";
import {
  isTokenShaped,
  linkStatus,
  newShareToken,
  type LinkStatus,
} from "~/services/share-links.server";
import { listForms } from "./upstream.server";
import { profile } from "~/services/upstream/index.server";

export type FormLinkView = {
  id: string;
  formId: number;
  title: string;
  label: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  status: LinkStatus;
  active: boolean;
  submissions: number;
};

type Row = {
  id: string;
  formId: number;
  label: string;
  form: Prisma.JsonValue;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  _count?: { submissions: number };
};

/** A stored snapshot, read back through the allow-list again (a row written by hand cannot widen it). */
export function snapshotOf(json: Prisma.JsonValue): PublicForm {
  const parsed = publicFormSchema.safeParse(json);
  if (!parsed.success)
    throw new Error("A form link holds a snapshot that no longer fits the allow-list");
  return parsed.data;
}

function view(r: Row, now: number): FormLinkView {
  const status = linkStatus(r, now);
  return {
    id: r.id,
    formId: r.formId,
    title: snapshotOf(r.form).title,
    label: r.label,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
    status,
    active: status === "active",
    submissions: r._count?.submissions ?? 0,
  };
}

/** Why a link could not be made, for the field it concerns. */
export class FormLinkError extends Error {}

/**
 * Makes a link for one of the company's forms; a form id the upstream does not list for this
 * company is a 404, like any id the user cannot see.
 */
export async function createFormLink(
  auth: Auth,
  userId: number,
  input: { formId: number; label: string; minutes: number },
  now = Date.now(),
): Promise<FormLinkView> {
  if (!FORM_LINK_DURATIONS.some((d) => d.minutes === input.minutes))
    throw new FormLinkError("Choose how long the link works.");
  const form = (await listForms(upstream(auth.token))).find((f) => f.id === input.formId);
  if (!form) throw new Response("Form not found", { status: 404 });
  const snapshot = toPublicForm(form);
  if (!snapshot.ok)
    throw new FormLinkError(`This form cannot be filled in through a link. ${snapshot.reason}`);
  // The visitor sees whose form it is; a profile the upstream cannot give now just leaves it out.
  const company = await profile(upstream(auth.token)).then(
    (p) => (p.companyid === auth.companyId ? (p.company_name ?? null) : null),
    () => null,
  );
  const row = await prisma.formLink.create({
    data: {
      id: newShareToken(),
      companyId: auth.companyId,
      companyName: company,
      formId: form.id,
      formCreatedAt: form.created_at ?? null,
      label: input.label,
      form: snapshot.form,
      createdBy: userId,
      createdAt: new Date(now),
      expiresAt: new Date(now + input.minutes * 60_000),
    },
  });
  return view(row, now);
}

export async function listFormLinks(companyId: number, now = Date.now()): Promise<FormLinkView[]> {
  const rows = await prisma.formLink.findMany({
    where: { companyId },
    orderBy: { createdAt: "desc" },
    take: 200,
    select: {
      id: true,
      formId: true,
      label: true,
      form: true,
      createdAt: true,
      expiresAt: true,
      revokedAt: true,
      _count: { select: { submissions: true } },
    },
  });
  return rows.map((r) => view(r, now));
}

/** A link (in any state) of the company, or a 404. */
export async function requireFormLink(
  companyId: number,
  id: string,
  now = Date.now(),
): Promise<FormLinkView> {
  const row = isTokenShaped(id)
    ? await prisma.formLink.findFirst({
        where: { id, companyId },
        select: {
          id: true,
          formId: true,
          label: true,
          form: true,
          createdAt: true,
          expiresAt: true,
          revokedAt: true,
          _count: { select: { submissions: true } },
        },
      })
    : null;
  if (!row) throw new Response("Form link not found", { status: 404 });
  return view(row, now);
}

/** Revokes a link of the company; false when it was revoked already, a 404 when it is not the company's. */
export async function revokeFormLink(
  companyId: number,
  id: string,
  now = Date.now(),
): Promise<boolean> {
  await requireFormLink(companyId, id, now);
  const { count } = await prisma.formLink.updateMany({
    where: { id, companyId, revokedAt: null },
    data: { revokedAt: new Date(now) },
  });
  return count > 0;
}

export type LiveFormLink = {
  id: string;
  companyId: number;
  formId: number;
  label: string;
  createdBy: number;
  expiresAt: string;
  form: PublicForm;
  companyName: string | null;
};

/**
 * The link behind a token while it works, or a 404 — unknown, expired and revoked links give the
 * same answer, so a visitor learns nothing from it.
 */
export async function resolveFormLink(token: string, now = Date.now()): Promise<LiveFormLink> {
  if (!isTokenShaped(token)) throw new Response("Not found", { status: 404 });
  const link = await prisma.formLink.findUnique({ where: { id: token } });
  if (!link || linkStatus(link, now) !== "active") throw new Response("Not found", { status: 404 });
  return {
    id: link.id,
    companyId: link.companyId,
    formId: link.formId,
    label: link.label,
    createdBy: link.createdBy,
    expiresAt: link.expiresAt.toISOString(),
    form: snapshotOf(link.form),
    companyName: link.companyName,
  };
}

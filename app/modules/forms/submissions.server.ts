/**
 * Submitted forms: the review queue (forms/review; forms_edit) with its filters, my and my team's
 * completed forms (forms/completed; forms_view), one submission as a page and a PDF. A submission
 * is always read with the questions of the version it answered, so publishing a new version never
 * changes how an older answer reads.
 */
import { dayKey } from "~/lib/zoned-days";
import { formatZoned } from "~/lib/zoned-time";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";
import { iotDevices, isUpstreamError } from "~/services/upstream/index.server";
import type { Upstream } from "~/services/upstream/client.server";
import { answerText, flaggedAnswers, type Flag } from "./fields/answers";
import { reviewRefusal, type ReviewDecision } from "./review-states";
import { isVisible } from "./fields/conditions";
import { toField, type Answers, type Field, type GroupItem } from "./fields/model";
import {
  getForm,
  getSubmission,
  getUpload,
  listAllForms,
  listFormSubmissions,
  reviewSubmission,
  type SubmissionStatus,
  type UpstreamFormDetail,
  type UpstreamSubmission,
} from "./upstream.server";

export const STATUS_LABELS: Record<SubmissionStatus, string> = {
  submitted: "Waiting for review",
  approved: "Approved",
  sent_back: "Sent back",
};

/** The forms a page needs, each fetched once (versions with their questions). */
function formCache(up: Upstream) {
  const cache = new Map<number, Promise<UpstreamFormDetail | null>>();
  return (id: number) => {
    if (!cache.has(id))
      cache.set(
        id,
        getForm(up, id).catch((e: unknown) => {
          if (isUpstreamError(e) && e.status === 404) return null;
          throw e;
        }),
      );
    return cache.get(id)!;
  };
}

export function versionFields(form: UpstreamFormDetail | null, version: number): Field[] {
  const v = form?.published.find((x) => x.version === version);
  return (v?.fields ?? []).map(toField);
}

/** The first vehicle answered (top level), for the vehicle filter and column. */
function vehicleOf(fields: Field[], answers: Answers): string | null {
  const f = fields.find((x) => x.type === "vehicle" && typeof answers[x.id] === "string");
  return f ? (answers[f.id] as string) : null;
}

async function vehicleNames(up: Upstream): Promise<Record<string, string>> {
  try {
    const list = await iotDevices(up);
    return Object.fromEntries(list.map((d) => [String(d.imei), d.nickname || String(d.imei)]));
  } catch {
    return {};
  }
}

export type SubmissionRow = {
  id: string;
  formId: number;
  title: string;
  version: number;
  person: string;
  personId: number | null;
  submittedAt: string;
  submittedLocal: string;
  status: SubmissionStatus;
  statusLabel: string;
  flags: number;
  vehicle: string | null;
  vehicleName: string | null;
  via: string | null;
};

async function rows(ctx: ModuleContext, list: UpstreamSubmission[]) {
  const up = upstream(ctx.auth.token);
  const form = formCache(up);
  const [tz, names] = await Promise.all([companyTimeZone(ctx.auth), vehicleNames(up)]);
  return Promise.all(
    list.map(async (s): Promise<SubmissionRow> => {
      const f = await form(s.form_id);
      const version = s.version ?? 1;
      const fields = versionFields(f, version);
      const vehicle = vehicleOf(fields, s.answers);
      const status = s.status ?? "submitted";
      return {
        id: s.id,
        formId: s.form_id,
        title: f?.published.find((v) => v.version === version)?.title ?? f?.title ?? "Form",
        version,
        person: s.person?.name || (s.link_label ? `Fill-in link: ${s.link_label}` : "—"),
        personId: s.link_label ? null : (s.person?.username_id ?? null),
        submittedAt: s.submitted_at,
        submittedLocal: formatZoned(Date.parse(s.submitted_at), tz, "full"),
        status,
        statusLabel: STATUS_LABELS[status],
        flags: flaggedAnswers(fields, s.answers).length,
        vehicle,
        vehicleName: vehicle ? (names[vehicle] ?? vehicle) : null,
        via: s.link_label ?? null,
      };
    }),
  );
}

export type ReviewFilters = {
  form: number | null;
  person: number | null;
  vehicle: string | null;
  from: string | null;
  to: string | null;
  flagged: boolean;
  status: SubmissionStatus;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function reviewFilters(url: URL): ReviewFilters {
  const q = url.searchParams;
  const int = (k: string) => {
    const n = Number(q.get(k));
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  const day = (k: string) => (DAY.test(q.get(k) ?? "") ? q.get(k) : null);
  const status = q.get("status");
  return {
    form: int("form"),
    person: int("person"),
    vehicle: q.get("vehicle")?.slice(0, 40) || null,
    from: day("from"),
    to: day("to"),
    flagged: q.get("flagged") === "1",
    status: status === "approved" || status === "sent_back" ? status : "submitted",
  };
}

/** The review queue, filtered (dates by the company's calendar day of submission). */
export async function reviewPage(ctx: ModuleContext, url: URL) {
  const filters = reviewFilters(url);
  const up = upstream(ctx.auth.token);
  const [all, forms, tz] = await Promise.all([
    listFormSubmissions(up, undefined, { status: filters.status }),
    listAllForms(up, "all"),
    companyTimeZone(ctx.auth),
  ]);
  const list = await rows(ctx, all);
  const dayOf = (iso: string) => dayKey(Date.parse(iso), tz);
  const shown = list.filter(
    (r) =>
      (filters.form === null || r.formId === filters.form) &&
      (filters.person === null || r.personId === filters.person) &&
      (filters.vehicle === null || r.vehicle === filters.vehicle) &&
      (filters.from === null || dayOf(r.submittedAt) >= filters.from) &&
      (filters.to === null || dayOf(r.submittedAt) <= filters.to) &&
      (!filters.flagged || r.flags > 0),
  );
  const people = new Map(list.filter((r) => r.personId).map((r) => [r.personId!, r.person]));
  const vehicles = new Map(list.filter((r) => r.vehicle).map((r) => [r.vehicle!, r.vehicleName!]));
  return {
    rows: shown,
    filters,
    options: {
      forms: forms.map((f) => ({ value: String(f.id), label: f.title })),
      people: [...people].map(([id, name]) => ({ value: String(id), label: name })),
      vehicles: [...vehicles].map(([id, name]) => ({ value: id, label: name })),
    },
  };
}

/**
 * Without forms_view, someone who fills in forms (complete_forms: the driver) sees only the forms
 * they sent in themselves.
 */
export const seesOwnOnly = (ctx: ModuleContext) => ctx.user.permissions.forms_view !== true;

/** My completed forms, or my team's (people sharing a group with me). */
export async function completedPage(ctx: ModuleContext, url: URL) {
  const ownOnly = seesOwnOnly(ctx);
  const scope = ownOnly || url.searchParams.get("scope") === "mine" ? "mine" : "team";
  const list = await listFormSubmissions(upstream(ctx.auth.token), undefined, { scope });
  const mine = (await rows(ctx, list)).filter(
    (r) => !ownOnly || r.personId === ctx.user.username_id,
  );
  return { rows: mine, scope, ownOnly };
}

export type AnswerRow =
  | { kind: "heading"; label: string }
  | {
      kind: "answer";
      id: string;
      label: string;
      text: string;
      upload: string | null;
      flagged: boolean;
    }
  | { kind: "group"; label: string; items: AnswerRow[][] };

function answerRows(
  fields: Field[],
  answers: Answers | GroupItem,
  context: Answers,
  flags: Set<string>,
  names: Record<string, string>,
  prefix = "",
): AnswerRow[] {
  const out: AnswerRow[] = [];
  for (const f of fields) {
    if (!isVisible(f, { ...context, ...answers })) continue;
    if (f.type === "heading") {
      out.push({ kind: "heading", label: f.label });
      continue;
    }
    const v = (answers as Answers)[f.id];
    if (f.type === "group") {
      const items = Array.isArray(v) ? (v as GroupItem[]) : [];
      out.push({
        kind: "group",
        label: f.label,
        items: items.map((item, i) =>
          answerRows(f.fields ?? [], item, context, flags, names, `${f.id}.${i + 1}.`),
        ),
      });
      continue;
    }
    const isPicture = f.type === "photo" || f.type === "signature";
    out.push({
      kind: "answer",
      id: f.id,
      label: f.label,
      text: answerText(f, v, { vehicles: names }),
      upload: isPicture && typeof v === "string" ? v : null,
      flagged: flags.has(`${prefix}${f.id}`),
    });
  }
  return out;
}

const flagKey = (f: Flag, fields: Field[]) => {
  if (f.item === undefined) return f.id;
  const g = fields.find((x) => x.fields?.some((c) => c.id === f.id));
  return `${g?.id}.${f.item}.${f.id}`;
};

/** One submission of the company (404 otherwise), read with its own version. */
export async function submissionPage(ctx: ModuleContext, id: string) {
  if (!/^\d{1,12}$/.test(id)) throw new Response("Not found", { status: 404 });
  const up = upstream(ctx.auth.token);
  let s: UpstreamSubmission;
  try {
    s = await getSubmission(up, id);
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404)
      throw new Response("Submission not found", { status: 404 });
    throw e;
  }
  const form = await formCache(up)(s.form_id);
  const version = s.version ?? 1;
  const fields = versionFields(form, version);
  const flags = flaggedAnswers(fields, s.answers);
  const [row] = await rows(ctx, [s]);
  const names = await vehicleNames(up);
  const keys = new Set(flags.map((f) => flagKey(f, fields)));
  return {
    row: row!,
    latest: form?.version ?? null,
    answers: answerRows(fields, s.answers, s.answers, keys, names),
    flags,
    review: s.review
      ? {
          ...s.review,
          atLocal: formatZoned(Date.parse(s.review.at), await companyTimeZone(ctx.auth), "full"),
        }
      : null,
  };
}

/** One completed form as its page and PDF show it: someone who sees their own only gets a 404 for another's. */
export async function completedSubmissionPage(ctx: ModuleContext, id: string) {
  const page = await submissionPage(ctx, id);
  if (seesOwnOnly(ctx) && page.row.personId !== ctx.user.username_id)
    throw new Response("Submission not found", { status: 404 });
  return page;
}

export type ReviewResult =
  { ok: true; message: string } | { ok: false; errors: Record<string, string> };

export async function reviewAction(
  ctx: ModuleContext,
  id: string,
  decision: ReviewDecision,
  comment: string,
): Promise<ReviewResult> {
  const { row } = await submissionPage(ctx, id);
  const refused = reviewRefusal(row, decision, ctx.user.username_id);
  if (refused) return { ok: false, errors: { form: refused } };
  const c = comment.trim();
  if (decision === "sent_back" && !c)
    return { ok: false, errors: { comment: "Say what needs to change before sending it back." } };
  if (c.length > 2000) return { ok: false, errors: { comment: "Use at most 2000 characters." } };
  await reviewSubmission(upstream(ctx.auth.token), id, { status: decision, comment: c });
  return {
    ok: true,
    message: decision === "approved" ? "Form approved." : "Form sent back with your comment.",
  };
}

/** A picture of an answer, for a page or the PDF (404 for another company's). */
export async function uploadBytes(ctx: ModuleContext, id: string) {
  if (!/^up_[A-Za-z0-9_-]{1,40}$/.test(id)) throw new Response("Not found", { status: 404 });
  try {
    return await getUpload(upstream(ctx.auth.token), id);
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    throw e;
  }
}

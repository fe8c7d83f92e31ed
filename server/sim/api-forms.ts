/**
 * Form calls (designed): the caller's company's forms, their drafts and published versions, and
 * submissions of answers to them. A form of another company is 404 like an unknown one. A
 * submission may carry the caller's `reference`; sending the same reference again answers the
 * first submission's id instead of storing it twice, so a client may retry a submission whose
 * answer it never saw. See forms-builder.ts for versions, fillers and uploads.
 */
import { LINK_LABEL_MAX, REFERENCE_MAX, type SimFormSubmission } from "./forms";
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  builtAnswersProblem,
  contentOf,
  formsData,
  latest,
  type BuiltForm,
} from "./forms-builder";
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { idOf } from "./maintenance";

function formOf(ctx: Ctx, id: unknown): BuiltForm {
  const n = typeof id === "string" && /^\d+$/.test(id) ? Number(id) : id;
  if (typeof n !== "number" || !Number.isInteger(n))
    throw new HttpError(400, "form_id must be a form id");
  const form = formsData(ctx).forms.find((x) => x.id === n);
  if (!form || form.company_id !== ctx.user.companyid) throw new HttpError(404, "Form not found");
  return form;
}

const mayFill = (ctx: Ctx, f: BuiltForm) =>
  f.fillers.everyone || f.fillers.group_ids.some((g) => ctx.user.group_ids.includes(g));

/** A form as the list shows it: the published version's questions, plus its state. */
function summary(f: BuiltForm) {
  const v = latest(f);
  const { draft, versions, ...rest } = f;
  return {
    ...rest,
    title: v?.title ?? draft.title,
    description: v?.description ?? draft.description,
    fields: v?.fields ?? [],
    version: v?.version ?? null,
    versions: versions.map((x) => ({ version: x.version, published_at: x.published_at })),
    draft_changed:
      !v ||
      JSON.stringify([draft.title, draft.description, draft.fields]) !==
        JSON.stringify([v.title, v.description, v.fields]),
  };
}
const detail = (f: BuiltForm) => ({ ...summary(f), draft: f.draft, published: f.versions });

/**
 * GET /forms/forms: the company's live forms (published, not archived), internal fields included;
 * `all=1` adds archived and never-published ones; `fillable=1` keeps those the caller may fill.
 */
function list(ctx: Ctx) {
  const all = ctx.query.get("all") === "1";
  const fillable = ctx.query.get("fillable") === "1";
  return ok(
    formsData(ctx)
      .forms.filter(
        (f) =>
          f.company_id === ctx.user.companyid &&
          (all || (!f.archived && f.versions.length > 0)) &&
          (!fillable || (!f.archived && f.versions.length > 0 && mayFill(ctx, f))),
      )
      .map(summary),
  );
}

function create(ctx: Ctx) {
  const d = formsData(ctx);
  const content = contentOf(obj(ctx.body));
  const now = new Date(ctx.now).toISOString();
  const u = ctx.state.world.users.find((x) => x.username_id === ctx.user.username_id);
  const form: BuiltForm = {
    id: ++d.seq,
    company_id: ctx.user.companyid,
    created_by: { username_id: ctx.user.username_id, name: u?.name ?? "" },
    created_at: now,
    updated_at: now,
    notify_emails: [],
    internal_notes: "",
    archived: false,
    fillers: { everyone: true, group_ids: [] },
    draft: { ...content, updated_at: now },
    versions: [],
  };
  d.forms.push(form);
  return ok(detail(form), 201);
}

function saveDraft(ctx: Ctx) {
  const f = formOf(ctx, idOf(ctx));
  const now = new Date(ctx.now).toISOString();
  f.draft = { ...contentOf(obj(ctx.body)), updated_at: now };
  f.updated_at = now;
  return ok(detail(f));
}

function publish(ctx: Ctx) {
  const f = formOf(ctx, idOf(ctx));
  if (!f.draft.fields.some((x) => x.type !== "heading"))
    throw new HttpError(400, "A form with no fields cannot be published");
  const version = (latest(f)?.version ?? 0) + 1;
  const now = new Date(ctx.now).toISOString();
  f.versions.push({
    ...JSON.parse(
      JSON.stringify({
        title: f.draft.title,
        description: f.draft.description,
        fields: f.draft.fields,
      }),
    ),
    version,
    published_at: now,
    published_by: ctx.user.username_id,
  });
  f.updated_at = now;
  return ok(detail(f), 201);
}

function archive(ctx: Ctx) {
  const f = formOf(ctx, idOf(ctx));
  const b = obj(ctx.body);
  if (typeof b.archived !== "boolean") throw new HttpError(400, "archived must be true or false");
  f.archived = b.archived;
  return ok(detail(f));
}

function duplicate(ctx: Ctx) {
  const f = formOf(ctx, idOf(ctx));
  const source = f.draft;
  ctx.body = {
    ...JSON.parse(JSON.stringify(source)),
    title: `Copy of ${source.title}`.slice(0, 200),
  };
  const r = create(ctx);
  return r;
}

function fillers(ctx: Ctx) {
  const f = formOf(ctx, idOf(ctx));
  const b = obj(ctx.body);
  if (typeof b.everyone !== "boolean") throw new HttpError(400, "everyone must be true or false");
  const ids = b.group_ids ?? [];
  const own = new Set(
    ctx.state.world.groups.filter((g) => g.companyid === ctx.user.companyid).map((g) => g.id),
  );
  if (!Array.isArray(ids) || ids.some((g) => typeof g !== "number" || !own.has(g)))
    throw new HttpError(400, "group_ids must be groups of the company");
  if (!b.everyone && ids.length === 0)
    throw new HttpError(400, "Choose the groups who may fill in the form, or everyone");
  f.fillers = { everyone: b.everyone, group_ids: [...new Set(ids as number[])] };
  return ok(detail(f));
}

function person(ctx: Ctx, id: number) {
  const u = ctx.state.world.users.find((x) => x.username_id === id);
  return { username_id: id, name: u?.name ?? "", group_ids: u?.group_ids ?? [] };
}

function view(ctx: Ctx, s: SimFormSubmission) {
  const { company_id: _c, submitted_by, ...rest } = s;
  const p = person(ctx, submitted_by);
  return {
    ...rest,
    version: s.version ?? 1,
    status: s.status ?? "submitted",
    review: s.review ?? null,
    person: { username_id: p.username_id, name: p.name },
  };
}

/**
 * POST /forms/submissions {form_id, answers, submitted_at, version?, link_label?, reference?} →
 * 201 {id}. Without a version the latest published one is answered. A submission made in the
 * app (no link_label) needs a live form the caller may fill (403 otherwise); answers given through
 * a fill-in link were allowed by whoever made the link.
 */
function submit(ctx: Ctx) {
  const body = obj(ctx.body);
  const form = formOf(ctx, body.form_id);
  const answers = obj(body.answers);
  if (typeof body.submitted_at !== "string" || Number.isNaN(Date.parse(body.submitted_at)))
    throw new HttpError(400, "submitted_at must be an ISO date-time");
  const label = body.link_label ?? null;
  if (label !== null && (typeof label !== "string" || label.length > LINK_LABEL_MAX))
    throw new HttpError(400, `link_label must be text of at most ${LINK_LABEL_MAX} characters`);
  const reference = body.reference ?? null;
  if (
    reference !== null &&
    (typeof reference !== "string" || !reference || reference.length > REFERENCE_MAX)
  )
    throw new HttpError(400, `reference must be text of 1 to ${REFERENCE_MAX} characters`);
  if (label === null && (form.archived || !mayFill(ctx, form)))
    throw new HttpError(403, "You may not fill in this form");
  const wanted = body.version ?? latest(form)?.version;
  const version = form.versions.find((v) => v.version === wanted);
  if (!version) throw new HttpError(400, "version must be a published version of the form");
  const d = formsData(ctx);
  const uploads = new Set(
    d.uploads.filter((u) => u.company_id === form.company_id).map((u) => u.id),
  );
  const problem = builtAnswersProblem(version.fields, answers, uploads);
  if (problem) throw new HttpError(400, problem);
  const list = ctx.state.formSubmissions;
  const seen = reference
    ? list.find((s) => s.company_id === form.company_id && s.reference === reference)
    : undefined;
  if (seen) return ok({ id: seen.id, duplicate: true }, 200);
  const saved: SimFormSubmission = {
    id: 9001 + list.length,
    company_id: form.company_id,
    form_id: form.id,
    answers: answers as SimFormSubmission["answers"],
    submitted_at: new Date(Date.parse(body.submitted_at)).toISOString(),
    received_at: new Date(ctx.now).toISOString(),
    link_label: label as string | null,
    reference: reference as string | null,
    submitted_by: ctx.user.username_id,
    version: version.version,
    status: "submitted",
    review: null,
  };
  list.push(saved);
  return ok({ id: saved.id }, 201);
}

/**
 * GET /forms/submissions?form_id=&status=&scope=: the company's submissions, newest first;
 * scope=mine keeps the caller's, scope=team the caller's and those of people sharing a group.
 */
function submissions(ctx: Ctx) {
  const raw = ctx.query.get("form_id");
  const formId = raw ? formOf(ctx, raw).id : null;
  const status = ctx.query.get("status");
  const scope = ctx.query.get("scope");
  const mine = ctx.user.group_ids;
  const inScope = (by: number) =>
    scope === "mine"
      ? by === ctx.user.username_id
      : scope === "team"
        ? by === ctx.user.username_id || person(ctx, by).group_ids.some((g) => mine.includes(g))
        : true;
  const rows = ctx.state.formSubmissions.filter(
    (s) =>
      s.company_id === ctx.user.companyid &&
      (formId === null || s.form_id === formId) &&
      (!status || (s.status ?? "submitted") === status) &&
      inScope(s.submitted_by),
  );
  return ok(rows.map((s) => view(ctx, s)).reverse());
}

function submissionOf(ctx: Ctx): SimFormSubmission {
  const id = Number(idOf(ctx));
  const s = ctx.state.formSubmissions.find(
    (x) => x.id === id && x.company_id === ctx.user.companyid,
  );
  if (!s) throw new HttpError(404, "Submission not found");
  return s;
}

/** POST /forms/review/{id} {status: approved|sent_back, comment}: sending back needs a comment. */
function review(ctx: Ctx) {
  const s = submissionOf(ctx);
  const b = obj(ctx.body);
  if (b.status !== "approved" && b.status !== "sent_back")
    throw new HttpError(400, "status must be approved or sent_back");
  const comment = typeof b.comment === "string" ? b.comment.trim() : "";
  if (comment.length > 2000) throw new HttpError(400, "comment must be at most 2000 characters");
  if (b.status === "sent_back" && !comment)
    throw new HttpError(400, "comment is required to send a form back");
  const p = person(ctx, ctx.user.username_id);
  s.status = b.status;
  s.review = {
    by: { username_id: p.username_id, name: p.name },
    at: new Date(ctx.now).toISOString(),
    comment,
  };
  return ok(view(ctx, s));
}

/** POST /forms/uploads {content_type, data (base64)} → 201 {id, content_type, size}. */
function upload(ctx: Ctx) {
  const b = obj(ctx.body);
  if (typeof b.content_type !== "string" || !UPLOAD_TYPES.includes(b.content_type))
    throw new HttpError(415, `content_type must be one of: ${UPLOAD_TYPES.join(", ")}`);
  if (typeof b.data !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(b.data))
    throw new HttpError(400, "data must be base64");
  const size = Buffer.from(b.data, "base64").length;
  if (size === 0) throw new HttpError(400, "data is empty");
  if (size > UPLOAD_MAX_BYTES)
    throw new HttpError(413, `an upload may be at most ${UPLOAD_MAX_BYTES} bytes`);
  const d = formsData(ctx);
  const saved = {
    id: `up_${ctx.random().slice(0, 16)}`,
    company_id: ctx.user.companyid,
    content_type: b.content_type,
    size,
    data: b.data,
    created_by: ctx.user.username_id,
    created_at: new Date(ctx.now).toISOString(),
  };
  d.uploads.push(saved);
  return ok({ id: saved.id, content_type: saved.content_type, size }, 201);
}

function uploadOf(ctx: Ctx) {
  const id = idOf(ctx);
  const u = formsData(ctx).uploads.find((x) => x.id === id && x.company_id === ctx.user.companyid);
  if (!u) throw new HttpError(404, "Upload not found");
  const { company_id: _c, ...rest } = u;
  return ok(rest);
}

export const formRoutes = routes([
  ["GET", "/forms/forms", list],
  ["POST", "/forms/forms", create],
  ["GET", "/forms/forms/:id", (ctx) => ok(detail(formOf(ctx, idOf(ctx))))],
  ["PUT", "/forms/forms/:id", saveDraft],
  ["POST", "/forms/publish/:id", publish],
  ["POST", "/forms/archive/:id", archive],
  ["POST", "/forms/duplicate/:id", duplicate],
  ["PUT", "/forms/fillers/:id", fillers],
  ["POST", "/forms/submissions", submit],
  ["GET", "/forms/submissions", submissions],
  ["GET", "/forms/submissions/:id", (ctx) => ok(view(ctx, submissionOf(ctx)))],
  ["POST", "/forms/review/:id", review],
  ["POST", "/forms/uploads", upload],
  ["GET", "/forms/uploads/:id", uploadOf],
]);

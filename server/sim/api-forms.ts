/**
 * Form calls (designed): the caller's company's forms, and submissions of answers to them. A form
 * of another company is 404 like an unknown one. A submission may carry the caller's `reference`;
 * sending the same reference again answers the first submission's id instead of storing it twice,
 * so a client may retry a submission whose answer it never saw.
 */
import {
  FORMS,
  LINK_LABEL_MAX,
  REFERENCE_MAX,
  answersProblem,
  type SimForm,
  type SimFormSubmission,
} from "./forms";
import { HttpError, obj, ok, routes, type Ctx } from "./kit";

function formOf(ctx: Ctx, id: unknown): SimForm {
  const n = typeof id === "string" && /^\d+$/.test(id) ? Number(id) : id;
  if (typeof n !== "number" || !Number.isInteger(n))
    throw new HttpError(400, "form_id must be a form id");
  const form = FORMS.find((x) => x.id === n);
  if (!form || form.company_id !== ctx.user.companyid) throw new HttpError(404, "Form not found");
  return form;
}

/** GET /forms/forms: every form of the caller's company, internal fields included. */
function list(ctx: Ctx) {
  return ok(FORMS.filter((x) => x.company_id === ctx.user.companyid));
}

const view = ({ company_id: _c, submitted_by: _s, ...s }: SimFormSubmission) => s;

/** POST /forms/submissions {form_id, answers, submitted_at, link_label?, reference?} → 201 {id}. */
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
  const problem = answersProblem(form, answers);
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
  };
  list.push(saved);
  return ok({ id: saved.id }, 201);
}

/** GET /forms/submissions?form_id= (optional): the company's submissions, newest first. */
function submissions(ctx: Ctx) {
  const raw = ctx.query.get("form_id");
  const formId = raw ? formOf(ctx, raw).id : null;
  const mine = ctx.state.formSubmissions.filter(
    (s) => s.company_id === ctx.user.companyid && (formId === null || s.form_id === formId),
  );
  return ok(mine.map(view).reverse());
}

export const formRoutes = routes([
  ["GET", "/forms/forms", list],
  ["POST", "/forms/submissions", submit],
  ["GET", "/forms/submissions", submissions],
]);

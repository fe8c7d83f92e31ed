/**
 * Loader and action of /dashboard/dashboard-forms: the company's forms (from the upstream), the
 * fill-in links made for them and the answers received (from PostgreSQL, so they stay visible when
 * the upstream is down). Viewing needs forms_view (the menu's rule); making and revoking links
 * needs forms_add or forms_edit. Every id posted is looked up within the session's company: any
 * other is a 404.
 */
import { json, redirect } from "@remix-run/node";
import { CAN, isAllowed } from "~/lib/access";
import {
  FORM_LINK_DURATIONS,
  FormLinkCreateSchema,
  FormLinkRevokeSchema,
  SubmissionRetrySchema,
} from "./form-link-rules";
import { toPublicForm } from "./public-form";
import type { SessionUser } from "~/lib/user";
import type { ModuleContext } from "~/services/guard.server";
import { upstream } from "~/services/api.server";
import { type Auth } from "~/services/company-context.server";
import { getEnv } from "~/services/env.server";
import { retrySubmission, type ForwardOutcome } from "./form-forwarding.server";
import {
  createFormLink,
  FormLinkError,
  listFormLinks,
  requireFormLink,
  revokeFormLink,
} from "./form-links.server";
import { listSubmissions, requireSubmission } from "./form-submissions.server";
import { logError, logInfo } from "~/services/log.server";
import { isUpstreamError } from "~/services/upstream/errors";
import { listForms } from "./upstream.server";
import { parseForm } from "~/lib/parse-form";
import { notUnderstood, switchIntent } from "~/services/intent.server";

export const FORMS_PAGE = "/dashboard/dashboard-forms";
export const UPSTREAM_DOWN_MESSAGE =
  "The forms could not be loaded from the tracking service just now. The links and answers below are kept here and still work; new links can be made once it answers again.";

export const canManageFormLinks = (
  user: Pick<SessionUser, "permissions" | "features_enabled" | "tsadmin">,
) => isAllowed(user, CAN.manageFormLinks);

export type FormSummary = {
  id: number;
  title: string;
  description: string;
  questions: number;
  unshareable: string | null;
};

async function companyForms(
  auth: Auth,
): Promise<{ forms: FormSummary[] | null; formsError: string | null }> {
  try {
    const list = await listForms(upstream(auth.token));
    return {
      forms: list.map((f) => {
        const p = toPublicForm(f);
        return {
          id: f.id,
          title: f.title,
          description: f.description ?? "",
          questions: f.fields.length,
          unshareable: p.ok ? null : p.reason,
        };
      }),
      formsError: null,
    };
  } catch (e) {
    if (!isUpstreamError(e)) throw e;
    logError("forms", e);
    return { forms: null, formsError: UPSTREAM_DOWN_MESSAGE };
  }
}

/** Where visitors reach this app: the configured public address, else the address this request came to. */
function publicBase(url: URL) {
  return (getEnv().PUBLIC_URL ?? url.origin).replace(/\/+$/, "");
}

export async function formsDashboard(ctx: ModuleContext, url: URL) {
  const { session, auth, companyId } = ctx;
  const only = url.searchParams.get("link");
  const filter = only ? await requireFormLink(companyId, only) : null;
  const [{ forms, formsError }, links, submissions] = await Promise.all([
    companyForms(auth),
    listFormLinks(companyId),
    listSubmissions(companyId, { linkId: filter?.id }),
  ]);
  const created = url.searchParams.get("created");
  return {
    forms,
    formsError,
    links,
    submissions,
    filter: filter ? { id: filter.id, label: filter.label, title: filter.title } : null,
    created: links.some((l) => l.id === created) ? created : null,
    done: url.searchParams.get("done") === "revoked" ? "revoked" : null,
    canManage: canManageFormLinks(session.user),
    durations: FORM_LINK_DURATIONS,
    baseUrl: publicBase(url),
  };
}

const OUTCOME_MESSAGES: Record<ForwardOutcome, string> = {
  forwarded: "Sent to the forms service.",
  pending: "The forms service did not take it yet; it will be tried again shortly.",
  rejected: "The forms service refused these answers.",
  skipped: "Nothing to send: it was sent already or is being sent right now.",
};

async function createLink(ctx: ModuleContext, formData: FormData) {
  const { session, auth } = ctx;
  const submission = parseForm(formData, FormLinkCreateSchema);
  const formId = Number(formData.get("formId")) || null;
  if (submission.status !== "success")
    return json(
      { intent: "link-create" as const, formId, reply: submission.reply() },
      { status: 400 },
    );
  try {
    const link = await createFormLink(auth, session.user.username_id, submission.value);
    logInfo("forms", `user=${session.user.username} made a fill-in link for form ${link.formId}`);
    return redirect(`${FORMS_PAGE}?created=${encodeURIComponent(link.id)}#link-${link.id}`);
  } catch (e) {
    if (e instanceof Response) throw e;
    const message =
      e instanceof FormLinkError
        ? e.message
        : isUpstreamError(e)
          ? "The tracking service did not answer, so no link was made. Please try again in a moment."
          : null;
    if (!message) throw e;
    if (!(e instanceof FormLinkError)) logError("forms", e);
    return json(
      {
        intent: "link-create" as const,
        formId,
        reply: submission.reply({ formErrors: [message] }),
      },
      { status: e instanceof FormLinkError ? 400 : 503 },
    );
  }
}

async function revokeLink({ session, companyId }: ModuleContext, formData: FormData) {
  const parsed = FormLinkRevokeSchema.safeParse(Object.fromEntries(formData));
  // Only a forged or stale button sends a malformed id.
  if (!parsed.success) return notUnderstood();
  const d = parsed.data;
  await requireFormLink(companyId, d.id);
  if (!d.confirm) return json({ intent: d.intent, confirmFor: d.id });
  await revokeFormLink(companyId, d.id);
  logInfo("forms", `user=${session.user.username} revoked a fill-in link`);
  return redirect(`${FORMS_PAGE}?done=revoked`);
}

async function retryAnswer({ companyId }: ModuleContext, formData: FormData) {
  const parsed = SubmissionRetrySchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return notUnderstood();
  const d = parsed.data;
  await requireSubmission(companyId, d.id);
  const outcome = await retrySubmission(companyId, d.id);
  return json({ intent: d.intent, id: d.id, outcome, message: OUTCOME_MESSAGES[outcome] });
}

export async function formsDashboardAction(ctx: ModuleContext, formData: FormData) {
  if (!canManageFormLinks(ctx.session.user)) throw new Response("Forbidden", { status: 403 });
  return switchIntent(formData, {
    "link-create": (f) => createLink(ctx, f),
    "link-revoke": (f) => revokeLink(ctx, f),
    "submission-retry": (f) => retryAnswer(ctx, f),
  });
}

export type FormsDashboardActionData = Awaited<ReturnType<typeof formsDashboardAction>>;

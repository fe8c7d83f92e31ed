/**
 * The public side of fill-in links (SPEC §2.1 forms/{id}, form-submitted-thankyou): no session,
 * no upstream. A visitor sees the link's allow-listed snapshot of the form, and answers are checked
 * against that same snapshot, stored, and forwarded in the background.
 */
import { COMPANY_LOGOS, type CompanyLogo } from "~/components/shell/brand";
import { json, redirect } from "@remix-run/node";
import { answersSchema, cleanAnswers } from "./form-answers";
import type { PublicForm } from "./public-form";
import { forwardInBackground } from "./form-forwarding.server";
import { resolveFormLink } from "./form-links.server";
import { storeSubmission } from "./form-submissions.server";
import { FORM_RATE_LIMIT_MESSAGE } from "~/services/rate-limit.server";
import { parseForm } from "~/lib/parse-form";
import { PUBLIC_TOKEN_HEADERS } from "~/services/public-page-headers";

export type PublicFormData = {
  form: PublicForm;
  expiresAt: string;
  /** Whose form it is; never the company's id (the visitor needs a name and a logo, not a key). */
  company: { name: string | null; logo: CompanyLogo | null };
};

export async function publicForm(token: string): Promise<PublicFormData> {
  const link = await resolveFormLink(token);
  return {
    form: link.form,
    expiresAt: link.expiresAt,
    company: { name: link.companyName, logo: COMPANY_LOGOS[link.companyId] ?? null },
  };
}

/**
 * The answers: 422 with a message next to each question and what was typed kept, 429 past the rate
 * limit, otherwise stored and off to the thank-you page (the token rides along so that page can
 * name the form and offer to fill it in again, while the link works).
 */
export async function submitPublicForm(request: Request, token: string, address: string) {
  const link = await resolveFormLink(token);
  const submission = parseForm(await request.formData(), answersSchema(link.form));
  if (submission.status !== "success")
    return json(submission.reply(), { status: 422, headers: PUBLIC_TOKEN_HEADERS });
  const stored = await storeSubmission(link, cleanAnswers(submission.value), address);
  if (!stored.ok)
    return json(submission.reply({ formErrors: [FORM_RATE_LIMIT_MESSAGE] }), {
      status: 429,
      headers: PUBLIC_TOKEN_HEADERS,
    });
  void forwardInBackground(stored.id);
  return redirect(`/form-submitted-thankyou?form=${encodeURIComponent(link.id)}`, {
    headers: PUBLIC_TOKEN_HEADERS,
  });
}

/** The thank-you page names the form only while its link works; otherwise it is a plain thanks. */
export async function thankYou(
  request: Request,
): Promise<{ title: string | null; again: string | null }> {
  const token = new URL(request.url).searchParams.get("form");
  if (!token) return { title: null, again: null };
  try {
    const link = await resolveFormLink(token);
    return { title: link.form.title, again: `/forms/${link.id}` };
  } catch (e) {
    if (e instanceof Response) return { title: null, again: null };
    throw e;
  }
}

/**
 * Answers given through fill-in links: stored in PostgreSQL first (a visitor never waits on the
 * upstream, nor sees it fail), then forwarded (form-forwarding.server.ts). Listed for the company's
 * staff with the questions as the link showed them.
 */
import { formatAnswer, type Answers } from "./form-answers";
import { prisma } from "~/services/db.server";
import { snapshotOf, type LiveFormLink } from "./form-links.server";
import { addressKey, isFormSubmissionLimited } from "~/services/rate-limit.server";

export type StoredSubmission = { ok: true; id: string } | { ok: false; reason: "rate-limited" };

export async function storeSubmission(
  link: LiveFormLink,
  answers: Answers,
  address: string,
  now = new Date(),
): Promise<StoredSubmission> {
  const key = addressKey(address);
  if (await isFormSubmissionLimited(link.id, key, now))
    return { ok: false, reason: "rate-limited" };
  const row = await prisma.formSubmission.create({
    data: {
      linkId: link.id,
      companyId: link.companyId,
      formId: link.formId,
      answers,
      addressKey: key,
      createdAt: now,
      nextAttemptAt: now,
    },
    select: { id: true },
  });
  return { ok: true, id: row.id };
}

export type SubmissionStatus = "forwarded" | "pending" | "rejected";

export type SubmissionView = {
  id: string;
  linkId: string;
  linkLabel: string;
  title: string;
  createdAt: string;
  answers: { id: string; label: string; value: string }[];
  status: SubmissionStatus;
  forwardedAt: string | null;
  upstreamId: string | null;
  attempts: number;
  lastError: string | null;
};

export const statusOf = (s: {
  forwardedAt: Date | null;
  rejectedAt: Date | null;
}): SubmissionStatus => (s.forwardedAt ? "forwarded" : s.rejectedAt ? "rejected" : "pending");

/** The company's latest submissions (of one link, when given), answers in the order of the link's questions. */
export async function listSubmissions(
  companyId: number,
  options: { linkId?: string; take?: number } = {},
): Promise<SubmissionView[]> {
  const rows = await prisma.formSubmission.findMany({
    where: { companyId, ...(options.linkId ? { linkId: options.linkId } : {}) },
    orderBy: { createdAt: "desc" },
    take: options.take ?? 50,
    select: {
      id: true,
      linkId: true,
      createdAt: true,
      answers: true,
      forwardedAt: true,
      rejectedAt: true,
      upstreamId: true,
      attempts: true,
      lastError: true,
      link: { select: { label: true, form: true } },
    },
  });
  return rows.map((r) => {
    const form = snapshotOf(r.link.form);
    const answers = (r.answers ?? {}) as Record<string, unknown>;
    return {
      id: r.id,
      linkId: r.linkId,
      linkLabel: r.link.label,
      title: form.title,
      createdAt: r.createdAt.toISOString(),
      answers: form.fields.map((f) => ({
        id: f.id,
        label: f.label,
        value: formatAnswer(f, answers[f.id]),
      })),
      status: statusOf(r),
      forwardedAt: r.forwardedAt?.toISOString() ?? null,
      upstreamId: r.upstreamId,
      attempts: r.attempts,
      lastError: r.lastError,
    };
  });
}

/** A submission of the company, or a 404. */
export async function requireSubmission(companyId: number, id: string) {
  const row =
    id.length <= 40
      ? await prisma.formSubmission.findFirst({
          where: { id, companyId },
          select: { id: true, forwardedAt: true, rejectedAt: true },
        })
      : null;
  if (!row) throw new Response("Submission not found", { status: 404 });
  return row;
}

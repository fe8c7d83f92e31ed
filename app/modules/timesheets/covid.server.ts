/**
 * Site declarations (SPEC §2.7 covid19): the questions a company sets (yes/no, with the answer
 * that needs attention), answered at clock-on or on the page; a flagged declaration notifies the
 * person's reviewer. Reviewers see the register of everyone's and export it; others their own.
 */
import { isAllowed } from "~/lib/access";
import { addDays } from "~/lib/zoned-days";
import { companyJobsites } from "~/modules/fleet/index.server";
import { notifyUser } from "~/modules/notifications/index.server";
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { logError } from "~/services/log.server";
import { csvDownload, csvFileName, type CsvColumn } from "~/services/table-csv.server";
import { leaveBase, REVIEW, refused } from "./leave.server";
import {
  addQuestion,
  declare,
  leaveSetup,
  listDeclarations,
  listQuestions,
  retireQuestion,
  type Declaration,
} from "./leave-upstream.server";

export const MANAGE_QUESTIONS = { permission: "admin_timesheet" } as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

async function register(ctx: ModuleContext, url: URL) {
  const b = await leaveBase(ctx);
  let to = url.searchParams.get("to") ?? "";
  let from = url.searchParams.get("from") ?? "";
  if (!DAY.test(to)) to = b.today;
  if (!DAY.test(from) || from > to) from = addDays(to, -13);
  const flagged = url.searchParams.get("flagged") === "1";
  const all = await listDeclarations(b.up, from, to);
  const rows = all.filter(
    (d) => (b.reviewer || d.username_id === ctx.user.username_id) && (!flagged || d.flagged),
  );
  return { b, from, to, flagged, rows };
}

export async function covidPage(ctx: ModuleContext, url: URL) {
  const { b, from, to, flagged, rows } = await register(ctx, url);
  const [questions, sites] = await Promise.all([listQuestions(b.up), companyJobsites(ctx.auth)]);
  return {
    from,
    to,
    flagged,
    timeZone: b.tz,
    reviewer: b.reviewer,
    canManage: isAllowed(ctx.user, MANAGE_QUESTIONS),
    questions,
    jobsites: sites.jobsites.map((j) => ({ value: String(j.id), label: j.name })),
    declarations: rows,
    today: b.today,
    declaredToday: rows.some(
      (d) => d.username_id === ctx.user.username_id && dayIn(d, b.tz) === b.today,
    ),
  };
}

const dayIn = (d: Declaration, tz: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: tz,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(d.answered_at));

/**
 * Records the user's answers (form fields `q<id>` = yes|no, `jobsite_id`); every active question
 * must be answered. A flagged declaration notifies the person's reviewer.
 */
export async function declareFromForm(ctx: ModuleContext, form: FormData, entryId: number | null) {
  const up = upstream(ctx.auth.token);
  const questions = (await listQuestions(up)).filter((q) => q.active);
  const answers: Array<{ question_id: number; answer: "yes" | "no" }> = [];
  const missing: number[] = [];
  for (const q of questions) {
    const a = form.get(`q${q.id}`);
    if (a === "yes" || a === "no") answers.push({ question_id: q.id, answer: a });
    else missing.push(q.id);
  }
  if (missing.length) return { ok: false as const, message: "Answer every question", missing };
  const site = Number(form.get("jobsite_id"));
  const r = await refused(() =>
    declare(up, { answers, jobsite_id: site > 0 ? site : null, entry_id: entryId }),
  );
  if (!r.ok) return { ...r, missing: [] };
  if (r.value.flagged) {
    const me = (await leaveSetup(up)).people.find((p) => p.username_id === ctx.user.username_id);
    const reviewer = me?.reviewer_id;
    if (reviewer)
      try {
        await notifyUser({
          userId: reviewer,
          companyId: ctx.companyId,
          kind: "declaration",
          title: `Site declaration needs attention: ${ctx.user.first_name} ${ctx.user.last_name}`,
          body: r.value.answers
            .filter((a) => a.flagged)
            .map((a) => `${a.text} ${a.answer.toUpperCase()}`)
            .join(" "),
          link: "/timesheet/covid19?flagged=1",
          eventId: `declaration:${r.value.id}`,
        });
      } catch (e) {
        logError("timesheets", e);
      }
  }
  return { ok: true as const, value: r.value };
}

export async function addDeclarationQuestion(
  ctx: ModuleContext,
  text: string,
  attention: "yes" | "no",
) {
  return refused(() => addQuestion(upstream(ctx.auth.token), text, attention));
}

export async function retireDeclarationQuestion(ctx: ModuleContext, id: number) {
  return refused(() => retireQuestion(upstream(ctx.auth.token), id));
}

/** The register as CSV (reviewers): one row per declaration, answers in one column. */
export async function registerCsv(ctx: ModuleContext, url: URL) {
  const { b, rows } = await register(ctx, url);
  const columns: CsvColumn<Declaration>[] = [
    { header: "Answered at", value: (d) => d.answered_at },
    { header: "First name", value: (d) => d.accounts.first_name },
    { header: "Last name", value: (d) => d.accounts.last_name },
    { header: "Jobsite", value: (d) => d.jobsite_name ?? "" },
    { header: "Needs attention", value: (d) => (d.flagged ? "yes" : "no") },
    {
      header: "Answers",
      value: (d) =>
        d.answers.map((a) => `${a.text} ${a.answer}${a.flagged ? " (!)" : ""}`).join(" | "),
    },
  ];
  return csvDownload(csvFileName("site-declarations", new Date(), b.tz), columns, rows);
}

export { REVIEW };

/**
 * Review timesheets (timesheet/review, review_timesheet): a payroll group's entries of a pay period,
 * submitted ones first, each with its telematics check; approve or reject (with a comment) one by
 * one or in bulk. A reviewer sees the people of their groups (payroll administrators everyone);
 * an entry of anyone else is a 404.
 */
import { dayKey } from "~/lib/zoned-days";
import type { ModuleContext } from "~/services/guard.server";
import {
  decidesFor,
  OWN_ENTRY_MESSAGE,
  pickers,
  refusal,
  reviewsPerson,
  timesheetContext,
} from "./context.server";
import { selectPeriod } from "./period-select.server";
import { checkText } from "./telematics";
import { telematicsChecks } from "./telematics.server";
import { listEntries, reviewEntries, type Entry } from "./upstream.server";

export const DEFAULT_MARGIN_HOURS = 0.5;

async function visibleEntries(ctx: ModuleContext, url: URL) {
  const tc = await timesheetContext(ctx);
  // The default period is the newest one with entries waiting for review.
  let newest: string | null = null;
  if (!url.searchParams.get("period")) {
    const now = Date.now();
    const waiting = await listEntries(tc.up, {
      from: new Date(now - 98 * 86_400_000).toISOString(),
      to: new Date(now + 3_600_000).toISOString(),
      status: "submitted",
    });
    const last = waiting.at(-1);
    newest = last ? dayKey(Date.parse(last.start), tc.timeZone) : null;
  }
  const sel = await selectPeriod(
    tc,
    url,
    (ps) => ps.find((p) => newest !== null && p.from <= newest && newest <= p.to) ?? ps[0],
  );
  if (!sel.group || !sel.period) return { tc, sel, entries: [] as Entry[] };
  const members = new Set(sel.group.members.map((m) => m.username_id));
  const people = new Map(tc.people.map((p) => [p.username_id, p]));
  const entries = (
    await listEntries(tc.up, {
      from: new Date(sel.period.fromMs).toISOString(),
      to: new Date(sel.period.toMs).toISOString(),
    })
  ).filter((e) => {
    const p = people.get(e.username_id);
    return members.has(e.username_id) && p !== undefined && reviewsPerson(tc, p);
  });
  return { tc, sel, entries };
}

export async function reviewPage(ctx: ModuleContext, url: URL, now = Date.now()) {
  const { tc, sel, entries: visible } = await visibleEntries(ctx, url);
  const entries = visible.filter((e) => decidesFor(tc.user, e.username_id));
  const marginParam = Number(url.searchParams.get("margin"));
  const margin =
    Number.isFinite(marginParam) && marginParam > 0 && marginParam <= 12
      ? marginParam
      : DEFAULT_MARGIN_HOURS;
  const status = url.searchParams.get("status") === "all" ? "all" : "submitted";
  const shown = entries.filter((e) => status === "all" || e.status === "submitted");
  const pick = await pickers(ctx, tc.up);
  const fences = new Map(pick.jobsites.map((j) => [j.id, j.fence]));
  const checks = await telematicsChecks(ctx.auth, tc.up, shown, fences, margin, now);
  const codes = new Map(pick.jobCodes.map((c) => [c.id, c.label]));
  const sites = new Map(pick.jobsites.map((j) => [j.id, j.label]));
  return {
    timeZone: tc.timeZone,
    groups: sel.groups,
    group: sel.group && { id: sel.group.id, name: sel.group.name },
    periods: sel.periods.map((p) => ({ from: p.from, to: p.to, locked: p.locked })),
    period: sel.period && { from: sel.period.from, to: sel.period.to, locked: sel.period.locked },
    margin,
    status,
    waiting: entries.filter((e) => e.status === "submitted").length,
    entries: shown.map((e) => {
      const c = checks.get(e.id)!;
      return {
        id: e.id,
        person: e.person.name,
        username_id: e.username_id,
        start: e.start,
        end: e.end,
        break_minutes: e.break_minutes,
        jobcode: e.jobcode_id === null ? "—" : (codes.get(e.jobcode_id) ?? `#${e.jobcode_id}`),
        jobsite: e.jobsite_id === null ? "—" : (sites.get(e.jobsite_id) ?? `#${e.jobsite_id}`),
        notes: e.notes,
        status: e.status,
        review_comment: e.review_comment,
        reviewed_by: e.reviewed_by?.name ?? null,
        hasPhoto: e.photo !== null,
        check: { text: checkText(c), flags: c.flags },
      };
    }),
  };
}

/** Approves or rejects entries the reviewer may see (any other id is a 404), never their own. */
export async function review(
  ctx: ModuleContext,
  url: URL,
  v: { ids: number[]; decision: "approved" | "rejected"; comment: string },
) {
  const { tc, entries } = await visibleEntries(ctx, url);
  const visible = new Set(entries.map((e) => e.id));
  if (!v.ids.every((id) => visible.has(id))) throw new Response("Not found", { status: 404 });
  if (entries.some((e) => v.ids.includes(e.id) && !decidesFor(tc.user, e.username_id)))
    return { ok: false as const, message: OWN_ENTRY_MESSAGE };
  try {
    const r = await reviewEntries(tc.up, v);
    const what = r.reviewed === 1 ? "1 entry" : `${r.reviewed} entries`;
    return { ok: true as const, message: `${what} ${v.decision}.` };
  } catch (e) {
    return { ok: false as const, message: refusal(e) };
  }
}

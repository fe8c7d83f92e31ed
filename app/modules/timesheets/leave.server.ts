/**
 * Leave pages (SPEC §2.7 leave-requests, all-leave-requests, leave-calendar): the user's own
 * requests, the reviewers' list with approvals and declines, and the calendar's month of events.
 * Another person's leave is a 404 unless the user reviews timesheets (review_timesheet).
 */
import { isAllowed } from "~/lib/access";
import { addDays, dayKey } from "~/lib/zoned-days";
import { notifyUser } from "~/modules/notifications/index.server";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";
import { logError } from "~/services/log.server";
import { compGroups, isUpstreamError } from "~/services/upstream/index.server";
import { decidesFor } from "./context.server";
import { holidayDays, publicHolidays } from "./holidays.server";
import type { LeaveRequestForm } from "./leave-form";
import { groupShortWarnings, isActive, isApprovedLook } from "./leave-rules";
import {
  cancelLeave,
  decideLeave,
  leaveSetup,
  listLeave,
  requestLeave,
  type Leave,
} from "./leave-upstream.server";
import { workingDays } from "./working-days";

export const REVIEW = { permission: "review_timesheet" } as const;
const EVER = ["0000-01-01", "9999-12-31"] as const;
const notFound = () => new Response("Not found", { status: 404 });

/** Upstream refusals (400/409) become messages; a 404 is a 404 page. */
export async function refused<T>(
  run: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  try {
    return { ok: true, value: await run() };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    if (isUpstreamError(e) && (e.status === 400 || e.status === 409))
      return { ok: false, message: e.message };
    throw e;
  }
}

export async function leaveBase(ctx: ModuleContext) {
  const up = upstream(ctx.auth.token);
  const [setup, groups, tz] = await Promise.all([
    leaveSetup(up),
    compGroups(up),
    companyTimeZone(ctx.auth),
  ]);
  return {
    up,
    setup,
    groups,
    tz,
    today: dayKey(Date.now(), tz),
    reviewer: isAllowed(ctx.user, REVIEW),
    holidays: (from: string, to: string) => holidayDays(setup.country, setup.region, from, to),
  };
}
type Base = Awaited<ReturnType<typeof leaveBase>>;

const daysOf = (b: Base, l: Pick<Leave, "leave_start_date" | "leave_end_date">) =>
  workingDays(
    l.leave_start_date,
    l.leave_end_date,
    b.holidays(l.leave_start_date, l.leave_end_date),
  );

const row = (b: Base, l: Leave) => ({
  ...l,
  working_days: daysOf(b, l),
  approved_look: isApprovedLook(l),
  approvals: l.leave_approval.filter((a) => a.approved).length,
});

/** A pending request of someone else that `user` has not yet decided on. */
const awaitsDecisionOf = (user: ModuleContext["user"], l: Leave) =>
  l.status === "pending" &&
  decidesFor(user, l.username_id) &&
  !l.leave_approval.some((a) => a.username_id === user.username_id);

const groupNames = (b: Base) => new Map(b.groups.map((g) => [g.id, g.nickname]));

/** My leave requests (newest first) and the form's choices; `from`/`to` prefill the form. */
export async function myLeavePage(ctx: ModuleContext, url: URL) {
  const b = await leaveBase(ctx);
  const all = await listLeave(b.up, ...EVER);
  const mine = all
    .filter((l) => l.username_id === ctx.user.username_id)
    .sort((x, y) => y.leave_start_date.localeCompare(x.leave_start_date) || y.id - x.id)
    .map((l) => row(b, l));
  const day = (k: string) => {
    const v = url.searchParams.get(k);
    return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
  };
  return {
    requests: mine,
    types: b.setup.types,
    today: b.today,
    prefill: { from: day("from"), to: day("to") },
  };
}

export type RequestResult =
  | { ok: true; leave: Leave; days: number; warnings: string[] }
  | { ok: false; message: string; field?: "leave_end_date" };

/**
 * Requests leave for the signed-in user. A range without a working day (weekends and the
 * company's public holidays are not counted) is refused; a range that leaves a group short is
 * allowed with a warning.
 */
export async function submitLeave(ctx: ModuleContext, v: LeaveRequestForm): Promise<RequestResult> {
  const b = await leaveBase(ctx);
  const days = workingDays(
    v.leave_start_date,
    v.leave_end_date,
    b.holidays(v.leave_start_date, v.leave_end_date),
  );
  if (days === 0)
    return {
      ok: false,
      field: "leave_end_date",
      message: "Those days have no working day: weekends and public holidays are not counted",
    };
  const r = await refused(() =>
    requestLeave(b.up, {
      type_id: v.type_id,
      leave_start_date: v.leave_start_date,
      leave_end_date: v.leave_end_date,
      allDay: v.all_day,
      hours: v.all_day ? null : (v.hours ?? null),
      reason: v.reason,
    }),
  );
  if (!r.ok) return r;
  const others = await listLeave(b.up, v.leave_start_date, v.leave_end_date);
  const warnings = groupShortWarnings(
    { username_id: ctx.user.username_id, from: v.leave_start_date, to: v.leave_end_date },
    b.setup.people,
    others.filter((l) => l.id !== r.value.id),
    groupNames(b),
  );
  const me = b.setup.people.find((p) => p.username_id === ctx.user.username_id);
  if (me?.reviewer_id)
    await notify({
      userId: me.reviewer_id,
      companyId: ctx.companyId,
      kind: "leave",
      title: `Leave request from ${ctx.user.first_name} ${ctx.user.last_name}`,
      body: `${r.value.type_of_leave}, ${r.value.leave_start_date} to ${r.value.leave_end_date} (${days} working day${days === 1 ? "" : "s"})${warnings.length ? `. ${warnings.join("; ")}` : ""}`,
      link: `/timesheet/all-leave-requests`,
      eventId: `leave-request:${r.value.id}`,
    });
  return { ok: true, leave: r.value, days, warnings };
}

async function notify(n: Parameters<typeof notifyUser>[0]) {
  try {
    await notifyUser(n);
  } catch (e) {
    logError("timesheets", e);
  }
}

/** Cancels the user's own pending request; someone else's is a 404 (the upstream says so too). */
export async function cancelMyLeave(ctx: ModuleContext, id: number) {
  return refused(() => cancelLeave(upstream(ctx.auth.token), id));
}

const STATUSES = ["pending", "approved", "declined", "cancelled"] as const;

/** Every request of the company, for reviewers: by status (pending first) and group. */
export async function allLeavePage(ctx: ModuleContext, url: URL) {
  const b = await leaveBase(ctx);
  const status = url.searchParams.get("status") ?? "pending";
  const group = Number(url.searchParams.get("group")) || null;
  const q = (url.searchParams.get("q") ?? "").trim().toLowerCase().slice(0, 100);
  const all = await listLeave(b.up, ...EVER);
  const list = all
    .filter(
      (l) =>
        (status === "all" || l.status === status) &&
        (group === null || l.compgroups_id === group) &&
        (!q ||
          `${l.accounts.first_name} ${l.accounts.last_name} ${l.type_of_leave}`
            .toLowerCase()
            .includes(q)),
    )
    .map((l) => ({
      ...row(b, l),
      can_decide: awaitsDecisionOf(ctx.user, l),
    }));
  return {
    requests: list,
    status:
      (STATUSES as readonly string[]).includes(status) || status === "all" ? status : "pending",
    group,
    q,
    groups: b.groups,
    pending: all.filter((l) => l.status === "pending").length,
  };
}

/** Approves or declines (a decline needs a comment); tells the requester when it is settled. */
export async function decide(ctx: ModuleContext, id: number, approve: boolean, comment: string) {
  if (!approve && !comment)
    return { ok: false as const, message: "Say why the request is declined" };
  const r = await refused(() => decideLeave(upstream(ctx.auth.token), id, approve, comment));
  if (r.ok && r.value.status !== "pending")
    await notify({
      userId: r.value.username_id,
      companyId: ctx.companyId,
      kind: "leave",
      title: `Your ${r.value.type_of_leave.toLowerCase()} was ${r.value.status}`,
      body: `${r.value.leave_start_date} to ${r.value.leave_end_date}${comment ? `: ${comment}` : ""}`,
      link: "/timesheet/leave-requests",
      eventId: `leave-decided:${r.value.id}`,
    });
  return r;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The calendar's month: leave that still takes someone away (pending or approved), public
 * holidays, and, for the request modal's group-short warning, who of the user's groups is away
 * (people as opaque numbers). Reviewers see everyone's leave, filtered by group; others their own.
 */
export async function calendarPage(ctx: ModuleContext, url: URL) {
  const b = await leaveBase(ctx);
  const m = url.searchParams.get("month");
  const month = m && MONTH.test(m) ? m : b.today.slice(0, 7);
  const view: "week" | "month" = url.searchParams.get("view") === "week" ? "week" : "month";
  const group = b.reviewer ? Number(url.searchParams.get("group")) || null : null;
  const from = addDays(`${month}-01`, -7);
  const to = addDays(`${month}-01`, 45);
  const all = (await listLeave(b.up, from, to)).filter(isActive);
  const visible = all.filter(
    (l) =>
      (b.reviewer || l.username_id === ctx.user.username_id) &&
      (group === null || l.compgroups_id === group),
  );
  const id = url.searchParams.get("leave");
  let detail: ReturnType<typeof row> | null = null;
  if (id !== null) {
    const found = (await listLeave(b.up, ...EVER)).find((l) => String(l.id) === id);
    // Another company's or another person's leave (for someone who does not review) is a 404.
    if (!found || (!b.reviewer && found.username_id !== ctx.user.username_id)) throw notFound();
    detail = row(b, found);
  }
  // The user's groups' members as opaque numbers: the warning needs who is away, not names.
  const me = b.setup.people.find((p) => p.username_id === ctx.user.username_id);
  const mates = b.setup.people.filter((p) => p.group_ids.some((g) => me?.group_ids.includes(g)));
  const alias = new Map(mates.map((p, i) => [p.username_id, i + 1]));
  const holidays = [Number(from.slice(0, 4)), Number(to.slice(0, 4))]
    .filter((y, i, a) => a.indexOf(y) === i)
    .flatMap((y) => publicHolidays(b.setup.country, b.setup.region, y))
    .filter((h) => h.day >= from && h.day <= to);
  return {
    month,
    view,
    today: b.today,
    group,
    reviewer: b.reviewer,
    groups: b.groups,
    types: b.setup.types,
    events: visible.map((l) => ({
      ...row(b, l),
      can_decide: b.reviewer && awaitsDecisionOf(ctx.user, l),
    })),
    detail,
    holidays,
    offDays: [...b.holidays(from, to)],
    short: {
      me: alias.get(ctx.user.username_id) ?? 0,
      people: mates.map((p) => ({
        username_id: alias.get(p.username_id)!,
        role: p.role,
        group_ids: p.group_ids.filter((g) => me?.group_ids.includes(g)),
      })),
      leave: all
        .filter((l) => alias.has(l.username_id))
        .map((l) => ({
          username_id: alias.get(l.username_id)!,
          leave_start_date: l.leave_start_date,
          leave_end_date: l.leave_end_date,
          status: l.status,
          leave_approval: [] as { approved: boolean }[],
        })),
      groupNames: b.groups.filter((g) => me?.group_ids.includes(g.id)),
    },
  };
}
export type CalendarData = Awaited<ReturnType<typeof calendarPage>>;

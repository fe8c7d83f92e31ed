/**
 * Attendance checks for reviewers (SPEC §2.7 missingShifts, noLogin): rostered shifts with no
 * clock-on within the grace period, clock-ons with no rostered shift, and people who have neither
 * signed in nor clocked on for N days. Clock-ons are the timesheet entries' starts.
 */
import { addDays } from "~/lib/zoned-days";
import { notifyUser } from "~/modules/notifications/index.server";
import { prisma } from "~/services/db.server";
import type { ModuleContext } from "~/services/guard.server";
import { logError } from "~/services/log.server";
import { leaveBase } from "./leave.server";
import { listLeave, listRosters } from "./leave-upstream.server";
import { DEFAULT_GRACE_MINUTES, matchShifts } from "./missing-shifts";
import { expandRosters } from "./roster";
import { listEntries } from "./upstream.server";

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const clampInt = (v: string | null, fallback: number, lo: number, hi: number) => {
  const n = Number(v);
  return v !== null && v !== "" && Number.isInteger(n) ? Math.min(hi, Math.max(lo, n)) : fallback;
};

async function missingShifts(ctx: ModuleContext, url: URL) {
  const b = await leaveBase(ctx);
  let to = url.searchParams.get("to") ?? "";
  let from = url.searchParams.get("from") ?? "";
  if (!DAY.test(to)) to = b.today;
  if (!DAY.test(from) || from > to) from = addDays(to, -6);
  if (from < addDays(to, -30)) from = addDays(to, -30); // at most a month at a time
  const grace = clampInt(url.searchParams.get("grace"), DEFAULT_GRACE_MINUTES, 0, 240);
  const [rosters, entries, leave] = await Promise.all([
    listRosters(b.up),
    listEntries(b.up, { from, to: addDays(to, 1) }),
    listLeave(b.up, from, to),
  ]);
  const shifts = expandRosters(rosters, b.setup.people, from, to, b.tz);
  const onLeave = new Set<string>();
  for (const l of leave.filter((x) => x.status === "approved"))
    for (let d = l.leave_start_date; d <= l.leave_end_date; d = addDays(d, 1))
      onLeave.add(`${l.username_id}|${d}`);
  const result = matchShifts(
    shifts,
    entries.map((e) => ({
      username_id: e.username_id,
      start: Date.parse(e.start),
      entry_id: e.id,
    })),
    { graceMinutes: grace, now: Date.now(), onLeave },
  );
  const people = new Map(b.setup.people.map((p) => [p.username_id, p]));
  const nameOf = (id: number) => {
    const p = people.get(id);
    return p ? `${p.first_name} ${p.last_name}` : `#${id}`;
  };
  return { b, from, to, grace, result, nameOf, people };
}

export async function missingShiftsPage(ctx: ModuleContext, url: URL) {
  const { b, from, to, grace, result, nameOf } = await missingShifts(ctx, url);
  return {
    from,
    to,
    grace,
    timeZone: b.tz,
    onTime: result.onTime,
    missing: result.missing.map((m) => ({
      key: `${m.username_id}|${m.roster_id}|${m.day}`,
      username_id: m.username_id,
      name: nameOf(m.username_id),
      roster: m.roster,
      day: m.day,
      start: new Date(m.start).toISOString(),
      late_clock_on: m.late_clock_on === null ? null : new Date(m.late_clock_on).toISOString(),
    })),
    unrostered: result.unrostered.map((c) => ({
      entry_id: c.entry_id,
      username_id: c.username_id,
      name: nameOf(c.username_id),
      start: new Date(c.start).toISOString(),
    })),
  };
}

/**
 * Tells each missing person's reviewer (or, without one, the user) about their missing shifts:
 * one notification per shift, never twice (the event id).
 */
export async function notifyMissing(ctx: ModuleContext, url: URL, only: number | null) {
  const { result, nameOf, people } = await missingShifts(ctx, url);
  // One person's shifts only: someone not of the company is a 404 like any foreign id.
  if (only !== null && !people.has(only)) throw new Response("Not found", { status: 404 });
  const list = result.missing.filter((m) => only === null || m.username_id === only);
  let sent = 0;
  for (const m of list) {
    const reviewer = people.get(m.username_id)?.reviewer_id ?? ctx.user.username_id;
    try {
      const item = await notifyUser({
        userId: reviewer,
        companyId: ctx.companyId,
        kind: "missing-shift",
        title: `Missing shift: ${nameOf(m.username_id)}`,
        body: `${m.roster} on ${m.day}: ${m.late_clock_on === null ? "no clock-on" : "clocked on late"}.`,
        link: `/timesheet/missingShifts?from=${m.day}&to=${m.day}`,
        eventId: `missing-shift:${m.username_id}:${m.roster_id}:${m.day}`,
      });
      if (item) sent++;
    } catch (e) {
      logError("timesheets", e);
    }
  }
  return { sent, missing: list.length };
}

/** People who have neither signed in nor clocked on in the last N days (default 7). */
export async function noLoginPage(ctx: ModuleContext, url: URL) {
  const b = await leaveBase(ctx);
  const days = clampInt(url.searchParams.get("days"), 7, 1, 90);
  const since = addDays(b.today, -days);
  const lookBack = addDays(b.today, -90);
  const [entries, sessions] = await Promise.all([
    listEntries(b.up, { from: lookBack, to: addDays(b.today, 1) }),
    prisma.session.groupBy({
      by: ["userId"],
      where: { companyId: ctx.companyId },
      _max: { lastSeenAt: true },
    }),
  ]);
  const lastClock = new Map<number, string>();
  for (const e of entries)
    if ((lastClock.get(e.username_id) ?? "") < e.start) lastClock.set(e.username_id, e.start);
  const seen = new Map(sessions.map((s) => [s.userId, s._max.lastSeenAt?.toISOString() ?? null]));
  const latest = (...v: Array<string | null | undefined>) =>
    v
      .filter((x): x is string => !!x)
      .sort()
      .at(-1) ?? null;
  const cutoff = Date.parse(`${since}T00:00:00Z`);
  const rows = b.setup.people
    .map((p) => {
      const signedIn = latest(p.last_login, seen.get(p.username_id));
      const clockedOn = lastClock.get(p.username_id) ?? null;
      const last = latest(signedIn, clockedOn);
      return {
        username_id: p.username_id,
        name: `${p.first_name} ${p.last_name}`,
        role: p.role,
        groups: b.groups.filter((g) => p.group_ids.includes(g.id)).map((g) => g.nickname),
        last_sign_in: signedIn,
        last_clock_on: clockedOn,
        idle_days: last === null ? null : Math.floor((Date.now() - Date.parse(last)) / 86_400_000),
        last,
      };
    })
    .filter((r) => r.last === null || Date.parse(r.last) < cutoff)
    .sort((x, y) => (x.last ?? "").localeCompare(y.last ?? "") || x.name.localeCompare(y.name));
  return { days, since, timeZone: b.tz, people: rows, total: b.setup.people.length };
}

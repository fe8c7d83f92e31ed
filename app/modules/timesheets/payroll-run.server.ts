/**
 * A payroll group's pay period: its members' approved entries classified by the group's overtime
 * rules (the core: payroll.ts), public holidays of the group's country and region, the group's
 * allowances and its members' approved leave (leave-pay.ts), as one line per person per pay
 * category with the rule that produced it.
 */
import Decimal from "decimal.js";
import { dayKey } from "~/lib/zoned-days";
import { getTrips } from "~/modules/trips/index.server";
import type { Auth } from "~/services/company-context.server";
import { logError } from "~/services/log.server";
import type { TimesheetContext } from "./context.server";
import { holidayDays } from "./holidays.server";
import { leaveLines, type LeaveForPay } from "./leave-pay";
import { leaveSetup, listLeave } from "./leave-upstream.server";
import type { WorkEntry } from "./overtime";
import { sumMoney } from "./pay";
import { computePayroll, type PayrollLine } from "./payroll";
import { ruleSetOf } from "./rules";
import type { Selection } from "./period-select.server";
import {
  listAllowances,
  listEntries,
  type Allowance,
  type Entry,
  type PayrollGroup,
} from "./upstream.server";
import { entryMinutes } from "./week";

const UNIT = {
  day: ["day", "days"],
  shift: ["shift", "shifts"],
  // eslint-disable-next-line no-restricted-syntax -- a pay rate per kilometre as the award words it, not a measured distance
  km: ["km", "km"],
  hour: ["h", "h"],
} as const;

/** Kilometres of the vehicles booked on the entries, from trips starting within them. */
async function kmOf(auth: Auth, entries: readonly Entry[], now: number): Promise<number> {
  let km = 0;
  for (const e of entries) {
    if (!e.imei || !e.end) continue;
    const start = Date.parse(e.start);
    const end = Date.parse(e.end);
    try {
      const { trips } = await getTrips(auth, [e.imei], start, end, "trips", now, { waitMs: 3000 });
      km += trips
        .filter((t) => Date.parse(t.start.time) >= start)
        .reduce((s, t) => s + t.distance_km, 0);
    } catch (err) {
      if (err instanceof Response) throw err;
      logError("timesheets", err);
    }
  }
  return Math.round(km * 10) / 10;
}

async function allowanceLines(
  auth: Auth,
  person: { id: number; name: string; payrollCode: string },
  entries: readonly Entry[],
  allowances: readonly Allowance[],
  timeZone: string,
  now: number,
): Promise<PayrollLine[]> {
  const lines: PayrollLine[] = [];
  for (const a of allowances) {
    const minutes = entries.reduce((s, e) => s + entryMinutes(e, now), 0);
    const qty =
      a.unit === "day"
        ? new Set(entries.map((e) => dayKey(Date.parse(e.start), timeZone))).size
        : a.unit === "shift"
          ? entries.length
          : a.unit === "hour"
            ? new Decimal(minutes).dividedBy(60).toNumber()
            : await kmOf(auth, entries, now);
    if (!qty) continue;
    const amount = new Decimal(a.amount).times(
      a.unit === "hour" ? new Decimal(minutes).dividedBy(60) : qty,
    );
    const [one, many] = UNIT[a.unit];
    lines.push({
      personId: person.id,
      person: person.name,
      payrollCode: person.payrollCode,
      category: "allowance",
      label: `Allowance: ${a.name}`,
      multiplier: 1,
      minutes: a.unit === "hour" ? minutes : 0,
      rate: a.amount,
      amount: amount.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      rule: `${a.name}: ${a.amount} per ${one} × ${Math.round(qty * 100) / 100} ${qty === 1 ? one : many}${a.taxable ? "" : " (not taxable)"}`,
    });
  }
  return lines;
}

export type PayrollRun = {
  lines: PayrollLine[];
  totalMinutes: number;
  totalAmount: string;
  /** Entries of the members in the period that are not approved (left out). */
  notApproved: number;
};

export async function payrollRun(
  tc: TimesheetContext,
  auth: Auth,
  group: PayrollGroup,
  period: NonNullable<Selection["period"]>,
  now = Date.now(),
): Promise<PayrollRun> {
  const [entries, allowances, leave, setup] = await Promise.all([
    listEntries(tc.up, {
      from: new Date(period.fromMs).toISOString(),
      to: new Date(period.toMs).toISOString(),
    }),
    listAllowances(tc.up),
    listLeave(tc.up, period.from, period.to),
    leaveSetup(tc.up),
  ]);
  const members = new Map(group.members.map((m) => [m.username_id, m]));
  const mine = entries.filter((e) => members.has(e.username_id));
  const approved = mine.filter((e) => e.status === "approved" && e.end !== null);
  const byPerson = new Map<number, Entry[]>();
  for (const e of approved)
    byPerson.set(e.username_id, [...(byPerson.get(e.username_id) ?? []), e]);
  const names = new Map(tc.people.map((p) => [p.username_id, p.name]));
  const people = group.members.map((m) => ({
    id: m.username_id,
    name: names.get(m.username_id) ?? `#${m.username_id}`,
    rate: m.rate,
    payrollCode: m.payroll_code,
  }));
  const work = new Map<number, WorkEntry[]>(
    [...byPerson].map(([id, list]) => [
      id,
      list.map((e) => ({
        start: Date.parse(e.start),
        end: Date.parse(e.end!),
        breakMinutes: e.break_minutes,
      })),
    ]),
  );
  const holidays = holidayDays(group.country, group.region, period.from, period.to);
  const hours = computePayroll({
    people,
    entries: work,
    rules: ruleSetOf(group),
    timeZone: tc.timeZone,
    holidays,
  });
  const paidType = new Map(setup.types.map((t) => [t.id, t.paid]));
  const away: LeaveForPay[] = leave
    .filter((l) => l.status === "approved" && members.has(l.username_id))
    .map((l) => ({
      personId: l.username_id,
      type: l.type_of_leave,
      paid: paidType.get(l.type_id) ?? false,
      from: l.leave_start_date,
      to: l.leave_end_date,
      hoursPerDay: l.allDay ? null : l.hours,
    }));
  const onLeave = leaveLines(people, away, period, holidays);
  const paid = allowances.filter((a) => group.allowance_ids.includes(a.id));
  const lines: PayrollLine[] = [];
  for (const p of people) {
    lines.push(...hours.lines.filter((l) => l.personId === p.id));
    lines.push(...onLeave.filter((l) => l.personId === p.id));
    const list = byPerson.get(p.id);
    if (list?.length) lines.push(...(await allowanceLines(auth, p, list, paid, tc.timeZone, now)));
  }
  return {
    lines,
    totalMinutes: hours.totalMinutes + onLeave.reduce((s, l) => s + l.minutes, 0),
    totalAmount: sumMoney(lines.map((l) => l.amount)),
    notApproved: mine.filter((e) => e.status !== "approved").length,
  };
}

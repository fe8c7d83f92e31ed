/**
 * Overtime (timesheet/overtime, review_timesheet): per person of a payroll group and pay period, the
 * hours the group's rule set makes ordinary, overtime or public-holiday time (entries of every
 * status but rejected: what is being worked, not only what is approved), and the rule sets in use
 * with the product's presets.
 */
import type { ModuleContext } from "~/services/guard.server";
import { reviewsPerson, timesheetContext } from "./context.server";
import { holidayDays } from "./holidays.server";
import { classifyHours, OVERTIME_PRESETS } from "./overtime";
import { hoursOf } from "./pay";
import { categoryLabel } from "./payroll";
import { selectPeriod } from "./period-select.server";
import { describeRules, PRESET_NAMES, ruleSetOf } from "./rules";
import { listEntries, listPayrollGroups } from "./upstream.server";

export async function overtimePage(ctx: ModuleContext, url: URL) {
  const tc = await timesheetContext(ctx);
  const sel = await selectPeriod(tc, url);
  const groups = await listPayrollGroups(tc.up);
  const ruleSets = groups.map((g) => ({
    id: g.id,
    name: g.name,
    preset: PRESET_NAMES[g.overtime_preset] ?? g.overtime_preset,
    rules: describeRules(ruleSetOf(g)),
  }));
  const presets = Object.entries(OVERTIME_PRESETS).map(([id, r]) => ({
    id,
    name: r.name,
    rules: describeRules(r),
  }));
  if (!sel.group || !sel.period)
    return { ...sel, groups: sel.groups, group: null, period: null, people: [], ruleSets, presets };
  const rules = ruleSetOf(sel.group);
  const entries = await listEntries(tc.up, {
    from: new Date(sel.period.fromMs).toISOString(),
    to: new Date(sel.period.toMs).toISOString(),
  });
  const holidays = holidayDays(sel.group.country, sel.group.region, sel.period.from, sel.period.to);
  const people = sel.group.members
    .map((m) => tc.people.find((p) => p.username_id === m.username_id))
    .filter((p): p is NonNullable<typeof p> => p !== undefined && reviewsPerson(tc, p))
    .map((p) => {
      const work = entries
        .filter((e) => e.username_id === p.username_id && e.status !== "rejected" && e.end)
        .map((e) => ({
          start: Date.parse(e.start),
          end: Date.parse(e.end!),
          breakMinutes: e.break_minutes,
        }));
      const lines = classifyHours(work, rules, { timeZone: tc.timeZone, holidays });
      const total = lines.reduce((s, l) => s + l.minutes, 0);
      const over = lines
        .filter((l) => l.category !== "ordinary")
        .reduce((s, l) => s + l.minutes, 0);
      return {
        id: p.username_id,
        name: p.name,
        totalHours: hoursOf(total),
        overtimeHours: hoursOf(over),
        lines: lines.map((l) => ({
          category: categoryLabel(l),
          hours: hoursOf(l.minutes),
          rule: l.rule,
        })),
      };
    });
  return {
    groups: sel.groups,
    group: { id: sel.group.id, name: sel.group.name },
    periods: sel.periods.map((p) => ({ from: p.from, to: p.to, locked: p.locked })),
    period: { from: sel.period.from, to: sel.period.to, locked: sel.period.locked },
    people,
    ruleSets,
    presets,
  };
}

/**
 * The payroll group and pay period a page shows (`?group=&period=`): the group's last periods come
 * from the upstream with their locks; an unknown or another company's group or period is a 404.
 */
import { addDays, startOfDay } from "~/lib/zoned-days";
import type { TimesheetContext } from "./context.server";
import {
  listPayrollGroups,
  listPeriods,
  type PayrollGroup,
  type PayPeriodLock,
} from "./upstream.server";

export type Selection = {
  groups: { id: number; name: string }[];
  group: PayrollGroup | null;
  periods: PayPeriodLock[];
  period: (PayPeriodLock & { fromMs: number; toMs: number }) | null;
};

export async function selectPeriod(
  tc: TimesheetContext,
  url: URL,
  pick: (periods: PayPeriodLock[]) => PayPeriodLock | undefined = (p) => p[0],
): Promise<Selection> {
  const all = await listPayrollGroups(tc.up);
  const groups = all.map((g) => ({ id: g.id, name: g.name }));
  const gp = url.searchParams.get("group");
  const group = gp === null ? (all[0] ?? null) : all.find((g) => String(g.id) === gp);
  if (group === undefined) throw new Response("Not found", { status: 404 });
  if (!group) return { groups, group: null, periods: [], period: null };
  const periods = await listPeriods(tc.up, group.id, 12);
  const pp = url.searchParams.get("period");
  const chosen = pp === null ? pick(periods) : periods.find((p) => p.from === pp);
  if (!chosen) throw new Response("Not found", { status: 404 });
  return {
    groups,
    group,
    periods,
    period: {
      ...chosen,
      fromMs: startOfDay(chosen.from, tc.timeZone),
      toMs: startOfDay(addDays(chosen.to, 1), tc.timeZone),
    },
  };
}

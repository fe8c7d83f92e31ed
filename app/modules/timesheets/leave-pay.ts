/**
 * Approved leave in a pay period as payroll lines (pay category "leave"), one per person per leave
 * type: the leave's working days inside the period (weekends and the group's public holidays do not
 * count) × its hours a day (all-day leave: LEAVE_DAY_HOURS), at the person's rate × 1 when the
 * type is paid and × 0 when it is unpaid (the hours are still reported, for the record).
 */
import { linePay } from "./pay";
import type { PayrollLine, PayrollPerson } from "./payroll";
import { workingDays } from "./working-days";

/** The hours an all-day leave day stands for (the standard day of the overtime presets). */
export const LEAVE_DAY_HOURS = 8;

export type LeaveForPay = {
  personId: number;
  type: string;
  paid: boolean;
  /** Days "YYYY-MM-DD", inclusive. */
  from: string;
  to: string;
  /** Hours a day of a part-day request; null = all day. */
  hoursPerDay: number | null;
};

export function leaveLines(
  people: readonly PayrollPerson[],
  leave: readonly LeaveForPay[],
  period: { from: string; to: string },
  holidays: ReadonlySet<string> = new Set(),
): PayrollLine[] {
  const lines: PayrollLine[] = [];
  for (const p of people) {
    const byType = new Map<string, { paid: boolean; minutes: number; parts: string[] }>();
    for (const l of leave) {
      if (l.personId !== p.id) continue;
      const from = l.from > period.from ? l.from : period.from;
      const to = l.to < period.to ? l.to : period.to;
      const days = workingDays(from, to, holidays);
      if (!days) continue;
      const perDay = l.hoursPerDay ?? LEAVE_DAY_HOURS;
      const t = byType.get(l.type) ?? { paid: l.paid, minutes: 0, parts: [] };
      t.minutes += Math.round(days * perDay * 60);
      t.parts.push(`${days} working day${days === 1 ? "" : "s"} × ${perDay} h`);
      byType.set(l.type, t);
    }
    for (const [type, t] of byType) {
      const multiplier = t.paid ? 1 : 0;
      lines.push({
        personId: p.id,
        person: p.name,
        payrollCode: p.payrollCode ?? "",
        category: "leave",
        label: `Leave: ${type}`,
        multiplier,
        minutes: t.minutes,
        rate: p.rate,
        amount: linePay({ minutes: t.minutes, multiplier }, p.rate),
        rule: `${type} (${t.paid ? "paid" : "unpaid"}): ${t.parts.join(" + ")}${t.paid ? "" : " at 0×"}`,
      });
    }
  }
  return lines;
}

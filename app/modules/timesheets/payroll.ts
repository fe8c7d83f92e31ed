/**
 * A pay period's payroll for one payroll group: each person's worked time classified by the
 * group's overtime rules (overtime.ts), priced at their rate (pay.ts), as one line per person per
 * pay category and multiplier, each naming the rule that produced it.
 */
import { classifyHours, type OvertimeRuleSet, type PayCategory, type WorkEntry } from "./overtime";
import { hoursOf, linePay, sumMoney, type Money } from "./pay";

export type PayrollPerson = { id: number; name: string; rate: Money; payrollCode?: string };

export type PayrollLine = {
  personId: number;
  person: string;
  payrollCode: string;
  /** "allowance" lines come from the payroll group's allowances, "leave" from approved leave. */
  category: PayCategory | "allowance" | "leave";
  /** The category as exported when it is not derived from category and multiplier (allowances). */
  label?: string;
  multiplier: number;
  minutes: number;
  rate: Money;
  amount: Money;
  rule: string;
};

export const CATEGORY_LABELS: Record<PayCategory, string> = {
  ordinary: "Ordinary",
  overtime: "Overtime",
  public_holiday: "Public holiday",
};

/** "Ordinary", "Overtime 1.5×", "Public holiday 2.5×": the pay category as payroll systems import it. */
export const categoryLabel = (l: Pick<PayrollLine, "category" | "multiplier" | "label">) =>
  l.label ??
  (l.category === "leave"
    ? "Leave"
    : l.category === "ordinary" || l.category === "allowance"
      ? "Ordinary"
      : `${CATEGORY_LABELS[l.category]} ${l.multiplier}×`);

export function computePayroll(input: {
  people: readonly PayrollPerson[];
  entries: ReadonlyMap<number, readonly WorkEntry[]>;
  rules: OvertimeRuleSet;
  timeZone: string;
  holidays?: ReadonlySet<string>;
}): { lines: PayrollLine[]; totalMinutes: number; totalAmount: Money } {
  const lines: PayrollLine[] = [];
  for (const p of input.people) {
    const worked = input.entries.get(p.id) ?? [];
    if (!worked.length) continue;
    for (const l of classifyHours(worked, input.rules, {
      timeZone: input.timeZone,
      holidays: input.holidays,
    }))
      lines.push({
        personId: p.id,
        person: p.name,
        payrollCode: p.payrollCode ?? "",
        category: l.category,
        multiplier: l.multiplier,
        minutes: l.minutes,
        rate: p.rate,
        amount: linePay(l, p.rate),
        rule: l.rule,
      });
  }
  return {
    lines,
    totalMinutes: lines.reduce((s, l) => s + l.minutes, 0),
    totalAmount: sumMoney(lines.map((l) => l.amount)),
  };
}

/** The export's columns, one row per line: what payroll systems import. */
export const PAYROLL_COLUMNS = [
  { header: "Person", value: (l: PayrollLine) => l.person },
  { header: "Payroll code", value: (l: PayrollLine) => l.payrollCode },
  { header: "Pay category", value: (l: PayrollLine) => categoryLabel(l) },
  { header: "Hours", value: (l: PayrollLine) => hoursOf(l.minutes) },
  { header: "Rate", value: (l: PayrollLine) => l.rate },
  { header: "Multiplier", value: (l: PayrollLine) => l.multiplier },
  { header: "Amount", value: (l: PayrollLine) => l.amount },
  { header: "Rule", value: (l: PayrollLine) => l.rule },
] as const;

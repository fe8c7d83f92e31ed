import { describe, expect, it } from "vitest";
import { LEAVE_DAY_HOURS, leaveLines, type LeaveForPay } from "./leave-pay";
import { categoryLabel } from "./payroll";

const people = [
  { id: 1, name: "Dan Driver", rate: "32.50", payrollCode: "DRV-1" },
  { id: 2, name: "Ann Other", rate: "40.00" },
];
// A fortnight: Monday 2026-11-02 to Sunday 2026-11-15.
const period = { from: "2026-11-02", to: "2026-11-15" };
const leave = (over: Partial<LeaveForPay>): LeaveForPay => ({
  personId: 1,
  type: "Annual leave",
  paid: true,
  from: "2026-11-03",
  to: "2026-11-04",
  hoursPerDay: null,
  ...over,
});

describe("leave as a pay category", () => {
  it("paid all-day leave: working days × the standard day at the person's rate", () => {
    const [l] = leaveLines(people, [leave({})], period);
    expect(l).toMatchObject({
      personId: 1,
      category: "leave",
      label: "Leave: Annual leave",
      multiplier: 1,
      minutes: 2 * LEAVE_DAY_HOURS * 60,
      amount: "520.00",
      payrollCode: "DRV-1",
      rule: "Annual leave (paid): 2 working days × 8 h",
    });
    expect(categoryLabel(l!)).toBe("Leave: Annual leave");
  });

  it("unpaid leave keeps its hours at 0×; part days count their hours", () => {
    const [l] = leaveLines(
      people,
      [
        leave({
          type: "Unpaid leave",
          paid: false,
          from: "2026-11-05",
          to: "2026-11-05",
          hoursPerDay: 4,
        }),
      ],
      period,
    );
    expect(l).toMatchObject({ multiplier: 0, minutes: 240, amount: "0.00" });
    expect(l!.rule).toBe("Unpaid leave (unpaid): 1 working day × 4 h at 0×");
  });

  it("counts only the days inside the period, without weekends and public holidays", () => {
    // Friday 13th to Wednesday 18th: Fri inside, Sat/Sun skipped, Mon–Wed after the period.
    const across = leave({ from: "2026-11-13", to: "2026-11-18" });
    expect(leaveLines(people, [across], period)[0]!.minutes).toBe(8 * 60);
    const holiday = leave({ from: "2026-11-03", to: "2026-11-03" });
    expect(leaveLines(people, [holiday], period, new Set(["2026-11-03"]))).toEqual([]);
  });

  it("one line per person per leave type, each person's own rate", () => {
    const lines = leaveLines(
      people,
      [
        leave({}),
        leave({ from: "2026-11-09", to: "2026-11-09", hoursPerDay: 3.5 }),
        leave({ personId: 2, type: "Sick leave", from: "2026-11-10", to: "2026-11-10" }),
      ],
      period,
    );
    expect(lines.map((l) => [l.person, l.label, l.minutes, l.amount])).toEqual([
      ["Dan Driver", "Leave: Annual leave", 19.5 * 60, "633.75"],
      ["Ann Other", "Leave: Sick leave", 8 * 60, "320.00"],
    ]);
    expect(lines[0]!.rule).toBe(
      "Annual leave (paid): 2 working days × 8 h + 1 working day × 3.5 h",
    );
  });
});

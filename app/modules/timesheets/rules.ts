/**
 * A payroll group's overtime rule set (pure, browser-safe): a preset of the core (overtime.ts) or
 * the group's own rules as the upstream keeps them, and the rule set as sentences for screens.
 */
import { OVERTIME_PRESETS, type OvertimeRuleSet, type Tier } from "./overtime";

export type UpstreamRules = {
  daily: { after_hours: number; multiplier: number }[];
  weekly: { after_hours: number; multiplier: number } | null;
  seventh_day: { after_hours: number; multiplier: number }[] | null;
  public_holiday_multiplier: number | null;
  week_starts_on: number;
};

export const PRESET_NAMES: Record<string, string> = {
  none: "No overtime",
  us_federal: "US federal (FLSA)",
  california: "California",
  custom: "Custom rules",
};

const tier = (t: { after_hours: number; multiplier: number }): Tier => ({
  afterHours: t.after_hours,
  multiplier: t.multiplier,
});

export function ruleSetOf(g: {
  id: number;
  overtime_preset: string;
  overtime_rules: UpstreamRules | null;
}): OvertimeRuleSet {
  if (g.overtime_preset !== "custom" || !g.overtime_rules) {
    const preset = OVERTIME_PRESETS[g.overtime_preset as keyof typeof OVERTIME_PRESETS];
    return preset ?? OVERTIME_PRESETS.none;
  }
  const r = g.overtime_rules;
  return {
    id: `group-${g.id}`,
    name: "Custom rules",
    daily: r.daily.map(tier),
    weekly: r.weekly ? tier(r.weekly) : null,
    seventhDay: r.seventh_day ? r.seventh_day.map(tier) : null,
    publicHolidayMultiplier: r.public_holiday_multiplier,
    weekStartsOn: r.week_starts_on,
  };
}

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const tiers = (ts: readonly Tier[]) =>
  ts
    .map((t) =>
      t.afterHours === 0
        ? `from the first hour at ${t.multiplier}×`
        : `over ${t.afterHours} h at ${t.multiplier}×`,
    )
    .join(", ");

/** The rule set in sentences, in the order the core applies them. */
export function describeRules(r: OvertimeRuleSet): string[] {
  const out: string[] = [];
  if (r.daily.length) out.push(`Daily: ${tiers(r.daily)}.`);
  if (r.weekly)
    out.push(
      `Weekly: straight time over ${r.weekly.afterHours} h at ${r.weekly.multiplier}× (hours already paid as overtime are not counted again).`,
    );
  if (r.seventhDay?.length)
    out.push(`Seventh consecutive day worked in a week: ${tiers(r.seventhDay)}.`);
  if (r.publicHolidayMultiplier !== null)
    out.push(`Public holidays: every hour at ${r.publicHolidayMultiplier}×.`);
  if (!out.length) out.push("Every hour is ordinary time.");
  out.push(
    `Weeks start on ${DAYS[r.weekStartsOn] ?? "Monday"} at midnight in the company's time zone.`,
  );
  return out;
}

/**
 * Timesheet calls (designed; the simulator serves them in server/sim/api-timesheets.ts): entries,
 * clocking on and off, submitting a week, reviewing, pay-period locks, allowances and payroll
 * groups. Responses are zod-checked; refusals arrive as UpstreamError with the upstream's message
 * (400 bad input, 409 conflict: overlapping entries, a locked period, an entry no longer a draft).
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";

const who = z.object({ username_id: z.number().int(), name: z.string() });
export const personSchema = who.extend({ group_ids: z.array(z.number().int()) });
export type Person = z.infer<typeof personSchema>;
export const ENTRY_STATUSES = ["draft", "submitted", "approved", "rejected"] as const;
export type EntryStatus = (typeof ENTRY_STATUSES)[number];

export const entrySchema = z.object({
  id: z.number().int(),
  username_id: z.number().int(),
  person: personSchema,
  start: z.string(),
  end: z.string().nullable(),
  breaks: z.array(z.object({ start: z.string(), end: z.string().nullable() })),
  break_minutes: z.number().int().nonnegative(),
  jobcode_id: z.number().int().nullable(),
  jobsite_id: z.number().int().nullable(),
  imei: z.string().nullable(),
  notes: z.string(),
  photo: z.string().nullable(),
  position: z
    .object({ lat: z.number(), lng: z.number(), accuracy_m: z.number().nullable() })
    .nullable(),
  status: z.enum(ENTRY_STATUSES),
  submitted_at: z.string().nullable(),
  reviewed_by: who.nullable(),
  reviewed_at: z.string().nullable(),
  review_comment: z.string(),
  created_at: z.string(),
});
export type Entry = z.infer<typeof entrySchema>;

export type EntryInput = {
  username_id?: number;
  start: string;
  end: string;
  breaks?: { start: string; end: string }[];
  jobcode_id: number | null;
  jobsite_id: number | null;
  imei?: string | null;
  notes?: string;
  photo?: string | null;
  position?: { lat: number; lng: number; accuracy_m: number | null } | null;
};
export type ClockInput =
  | {
      action: "on";
      jobcode_id: number | null;
      jobsite_id: number | null;
      imei?: string | null;
      notes?: string;
      photo?: string | null;
      position?: { lat: number; lng: number; accuracy_m: number | null } | null;
    }
  | { action: "off" | "break_start" | "break_end" };

const lockEvent = z.object({
  action: z.enum(["lock", "reopen"]),
  at: z.string(),
  by: who,
  reason: z.string(),
});
export const periodSchema = z.object({
  group_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  locked: z.boolean(),
  history: z.array(lockEvent),
});
export type PayPeriodLock = z.infer<typeof periodSchema>;

// eslint-disable-next-line no-restricted-syntax -- the upstream's allowance unit ids, not labels
export const ALLOWANCE_UNITS = ["day", "shift", "km", "hour"] as const;
export const allowanceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  amount: z.string(),
  unit: z.enum(ALLOWANCE_UNITS),
  taxable: z.boolean(),
});
export type Allowance = z.infer<typeof allowanceSchema>;
export type AllowanceInput = Omit<Allowance, "id">;

const tier = z.object({ after_hours: z.number(), multiplier: z.number() });
export const overtimeRulesSchema = z.object({
  daily: z.array(tier),
  weekly: tier.nullable(),
  seventh_day: z.array(tier).nullable(),
  public_holiday_multiplier: z.number().nullable(),
  week_starts_on: z.number().int(),
});
export type UpstreamOvertimeRules = z.infer<typeof overtimeRulesSchema>;
export const PAY_PERIODS = ["weekly", "fortnightly", "monthly"] as const;
export const payrollGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pay_period: z.enum(PAY_PERIODS),
  period_anchor: z.string(),
  overtime_preset: z.string(),
  overtime_rules: overtimeRulesSchema.nullable(),
  country: z.string(),
  region: z.string().nullable(),
  members: z.array(
    z.object({ username_id: z.number().int(), rate: z.string(), payroll_code: z.string() }),
  ),
  allowance_ids: z.array(z.number().int()),
});
export type PayrollGroup = z.infer<typeof payrollGroupSchema>;
export type PayrollGroupInput = Omit<PayrollGroup, "id">;

export const listPeople = async (up: Upstream) =>
  (
    await up.request({
      method: "GET",
      path: "/timesheet/people",
      schema: z.array(personSchema),
      idempotent: true,
    })
  ).data;

const idOnly = z.object({ id: z.number().int() });
const E = "/timesheet/entries";

export const listEntries = async (
  up: Upstream,
  q: { from: string; to: string; username_id?: number; status?: EntryStatus },
) =>
  (
    await up.request({
      method: "GET",
      path: E,
      query: q,
      schema: z.array(entrySchema),
      idempotent: true,
    })
  ).data;
export const createEntry = async (up: Upstream, e: EntryInput) =>
  (await up.request({ method: "POST", path: E, body: e, schema: entrySchema })).data;
export const updateEntry = async (up: Upstream, id: number, e: Partial<EntryInput>) =>
  (await up.request({ method: "PUT", path: `${E}/${id}`, body: e, schema: entrySchema })).data;
export const deleteEntry = async (up: Upstream, id: number) =>
  (await up.request({ method: "DELETE", path: `${E}/${id}`, schema: idOnly })).data;
export const clock = async (up: Upstream, c: ClockInput) =>
  (await up.request({ method: "POST", path: "/timesheet/clock", body: c, schema: entrySchema }))
    .data;
export const submitWeek = async (up: Upstream, range: { from: string; to: string }) =>
  (
    await up.request({
      method: "POST",
      path: "/timesheet/submit",
      body: range,
      schema: z.object({ submitted: z.number().int(), ids: z.array(z.number().int()) }),
    })
  ).data;
export const reviewEntries = async (
  up: Upstream,
  r: { ids: number[]; decision: "approved" | "rejected"; comment: string },
) =>
  (
    await up.request({
      method: "POST",
      path: "/timesheet/review",
      body: r,
      schema: z.object({
        reviewed: z.number().int(),
        ids: z.array(z.number().int()),
        status: z.enum(["approved", "rejected"]),
      }),
    })
  ).data;

export const listPeriods = async (up: Upstream, group_id: number, count = 8) =>
  (
    await up.request({
      method: "GET",
      path: "/timesheet/periods",
      query: { group_id, count },
      schema: z.array(periodSchema),
      idempotent: true,
    })
  ).data;
export const lockPeriod = async (up: Upstream, group_id: number, from: string) =>
  (
    await up.request({
      method: "POST",
      path: "/timesheet/periods/lock",
      body: { group_id, from },
      schema: periodSchema,
    })
  ).data;
export const reopenPeriod = async (up: Upstream, group_id: number, from: string, reason: string) =>
  (
    await up.request({
      method: "POST",
      path: "/timesheet/periods/reopen",
      body: { group_id, from, reason },
      schema: periodSchema,
    })
  ).data;

const A = "/timesheet/allowances";
export const listAllowances = async (up: Upstream) =>
  (
    await up.request({
      method: "GET",
      path: A,
      schema: z.array(allowanceSchema),
      idempotent: true,
    })
  ).data;
export const createAllowance = async (up: Upstream, a: AllowanceInput) =>
  (await up.request({ method: "POST", path: A, body: a, schema: allowanceSchema })).data;
export const updateAllowance = async (up: Upstream, id: number, a: AllowanceInput) =>
  (await up.request({ method: "PUT", path: `${A}/${id}`, body: a, schema: allowanceSchema })).data;
export const deleteAllowance = async (up: Upstream, id: number) =>
  (await up.request({ method: "DELETE", path: `${A}/${id}`, schema: idOnly })).data;

const G = "/timesheet/payrollgroups";
export const listPayrollGroups = async (up: Upstream) =>
  (
    await up.request({
      method: "GET",
      path: G,
      schema: z.array(payrollGroupSchema),
      idempotent: true,
    })
  ).data;
export const createPayrollGroup = async (up: Upstream, g: PayrollGroupInput) =>
  (await up.request({ method: "POST", path: G, body: g, schema: payrollGroupSchema })).data;
export const updatePayrollGroup = async (up: Upstream, id: number, g: PayrollGroupInput) =>
  (await up.request({ method: "PUT", path: `${G}/${id}`, body: g, schema: payrollGroupSchema }))
    .data;
export const deletePayrollGroup = async (up: Upstream, id: number) =>
  (await up.request({ method: "DELETE", path: `${G}/${id}`, schema: idOnly })).data;

/**
 * Leave, roster and site declaration calls (designed; the simulator serves them in
 * server/sim/api-leave.ts). Leave events follow SPEC §3 (leave_start_date, leave_end_date,
 * type_of_leave, accounts, leave_approval, compgroups_id, title, allDay).
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const time = z.string().regex(/^\d{2}:\d{2}$/);
const names = z.object({ first_name: z.string(), last_name: z.string() });

export const leaveTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  approvals_required: z.number().int().positive(),
  /** Paid at the person's ordinary rate, or unpaid (payroll's leave lines). */
  paid: z.boolean(),
});
export const personSchema = names.extend({
  username_id: z.number().int(),
  role: z.string(),
  group_ids: z.array(z.number().int()),
  reviewer_id: z.number().int().nullable(),
  last_login: z.string().nullable(),
});
export const leaveSetupSchema = z.object({
  country: z.string(),
  region: z.string().nullable(),
  types: z.array(leaveTypeSchema),
  people: z.array(personSchema),
});
export const approvalSchema = names.extend({
  username_id: z.number().int(),
  approved: z.boolean(),
  comment: z.string(),
  created_at: z.string(),
});
export const leaveSchema = z.object({
  id: z.number().int(),
  username_id: z.number().int(),
  accounts: names,
  leave_start_date: day,
  leave_end_date: day,
  type_of_leave: z.string(),
  type_id: z.number().int(),
  approvals_required: z.number().int(),
  allDay: z.boolean(),
  hours: z.number().nullable(),
  reason: z.string(),
  compgroups_id: z.number().int().nullable(),
  title: z.string(),
  status: z.enum(["pending", "approved", "declined", "cancelled"]),
  leave_approval: z.array(approvalSchema),
  created_at: z.string(),
});
export const rosterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  username_id: z.number().int().nullable(),
  compgroups_id: z.number().int().nullable(),
  pattern: z.enum(["weekly", "rrule"]),
  days: z.array(z.number().int().min(0).max(6)),
  rrule: z.string().nullable(),
  start_time: time,
  end_time: time,
  break_minutes: z.number().int(),
  jobsite_id: z.number().int().nullable(),
  jobsite_name: z.string().nullable(),
  valid_from: day,
  valid_to: day.nullable(),
});
export const questionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  attention_answer: z.enum(["yes", "no"]),
  active: z.boolean(),
});
const yesNo = z.enum(["yes", "no"]);
export const declarationSchema = z.object({
  id: z.number().int(),
  username_id: z.number().int(),
  accounts: names,
  answered_at: z.string(),
  jobsite_id: z.number().int().nullable(),
  jobsite_name: z.string().nullable(),
  entry_id: z.number().int().nullable(),
  flagged: z.boolean(),
  answers: z.array(
    z.object({
      question_id: z.number().int(),
      text: z.string(),
      answer: yesNo,
      flagged: z.boolean(),
    }),
  ),
});

export type LeaveType = z.infer<typeof leaveTypeSchema>;
export type Person = z.infer<typeof personSchema>;
export type LeaveSetup = z.infer<typeof leaveSetupSchema>;
export type Leave = z.infer<typeof leaveSchema>;
export type Roster = z.infer<typeof rosterSchema>;
export type RosterInput = Omit<Roster, "id" | "jobsite_name">;
export type Question = z.infer<typeof questionSchema>;
export type Declaration = z.infer<typeof declarationSchema>;
export type LeaveInput = {
  type_id: number;
  leave_start_date: string;
  leave_end_date: string;
  allDay: boolean;
  hours: number | null;
  reason: string;
};

const L = "/timesheet/leave";
const R = "/timesheet/rosters";
const D = "/timesheet/declarations";
const idOnly = z.object({ id: z.number().int() });
const get = <T extends z.ZodTypeAny>(up: Upstream, path: string, schema: T) =>
  up.request({ method: "GET", path, schema, idempotent: true }).then((r) => r.data as z.infer<T>);
const range = (from: string, to: string) =>
  `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

export const leaveSetup = (up: Upstream) => get(up, `${L}/setup`, leaveSetupSchema);
export const listLeave = (up: Upstream, from: string, to: string) =>
  get(up, `${L}/requests?${range(from, to)}`, z.array(leaveSchema));
export const getLeave = (up: Upstream, id: number) => get(up, `${L}/requests/${id}`, leaveSchema);
export const requestLeave = async (up: Upstream, v: LeaveInput) =>
  (await up.request({ method: "POST", path: `${L}/requests`, body: v, schema: leaveSchema })).data;
export const cancelLeave = async (up: Upstream, id: number) =>
  (await up.request({ method: "DELETE", path: `${L}/requests/${id}`, schema: leaveSchema })).data;
export const decideLeave = async (up: Upstream, id: number, approve: boolean, comment: string) =>
  (
    await up.request({
      method: "POST",
      path: `${L}/decisions/${id}`,
      body: { approve, comment },
      schema: leaveSchema,
    })
  ).data;

export const listRosters = (up: Upstream) => get(up, R, z.array(rosterSchema));
export const createRoster = async (up: Upstream, v: RosterInput) =>
  (await up.request({ method: "POST", path: R, body: v, schema: rosterSchema })).data;
export const updateRoster = async (up: Upstream, id: number, v: RosterInput) =>
  (await up.request({ method: "PUT", path: `${R}/${id}`, body: v, schema: rosterSchema })).data;
export const deleteRoster = async (up: Upstream, id: number) =>
  (await up.request({ method: "DELETE", path: `${R}/${id}`, schema: idOnly })).data;

export const listQuestions = (up: Upstream) => get(up, `${D}/questions`, z.array(questionSchema));
export const addQuestion = async (up: Upstream, text: string, attention_answer: "yes" | "no") =>
  (
    await up.request({
      method: "POST",
      path: `${D}/questions`,
      body: { text, attention_answer },
      schema: questionSchema,
    })
  ).data;
export const retireQuestion = async (up: Upstream, id: number) =>
  (await up.request({ method: "DELETE", path: `${D}/questions/${id}`, schema: idOnly })).data;
export const listDeclarations = (up: Upstream, from: string, to: string) =>
  get(up, `${D}/answers?${range(from, to)}`, z.array(declarationSchema));
export const declare = async (
  up: Upstream,
  v: {
    answers: Array<{ question_id: number; answer: "yes" | "no" }>;
    jobsite_id: number | null;
    entry_id: number | null;
  },
) =>
  (await up.request({ method: "POST", path: `${D}/answers`, body: v, schema: declarationSchema }))
    .data;

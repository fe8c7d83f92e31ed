/** Shapes of the simulator's leave, roster and site declaration data (api-leave.ts). */
export type SimLeaveType = {
  id: number;
  companyid: number;
  name: string;
  approvals_required: number;
  /** Whether the leave is paid at the person's ordinary rate (payroll's leave pay category). */
  paid: boolean;
};
export type SimPerson = {
  username_id: number;
  companyid: number;
  first_name: string;
  last_name: string;
  role: string;
  group_ids: number[];
  reviewer_id: number | null;
  last_login: string | null;
};
export type SimApproval = {
  username_id: number;
  first_name: string;
  last_name: string;
  approved: boolean;
  comment: string;
  created_at: string;
};
export type SimLeave = {
  id: number;
  companyid: number;
  username_id: number;
  type_id: number;
  leave_start_date: string;
  leave_end_date: string;
  allDay: boolean;
  hours: number | null;
  reason: string;
  compgroups_id: number | null;
  status: "pending" | "approved" | "declined" | "cancelled";
  leave_approval: SimApproval[];
  created_at: string;
};
export type SimRoster = {
  id: number;
  companyid: number;
  name: string;
  username_id: number | null;
  compgroups_id: number | null;
  pattern: "weekly" | "rrule";
  days: number[];
  rrule: string | null;
  start_time: string;
  end_time: string;
  break_minutes: number;
  jobsite_id: number | null;
  valid_from: string;
  valid_to: string | null;
};
export type SimQuestion = {
  id: number;
  companyid: number;
  text: string;
  attention_answer: "yes" | "no";
  active: boolean;
};
export type SimDeclaration = {
  id: number;
  companyid: number;
  username_id: number;
  answered_at: string;
  jobsite_id: number | null;
  entry_id: number | null;
  answers: Array<{ question_id: number; text: string; answer: "yes" | "no"; flagged: boolean }>;
};
export type LeaveState = {
  seq: number;
  types: SimLeaveType[];
  people: SimPerson[];
  requests: SimLeave[];
  rosters: SimRoster[];
  questions: SimQuestion[];
  declarations: SimDeclaration[];
};

/** The seeded leave world (api-leave.ts): people, leave types and requests, rosters, questions. */
import { HttpError, type Ctx } from "./kit";
import type {
  LeaveState,
  SimApproval,
  SimDeclaration,
  SimLeave,
  SimLeaveType,
  SimPerson,
  SimQuestion,
  SimRoster,
} from "./leave-types";

const DAY_MS = 86_400_000;
/** Company days are Brisbane days (UTC+10, no daylight saving). */
export const dayOf = (ms: number) => new Date(ms + 10 * 3_600_000).toISOString().slice(0, 10);
const plus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
export const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const STAFF: Array<Omit<SimPerson, "last_login"> & { away: number | null }> = [
  // Zone B is the workshop: three mechanics (the calendar's "2 of 3 mechanics" case).
  p(1101, 1, "Sam", "Patel", "mechanic", [105], 2),
  p(1102, 1, "Priya", "Shah", "mechanic", [105], 10),
  p(1103, 1, "Tom", "Baker", "mechanic", [105], 1),
  p(1104, 1, "Lena", "Fischer", "driver", [102], 0),
  p(1105, 1, "Marco", "Rossi", "driver", [102], 3),
  p(1106, 1, "Hana", "Sato", "driver", [101], 1),
  p(1107, 1, "Ben", "Okafor", "cold chain operator", [103], null),
  p(1108, 1, "Ruth", "Ellis", "driver", [104], 21),
  p(2101, 2, "Pete", "Walsh", "plumber", [201], 0),
  p(2102, 2, "Ivy", "Cole", "plumber", [201], 12),
];
function p(
  username_id: number,
  companyid: number,
  first_name: string,
  last_name: string,
  role: string,
  group_ids: number[],
  away: number | null,
) {
  const reviewer_id = companyid === 1 ? 1001 : 2001;
  return { username_id, companyid, first_name, last_name, role, group_ids, reviewer_id, away };
}

function seed(ctx: Ctx): LeaveState {
  const t0 = ctx.state.world.createdAt;
  const today = dayOf(t0);
  const dow = new Date(`${today}T00:00:00Z`).getUTCDay();
  const mon = plus(today, ((8 - dow) % 7) + (dow === 1 ? 7 : 0)); // next week's Monday
  const iso = (day: string) => `${day}T08:00:00+10:00`;
  const people: SimPerson[] = [
    ...ctx.state.world.users
      .filter((u) => u.companyid === 1 || u.companyid === 2)
      .map((u) => ({
        username_id: u.username_id,
        companyid: u.companyid,
        first_name: u.first_name,
        last_name: u.last_name,
        role: u.tsadmin || u.username === "admin" || u.username === "other" ? "manager" : "driver",
        group_ids: [...u.group_ids],
        reviewer_id: u.companyid === 1 ? (u.username_id === 1001 ? 1002 : 1001) : null,
        last_login: iso(today),
      })),
    ...STAFF.map(({ away, ...s }) => ({
      ...s,
      last_login: away === null ? null : iso(plus(today, -away)),
    })),
  ];
  const types: SimLeaveType[] = [
    { id: 11, companyid: 1, name: "Annual leave", approvals_required: 1, paid: true },
    { id: 12, companyid: 1, name: "Sick leave", approvals_required: 1, paid: true },
    { id: 13, companyid: 1, name: "Long service leave", approvals_required: 2, paid: true },
    { id: 14, companyid: 1, name: "Unpaid leave", approvals_required: 2, paid: false },
    { id: 15, companyid: 1, name: "Time in lieu", approvals_required: 1, paid: true },
    { id: 21, companyid: 2, name: "Annual leave", approvals_required: 1, paid: true },
  ];
  const by = (id: number, approved: boolean, comment: string, day: string): SimApproval => {
    const who = people.find((x) => x.username_id === id)!;
    const { first_name, last_name } = who;
    return { username_id: id, first_name, last_name, approved, comment, created_at: iso(day) };
  };
  let seq = 900;
  const leave = (
    companyid: number,
    username_id: number,
    type_id: number,
    from: string,
    to: string,
    reason: string,
    approvals: SimApproval[] = [],
    hours: number | null = null,
  ): SimLeave => {
    const type = types.find((t) => t.id === type_id)!;
    const ok = approvals.filter((a) => a.approved).length;
    const status = approvals.some((a) => !a.approved)
      ? "declined"
      : ok >= type.approvals_required
        ? "approved"
        : "pending";
    return {
      id: ++seq,
      companyid,
      username_id,
      type_id,
      leave_start_date: from,
      leave_end_date: to,
      allDay: hours === null,
      hours,
      reason,
      compgroups_id: people.find((x) => x.username_id === username_id)!.group_ids[0] ?? null,
      status,
      leave_approval: approvals,
      created_at: iso(plus(today, -14)),
    };
  };
  const requests = [
    leave(1, 1101, 11, mon, plus(mon, 4), "Family holiday", [by(1001, true, "Enjoy", today)]),
    leave(1, 1102, 11, plus(mon, 2), plus(mon, 3), "Moving house", [by(1001, true, "", today)]),
    leave(1, 1103, 15, plus(mon, 9), plus(mon, 9), "Overtime from the breakdown weekend"),
    leave(1, 1104, 13, plus(mon, 7), plus(mon, 18), "Long service: Europe trip", [
      by(1002, true, "Fine by the depot roster", today),
    ]),
    leave(1, 1105, 11, plus(mon, -7), plus(mon, -5), "Long weekend", [
      by(1001, true, "", plus(mon, -14)),
    ]),
    leave(1, 1003, 11, plus(mon, 14), plus(mon, 15), "School holidays"),
    leave(1, 1106, 12, plus(today, -1), plus(today, -1), "Dentist", [by(1001, true, "", today)], 4),
    leave(1, 1108, 14, plus(mon, 3), plus(mon, 3), "Personal", [
      by(1001, false, "Short of drivers that day: please pick another date", today),
    ]),
    leave(2, 2101, 21, plus(mon, 1), plus(mon, 2), "Wedding"),
  ];
  // The office roster matches the seeded office entries (some late, some missing); the workshop and
  // depot rosters start next week, so the drivers' clock-ons meanwhile have no rostered shift.
  const rosters: SimRoster[] = [
    roster(1, "Office", null, 106, [1, 2, 3, 4, 5], null, "08:00", "16:30", 30, 104),
    roster(1, "Workshop weekdays", null, 105, [1, 2, 3, 4, 5], null, "07:00", "15:30", 30, 104),
    roster(1, "Depot early", null, 102, [1, 2, 3, 4, 5], null, "06:00", "14:30", 30, 102),
    roster(
      1,
      "Dan's Saturdays",
      1003,
      null,
      [],
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA",
      "08:00",
      "12:00",
      0,
      103,
    ),
    roster(2, "Plumbers", null, 201, [1, 2, 3, 4, 5], null, "07:30", "16:00", 30, 201),
  ].map((r, i) => ({
    ...r,
    id: 801 + i,
    valid_from: i === 1 || i === 2 ? mon : plus(today, -56),
  }));
  const questions: SimQuestion[] = [
    q(41, 1, "Do you have a fever, cough, sore throat or shortness of breath?", "yes"),
    q(
      42,
      1,
      "Have you been in close contact with a confirmed COVID-19 case in the last 7 days?",
      "yes",
    ),
    q(43, 1, "Are you fit for work and free of symptoms today?", "no"),
    q(51, 2, "Do you have any COVID-19 symptoms today?", "yes"),
  ];
  const declare = (
    id: number,
    companyid: number,
    username_id: number,
    day: string,
    answers: Array<"yes" | "no">,
  ): SimDeclaration => {
    const qs = questions.filter((x) => x.companyid === companyid);
    return {
      id,
      companyid,
      username_id,
      answered_at: `${day}T06:55:00+10:00`,
      jobsite_id: companyid === 1 ? 102 : 201,
      entry_id: null,
      answers: qs.map((x, i) => ({
        question_id: x.id,
        text: x.text,
        answer: answers[i]!,
        flagged: answers[i] === x.attention_answer,
      })),
    };
  };
  const declarations = [
    declare(601, 1, 1104, plus(today, -2), ["no", "no", "yes"]),
    declare(602, 1, 1105, plus(today, -2), ["no", "no", "yes"]),
    declare(603, 1, 1104, plus(today, -1), ["yes", "no", "no"]),
    declare(604, 1, 1003, plus(today, -1), ["no", "no", "yes"]),
    declare(605, 2, 2101, plus(today, -1), ["no"]),
  ];
  return { seq: 1000, types, people, requests, rosters, questions, declarations };
}

function roster(
  companyid: number,
  name: string,
  username_id: number | null,
  compgroups_id: number | null,
  days: number[],
  rrule: string | null,
  start_time: string,
  end_time: string,
  break_minutes: number,
  jobsite_id: number | null,
): Omit<SimRoster, "id" | "valid_from"> {
  return {
    companyid,
    name,
    username_id,
    compgroups_id,
    pattern: rrule ? "rrule" : "weekly",
    days,
    rrule,
    start_time,
    end_time,
    break_minutes,
    jobsite_id,
    valid_to: null,
  };
}
const q = (id: number, companyid: number, text: string, attention_answer: "yes" | "no") => ({
  id,
  companyid,
  text,
  attention_answer,
  active: true,
});

export function data(ctx: Ctx): LeaveState {
  if (!ctx.state.leave) ctx.state.leave = seed(ctx);
  return ctx.state.leave;
}

export const mine = <T extends { companyid: number }>(ctx: Ctx, list: T[]) =>
  list.filter((x) => x.companyid === ctx.user.companyid);

export function person(ctx: Ctx, id: number): SimPerson {
  const found = mine(ctx, data(ctx).people).find((x) => x.username_id === id);
  if (found) return found;
  // A login user the seed did not know (e.g. after sign-up) is a person of their company too.
  const u = ctx.state.world.users.find((x) => x.username_id === id);
  if (!u || u.companyid !== ctx.user.companyid) throw new HttpError(404, "Person not found");
  const made: SimPerson = {
    username_id: u.username_id,
    companyid: u.companyid,
    first_name: u.first_name,
    last_name: u.last_name,
    role: "staff",
    group_ids: [...u.group_ids],
    reviewer_id: null,
    last_login: null,
  };
  data(ctx).people.push(made);
  return made;
}

export function range(ctx: Ctx): { from: string; to: string } {
  const from = ctx.query.get("from") ?? "0000-01-01";
  const to = ctx.query.get("to") ?? "9999-12-31";
  if (!DAY.test(from) || !DAY.test(to)) throw new HttpError(400, "from and to must be dates");
  return { from, to };
}

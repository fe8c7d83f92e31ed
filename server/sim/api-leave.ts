/**
 * Leave, rosters and site declarations (designed; SPEC §2.7 leave-requests, all-leave-requests,
 * leave-calendar, structure, covid19; §3 Leave event). All under `/timesheet/`:
 *
 * - `GET leave/setup` → the company's holiday country/region, leave types (with how many approvals
 *   each needs) and people (username_id, names, role, groups, reviewer, last sign-in).
 * - `GET leave/requests?from=&to=` (days, overlapping) → Leave events; `GET leave/requests/{id}`;
 *   `POST leave/requests` (the caller's own); `DELETE leave/requests/{id}` cancels the caller's own
 *   pending request (409 otherwise); `POST leave/decisions/{id} {approve, comment}` records an
 *   approval or a decline (not of one's own leave, once per reviewer). A request is approved when
 *   it has as many approvals as its type needs, declined at the first decline.
 * - `GET|POST rosters`, `PUT|DELETE rosters/{id}`: expected shifts of a person or a group, as a
 *   weekly pattern or an RFC 5545 RRULE.
 * - `GET|POST declarations/questions`, `DELETE declarations/questions/{id}`; `GET
 *   declarations/answers?from=&to=`, `POST declarations/answers` (the caller's, at clock-on).
 *
 * Another company's id is a 404. Writes are journaled by the HTTP layer.
 */
import { JOBSITES } from "./api-jobsites";
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { idOf } from "./maintenance";

export type SimLeaveType = {
  id: number;
  companyid: number;
  name: string;
  approvals_required: number;
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

const DAY_MS = 86_400_000;
/** Company days are Brisbane days (UTC+10, no daylight saving). */
const dayOf = (ms: number) => new Date(ms + 10 * 3_600_000).toISOString().slice(0, 10);
const plus = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

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
    { id: 11, companyid: 1, name: "Annual leave", approvals_required: 1 },
    { id: 12, companyid: 1, name: "Sick leave", approvals_required: 1 },
    { id: 13, companyid: 1, name: "Long service leave", approvals_required: 2 },
    { id: 14, companyid: 1, name: "Unpaid leave", approvals_required: 2 },
    { id: 15, companyid: 1, name: "Time in lieu", approvals_required: 1 },
    { id: 21, companyid: 2, name: "Annual leave", approvals_required: 1 },
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

function data(ctx: Ctx): LeaveState {
  if (!ctx.state.leave) ctx.state.leave = seed(ctx);
  return ctx.state.leave;
}

const mine = <T extends { companyid: number }>(ctx: Ctx, list: T[]) =>
  list.filter((x) => x.companyid === ctx.user.companyid);

function person(ctx: Ctx, id: number): SimPerson {
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

function leaveView(ctx: Ctx, r: SimLeave) {
  const d = data(ctx);
  const type = d.types.find((t) => t.id === r.type_id)!;
  const who = d.people.find((x) => x.username_id === r.username_id)!;
  const accounts = { first_name: who.first_name, last_name: who.last_name };
  return {
    id: r.id,
    username_id: r.username_id,
    accounts,
    leave_start_date: r.leave_start_date,
    leave_end_date: r.leave_end_date,
    type_of_leave: type.name,
    type_id: type.id,
    approvals_required: type.approvals_required,
    allDay: r.allDay,
    hours: r.hours,
    reason: r.reason,
    compgroups_id: r.compgroups_id,
    title: `${who.first_name} ${who.last_name}: ${type.name}`,
    status: r.status,
    leave_approval: r.leave_approval,
    created_at: r.created_at,
  };
}

function ownLeave(ctx: Ctx): SimLeave {
  const id = Number(idOf(ctx));
  const r = mine(ctx, data(ctx).requests).find((x) => x.id === id);
  if (!r) throw new HttpError(404, "Leave request not found");
  return r;
}

function leaveInput(ctx: Ctx, body: unknown) {
  const b = obj(body);
  const d = data(ctx);
  const type = mine(ctx, d.types).find((t) => t.id === Number(b.type_id));
  if (!type) throw new HttpError(404, "Leave type not found");
  const from = String(b.leave_start_date ?? "");
  const to = String(b.leave_end_date ?? "");
  if (!DAY.test(from) || !DAY.test(to))
    throw new HttpError(400, "leave_start_date and leave_end_date must be dates");
  if (to < from) throw new HttpError(400, "The leave must not end before it starts");
  const allDay = b.allDay !== false;
  const hours = allDay ? null : Number(b.hours);
  if (hours !== null && !(hours >= 0.5 && hours <= 12))
    throw new HttpError(400, "hours must be between 0.5 and 12 a day");
  const reason = typeof b.reason === "string" ? b.reason.trim().slice(0, 500) : "";
  return { type, from, to, allDay, hours, reason };
}

function rosterInput(ctx: Ctx, body: unknown) {
  const b = obj(body);
  const name = typeof b.name === "string" ? b.name.trim() : "";
  if (!name || name.length > 80)
    throw new HttpError(400, "name is required (at most 80 characters)");
  const username_id = b.username_id == null ? null : Number(b.username_id);
  const compgroups_id = b.compgroups_id == null ? null : Number(b.compgroups_id);
  if ((username_id === null) === (compgroups_id === null))
    throw new HttpError(400, "A roster is for one person or one group");
  if (username_id !== null) person(ctx, username_id);
  if (
    compgroups_id !== null &&
    !ctx.state.world.groups.some(
      (g) => g.id === compgroups_id && g.companyid === ctx.user.companyid,
    )
  )
    throw new HttpError(404, "Group not found");
  const pattern = b.pattern === "rrule" ? "rrule" : "weekly";
  const days = Array.isArray(b.days)
    ? [...new Set(b.days.map(Number))].filter((x) => Number.isInteger(x) && x >= 0 && x <= 6)
    : [];
  const rrule = pattern === "rrule" && typeof b.rrule === "string" ? b.rrule.trim() : null;
  if (pattern === "weekly" && days.length === 0) throw new HttpError(400, "Pick at least one day");
  if (pattern === "rrule" && (!rrule || !/^(RRULE:)?FREQ=/i.test(rrule) || rrule.length > 300))
    throw new HttpError(400, "rrule must be a recurrence rule such as FREQ=WEEKLY;BYDAY=MO,WE");
  const start_time = String(b.start_time ?? "");
  const end_time = String(b.end_time ?? "");
  if (!TIME.test(start_time) || !TIME.test(end_time))
    throw new HttpError(400, "start_time and end_time must be times like 07:30");
  const break_minutes = Number(b.break_minutes ?? 0);
  if (!Number.isInteger(break_minutes) || break_minutes < 0 || break_minutes > 240)
    throw new HttpError(400, "break_minutes must be 0 to 240");
  const jobsite_id = b.jobsite_id == null ? null : Number(b.jobsite_id);
  if (
    jobsite_id !== null &&
    !JOBSITES.some((j) => j.id === jobsite_id && j.companyid === ctx.user.companyid)
  )
    throw new HttpError(404, "Jobsite not found");
  const valid_from = String(b.valid_from ?? "");
  const valid_to = b.valid_to == null || b.valid_to === "" ? null : String(b.valid_to);
  if (!DAY.test(valid_from) || (valid_to !== null && !DAY.test(valid_to)))
    throw new HttpError(400, "valid_from and valid_to must be dates");
  if (valid_to !== null && valid_to < valid_from)
    throw new HttpError(400, "valid_to must not be before valid_from");
  return {
    name,
    username_id,
    compgroups_id,
    pattern,
    days: pattern === "weekly" ? days.sort() : [],
    rrule: pattern === "rrule" ? rrule!.replace(/^RRULE:/i, "") : null,
    start_time,
    end_time,
    break_minutes,
    jobsite_id,
    valid_from,
    valid_to,
  } satisfies Omit<SimRoster, "id" | "companyid">;
}

const rosterView = (r: SimRoster) => {
  const { companyid: _c, ...rest } = r;
  const site = JOBSITES.find((j) => j.id === r.jobsite_id);
  return { ...rest, jobsite_name: site?.name ?? null };
};

function ownRoster(ctx: Ctx): SimRoster {
  const id = Number(idOf(ctx));
  const r = mine(ctx, data(ctx).rosters).find((x) => x.id === id);
  if (!r) throw new HttpError(404, "Roster not found");
  return r;
}

function declarationView(ctx: Ctx, x: SimDeclaration) {
  const { companyid: _c, ...rest } = x;
  const who = data(ctx).people.find((y) => y.username_id === x.username_id);
  return {
    ...rest,
    accounts: { first_name: who?.first_name ?? "", last_name: who?.last_name ?? "" },
    jobsite_name: JOBSITES.find((j) => j.id === x.jobsite_id)?.name ?? null,
    flagged: x.answers.some((a) => a.flagged),
  };
}

function range(ctx: Ctx): { from: string; to: string } {
  const from = ctx.query.get("from") ?? "0000-01-01";
  const to = ctx.query.get("to") ?? "9999-12-31";
  if (!DAY.test(from) || !DAY.test(to)) throw new HttpError(400, "from and to must be dates");
  return { from, to };
}

export const leaveRoutes = routes([
  [
    "GET",
    "/timesheet/leave/setup",
    (ctx) => {
      const d = data(ctx);
      person(ctx, ctx.user.username_id);
      return ok({
        country: "AU",
        region: "QLD",
        types: mine(ctx, d.types).map(({ companyid: _c, ...t }) => t),
        people: mine(ctx, d.people).map(({ companyid: _c, ...x }) => x),
      });
    },
  ],
  [
    "GET",
    "/timesheet/leave/requests",
    (ctx) => {
      const { from, to } = range(ctx);
      return ok(
        mine(ctx, data(ctx).requests)
          .filter((r) => r.leave_start_date <= to && r.leave_end_date >= from)
          .sort((a, b) => a.leave_start_date.localeCompare(b.leave_start_date) || a.id - b.id)
          .map((r) => leaveView(ctx, r)),
      );
    },
  ],
  ["GET", "/timesheet/leave/requests/:id", (ctx) => ok(leaveView(ctx, ownLeave(ctx)))],
  [
    "POST",
    "/timesheet/leave/requests",
    (ctx) => {
      const d = data(ctx);
      const who = person(ctx, ctx.user.username_id);
      const v = leaveInput(ctx, ctx.body);
      const clash = d.requests.find(
        (r) =>
          r.username_id === who.username_id &&
          (r.status === "pending" || r.status === "approved") &&
          r.leave_start_date <= v.to &&
          r.leave_end_date >= v.from,
      );
      if (clash)
        throw new HttpError(
          409,
          `You already have leave from ${clash.leave_start_date} to ${clash.leave_end_date}`,
        );
      const r: SimLeave = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        username_id: who.username_id,
        type_id: v.type.id,
        leave_start_date: v.from,
        leave_end_date: v.to,
        allDay: v.allDay,
        hours: v.hours,
        reason: v.reason,
        compgroups_id: who.group_ids[0] ?? null,
        status: "pending",
        leave_approval: [],
        created_at: new Date(ctx.now).toISOString(),
      };
      d.requests.push(r);
      return ok(leaveView(ctx, r), 201);
    },
  ],
  [
    "DELETE",
    "/timesheet/leave/requests/:id",
    (ctx) => {
      const r = ownLeave(ctx);
      if (r.username_id !== ctx.user.username_id)
        throw new HttpError(404, "Leave request not found");
      if (r.status !== "pending")
        throw new HttpError(
          409,
          `Only a pending request can be cancelled; this one is ${r.status}`,
        );
      r.status = "cancelled";
      return ok(leaveView(ctx, r));
    },
  ],
  [
    "POST",
    "/timesheet/leave/decisions/:id",
    (ctx) => {
      const r = ownLeave(ctx);
      const b = obj(ctx.body);
      const comment = typeof b.comment === "string" ? b.comment.trim().slice(0, 500) : "";
      const approve = b.approve === true;
      if (r.username_id === ctx.user.username_id)
        throw new HttpError(409, "You cannot approve or decline your own leave");
      if (r.status !== "pending") throw new HttpError(409, `This request is already ${r.status}`);
      if (r.leave_approval.some((a) => a.username_id === ctx.user.username_id))
        throw new HttpError(409, "You have already decided on this request");
      if (!approve && !comment) throw new HttpError(400, "Say why the request is declined");
      r.leave_approval.push({
        username_id: ctx.user.username_id,
        first_name: ctx.user.first_name,
        last_name: ctx.user.last_name,
        approved: approve,
        comment,
        created_at: new Date(ctx.now).toISOString(),
      });
      const type = data(ctx).types.find((t) => t.id === r.type_id)!;
      if (!approve) r.status = "declined";
      else if (r.leave_approval.filter((a) => a.approved).length >= type.approvals_required)
        r.status = "approved";
      return ok(leaveView(ctx, r));
    },
  ],
  ["GET", "/timesheet/rosters", (ctx) => ok(mine(ctx, data(ctx).rosters).map(rosterView))],
  [
    "POST",
    "/timesheet/rosters",
    (ctx) => {
      const d = data(ctx);
      const r: SimRoster = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        ...rosterInput(ctx, ctx.body),
      };
      d.rosters.push(r);
      return ok(rosterView(r), 201);
    },
  ],
  [
    "PUT",
    "/timesheet/rosters/:id",
    (ctx) => {
      const r = ownRoster(ctx);
      return ok(rosterView(Object.assign(r, rosterInput(ctx, ctx.body))));
    },
  ],
  [
    "DELETE",
    "/timesheet/rosters/:id",
    (ctx) => {
      const r = ownRoster(ctx);
      const d = data(ctx);
      d.rosters = d.rosters.filter((x) => x.id !== r.id);
      return ok({ id: r.id });
    },
  ],
  [
    "GET",
    "/timesheet/declarations/questions",
    (ctx) => ok(mine(ctx, data(ctx).questions).map(({ companyid: _c, ...x }) => x)),
  ],
  [
    "POST",
    "/timesheet/declarations/questions",
    (ctx) => {
      const b = obj(ctx.body);
      const text = typeof b.text === "string" ? b.text.trim() : "";
      if (!text || text.length > 300)
        throw new HttpError(400, "text is required (at most 300 characters)");
      if (b.attention_answer !== "yes" && b.attention_answer !== "no")
        throw new HttpError(400, "attention_answer must be yes or no");
      const d = data(ctx);
      const x: SimQuestion = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        text,
        attention_answer: b.attention_answer,
        active: true,
      };
      d.questions.push(x);
      const { companyid: _c, ...view } = x;
      return ok(view, 201);
    },
  ],
  [
    "DELETE",
    "/timesheet/declarations/questions/:id",
    (ctx) => {
      const id = Number(idOf(ctx));
      const x = mine(ctx, data(ctx).questions).find((y) => y.id === id);
      if (!x) throw new HttpError(404, "Question not found");
      // Answers keep their text; the question only stops being asked.
      x.active = false;
      return ok({ id });
    },
  ],
  [
    "GET",
    "/timesheet/declarations/answers",
    (ctx) => {
      const { from, to } = range(ctx);
      return ok(
        mine(ctx, data(ctx).declarations)
          .filter(
            (x) =>
              dayOf(Date.parse(x.answered_at)) >= from && dayOf(Date.parse(x.answered_at)) <= to,
          )
          .sort((a, b) => b.answered_at.localeCompare(a.answered_at))
          .map((x) => declarationView(ctx, x)),
      );
    },
  ],
  [
    "POST",
    "/timesheet/declarations/answers",
    (ctx) => {
      const b = obj(ctx.body);
      const d = data(ctx);
      person(ctx, ctx.user.username_id);
      const asked = mine(ctx, d.questions).filter((x) => x.active);
      const given = Array.isArray(b.answers) ? b.answers.map(obj) : [];
      const answers = asked.map((x) => {
        const a = given.find((y) => Number(y.question_id) === x.id)?.answer;
        if (a !== "yes" && a !== "no") throw new HttpError(400, `Answer "${x.text}"`);
        const answer: "yes" | "no" = a;
        return { question_id: x.id, text: x.text, answer, flagged: a === x.attention_answer };
      });
      const jobsite_id = b.jobsite_id == null ? null : Number(b.jobsite_id);
      if (
        jobsite_id !== null &&
        !JOBSITES.some((j) => j.id === jobsite_id && j.companyid === ctx.user.companyid)
      )
        throw new HttpError(404, "Jobsite not found");
      const x: SimDeclaration = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        username_id: ctx.user.username_id,
        answered_at: new Date(ctx.now).toISOString(),
        jobsite_id,
        entry_id: b.entry_id == null ? null : Number(b.entry_id),
        answers,
      };
      d.declarations.push(x);
      return ok(declarationView(ctx, x), 201);
    },
  ],
]);

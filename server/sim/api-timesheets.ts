/**
 * Timesheet calls (designed; SPEC lists the timesheet screens without their calls). Data and seed
 * in timesheets-data.ts. Every id of another company is a 404; writes are journaled by the HTTP
 * layer. Refusals are 400 (bad input: an end before its start, a break outside its entry) or 409
 * (a conflict: overlapping entries, a locked pay period, an entry no longer a draft), with
 * `{message}` saying what to do.
 *
 * - `GET /timesheet/people` the company's users `[{username_id, name, group_ids}]`.
 * - `GET /timesheet/entries?from=&to=&username_id=&status=` entries starting in [from, to); people
 *   without review_timesheet or admin_timesheet see only their own.
 * - `POST /timesheet/entries`, `PUT|DELETE /timesheet/entries/:id` (draft or rejected entries only).
 * - `POST /timesheet/clock {action: on|off|break_start|break_end, jobcode_id, jobsite_id, notes,
 *   photo, position, imei}`: the caller's own open entry.
 * - `POST /timesheet/submit {from, to}`: the caller's drafts (and rejected entries) in the range.
 * - `POST /timesheet/review {ids, decision: approved|rejected, comment}` (review_timesheet): all or
 *   nothing; a rejection needs a comment.
 * - `GET /timesheet/periods?group_id=&count=` the group's last pay periods with their lock and its
 *   history; `POST /timesheet/periods/lock {group_id, from}`, `POST /timesheet/periods/reopen
 *   {group_id, from, reason}` (admin_timesheet; a reopening needs a reason; both are recorded).
 * - `GET|POST /timesheet/allowances`, `PUT|DELETE /timesheet/allowances/:id`.
 * - `GET|POST /timesheet/payrollgroups`, `PUT|DELETE /timesheet/payrollgroups/:id`.
 */
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { idOf } from "./maintenance";
import { payrollSetupRoutes } from "./api-payroll-setup";
import { timesheetData as data, type SimEntry } from "./timesheets-data";
import {
  H,
  who,
  reviewer,
  needs,
  timeZone,
  localTime,
  person,
  time,
  refuseLocked,
  entryView,
  ownEntry,
  countCode,
  photo,
  position,
  checkTimes,
  breaksOf,
  entryInput,
  editable,
} from "./timesheets-rules";

function createEntry(ctx: Ctx) {
  const b = obj(ctx.body);
  const uid =
    b.username_id === undefined ? ctx.user.username_id : person(ctx, b.username_id).username_id;
  if (uid !== ctx.user.username_id) needs(ctx, "admin_timesheet", "review_timesheet");
  const start = time(b.start, "start");
  const end = time(b.end, "end");
  const breaks = breaksOf(b.breaks);
  const input = entryInput(ctx, b);
  checkTimes(ctx, uid, start, end, breaks, null);
  const d = data(ctx);
  const e: SimEntry = {
    id: ++d.seq,
    companyid: ctx.user.companyid,
    username_id: uid,
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    breaks,
    ...input,
    photo: photo(b.photo),
    position: position(b.position),
    status: "draft",
    submitted_at: null,
    reviewed_by: null,
    reviewed_at: null,
    review_comment: "",
    created_at: new Date(ctx.now).toISOString(),
  };
  d.entries.push(e);
  countCode(ctx, e.jobcode_id, 1);
  return ok(entryView(ctx)(e), 201);
}

function updateEntry(ctx: Ctx) {
  const e = ownEntry(ctx, idOf(ctx), true);
  editable(e);
  const b = obj(ctx.body);
  const start = b.start === undefined ? Date.parse(e.start) : time(b.start, "start");
  const end =
    b.end === undefined ? (e.end === null ? null : Date.parse(e.end)) : time(b.end, "end");
  const breaks = b.breaks === undefined ? e.breaks : breaksOf(b.breaks);
  const input = entryInput(ctx, { ...e, ...b });
  refuseLocked(ctx, e.username_id, Date.parse(e.start));
  checkTimes(ctx, e.username_id, start, end, breaks, e.id);
  countCode(ctx, e.jobcode_id, -1);
  Object.assign(e, input, {
    start: new Date(start).toISOString(),
    end: end === null ? null : new Date(end).toISOString(),
    breaks,
    status: "draft",
  });
  countCode(ctx, e.jobcode_id, 1);
  return ok(entryView(ctx)(e));
}

function deleteEntry(ctx: Ctx) {
  const e = ownEntry(ctx, idOf(ctx), true);
  editable(e);
  refuseLocked(ctx, e.username_id, Date.parse(e.start));
  const d = data(ctx);
  d.entries = d.entries.filter((x) => x !== e);
  countCode(ctx, e.jobcode_id, -1);
  return ok({ id: e.id });
}

function listEntries(ctx: Ctx) {
  const q = ctx.query;
  const to = q.get("to") ? time(q.get("to"), "to") : ctx.now + H;
  const from = q.get("from") ? time(q.get("from"), "from") : to - 7 * 24 * H;
  if (to - from > 100 * 24 * H) throw new HttpError(400, "A range is at most 100 days");
  let uid: number | null = q.get("username_id")
    ? person(ctx, q.get("username_id")).username_id
    : null;
  if (!reviewer(ctx.user)) {
    if (uid !== null && uid !== ctx.user.username_id) throw new HttpError(404, "Person not found");
    uid = ctx.user.username_id;
  }
  const status = q.get("status");
  const view = entryView(ctx);
  return ok(
    data(ctx)
      .entries.filter(
        (e) =>
          e.companyid === ctx.user.companyid &&
          (uid === null || e.username_id === uid) &&
          (!status || e.status === status) &&
          Date.parse(e.start) >= from &&
          Date.parse(e.start) < to,
      )
      .sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id)
      .map(view),
  );
}

function openEntry(ctx: Ctx) {
  return data(ctx).entries.find(
    (e) =>
      e.companyid === ctx.user.companyid &&
      e.username_id === ctx.user.username_id &&
      e.end === null,
  );
}

function clock(ctx: Ctx) {
  const b = obj(ctx.body);
  const now = Math.floor(ctx.now / 60_000) * 60_000;
  const tz = timeZone(ctx);
  const open = openEntry(ctx);
  const view = entryView(ctx);
  switch (b.action) {
    case "on": {
      if (open)
        throw new HttpError(
          409,
          `You are already clocked on since ${localTime(Date.parse(open.start), tz)}`,
        );
      const input = entryInput(ctx, b);
      const pic = photo(b.photo);
      const pos = position(b.position);
      checkTimes(ctx, ctx.user.username_id, now, null, [], null);
      const d = data(ctx);
      const e: SimEntry = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        username_id: ctx.user.username_id,
        start: new Date(now).toISOString(),
        end: null,
        breaks: [],
        ...input,
        photo: pic,
        position: pos,
        status: "draft",
        submitted_at: null,
        reviewed_by: null,
        reviewed_at: null,
        review_comment: "",
        created_at: new Date(ctx.now).toISOString(),
      };
      d.entries.push(e);
      countCode(ctx, e.jobcode_id, 1);
      return ok(view(e), 201);
    }
    case "off": {
      if (!open) throw new HttpError(409, "You are not clocked on");
      // Clocking off within the minute of clocking on still records a minute.
      const end = Math.max(now, Date.parse(open.start) + 60_000);
      for (const br of open.breaks) if (br.end === null) br.end = new Date(end).toISOString();
      open.end = new Date(end).toISOString();
      return ok(view(open));
    }
    case "break_start": {
      if (!open) throw new HttpError(409, "You are not clocked on");
      if (open.breaks.some((x) => x.end === null))
        throw new HttpError(409, "You are already on a break");
      open.breaks.push({
        start: new Date(Math.max(now, Date.parse(open.start))).toISOString(),
        end: null,
      });
      return ok(view(open));
    }
    case "break_end": {
      const br = open?.breaks.find((x) => x.end === null);
      if (!open || !br) throw new HttpError(409, "You are not on a break");
      br.end = new Date(Math.max(now, Date.parse(br.start) + 60_000)).toISOString();
      return ok(view(open));
    }
    default:
      throw new HttpError(400, "action must be on, off, break_start or break_end");
  }
}

function submit(ctx: Ctx) {
  const b = obj(ctx.body);
  const from = time(b.from, "from");
  const to = time(b.to, "to");
  const mine = data(ctx).entries.filter(
    (e) =>
      e.companyid === ctx.user.companyid &&
      e.username_id === ctx.user.username_id &&
      (e.status === "draft" || e.status === "rejected") &&
      Date.parse(e.start) >= from &&
      Date.parse(e.start) < to,
  );
  if (mine.some((e) => e.end === null))
    throw new HttpError(409, "Clock off before you submit: an entry of this week is still open");
  for (const e of mine) refuseLocked(ctx, e.username_id, Date.parse(e.start));
  const at = new Date(ctx.now).toISOString();
  for (const e of mine) Object.assign(e, { status: "submitted", submitted_at: at });
  return ok({ submitted: mine.length, ids: mine.map((e) => e.id) });
}

function review(ctx: Ctx) {
  needs(ctx, "review_timesheet", "admin_timesheet");
  const b = obj(ctx.body);
  const decision = b.decision;
  if (decision !== "approved" && decision !== "rejected")
    throw new HttpError(400, "decision must be approved or rejected");
  const comment = typeof b.comment === "string" ? b.comment.trim() : "";
  if (decision === "rejected" && !comment)
    throw new HttpError(400, "Say why in a comment when you reject an entry");
  if (comment.length > 500) throw new HttpError(400, "comment must be at most 500 characters");
  if (!Array.isArray(b.ids) || !b.ids.length) throw new HttpError(400, "ids must list entries");
  const list = b.ids.map((id) => ownEntry(ctx, id));
  for (const e of list) {
    if (e.status !== "submitted")
      throw new HttpError(
        409,
        `Entry ${e.id} is ${e.status}: only submitted entries can be reviewed`,
      );
    refuseLocked(ctx, e.username_id, Date.parse(e.start));
  }
  const at = new Date(ctx.now).toISOString();
  for (const e of list)
    Object.assign(e, {
      status: decision,
      reviewed_by: who(ctx.user),
      reviewed_at: at,
      review_comment: comment,
    });
  return ok({ reviewed: list.length, ids: list.map((e) => e.id), status: decision });
}

const ENTRY_ROUTES: Parameters<typeof routes>[0] = [
  // The people timesheets are kept for: the company's users with their groups (compgroups).
  [
    "GET",
    "/timesheet/people",
    (ctx) =>
      ok(
        ctx.state.world.users
          .filter((u) => u.companyid === ctx.user.companyid)
          .map((u) => ({ username_id: u.username_id, name: u.name, group_ids: u.group_ids }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      ),
  ],
  ["GET", "/timesheet/entries", listEntries],
  ["POST", "/timesheet/entries", createEntry],
  ["PUT", "/timesheet/entries/:id", updateEntry],
  ["DELETE", "/timesheet/entries/:id", deleteEntry],
  ["POST", "/timesheet/clock", clock],
  ["POST", "/timesheet/submit", submit],
  ["POST", "/timesheet/review", review],
];

export const timesheetRoutes = [...routes(ENTRY_ROUTES), ...payrollSetupRoutes];

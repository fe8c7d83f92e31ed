/** Rosters and site declarations of the simulator (the contract is described in api-leave.ts). */
import { JOBSITES } from "./api-jobsites";
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { DAY, TIME, data, dayOf, mine, person, range } from "./leave-seed";
import type { SimDeclaration, SimQuestion, SimRoster } from "./leave-types";
import { idOf } from "./maintenance";

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

export const rosterRoutes = routes([
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

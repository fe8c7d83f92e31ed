/**
 * Maintenance calls (designed; documented in README.md of the simulator): task templates, service
 * programmes, schedules, tasks (work orders), completions, service history, meters and asset
 * states, every one scoped to the caller's company (another company's id is 404).
 */
import { deviceOf, HttpError, obj, ok, routes, str, type Ctx } from "./kit";
import { photoRoutes } from "./maintenance-photos";
import {
  amount,
  newSchedule,
  programmeInput,
  strings,
  syncProgramme,
  templateInput,
} from "./maintenance-input";
import {
  dailyUse,
  engineHoursAt,
  idOf,
  maint,
  odometerAt,
  own,
  serviceOf,
  type AssetState,
  type MaintState,
  type SimTask,
  type TaskStatus,
} from "./maintenance";

const STATUSES: TaskStatus[] = ["open", "in_progress", "on_hold", "done", "cancelled"];
const ASSET_STATES: AssetState[] = ["in_service", "due_soon", "in_workshop", "out_of_service"];
const mine = <T extends { companyid: number }>(ctx: Ctx, rows: T[]) =>
  rows.filter((r) => r.companyid === ctx.user.companyid);
const view = <T extends { companyid: number }>({ companyid: _c, ...rest }: T) => rest;

function taskPatch(ctx: Ctx, m: MaintState, t: SimTask, b: Record<string, unknown>) {
  if (b.title !== undefined) t.title = str(b.title, "title").trim();
  if (b.status !== undefined) {
    if (!STATUSES.includes(b.status as TaskStatus) || b.status === "done")
      throw new HttpError(400, "status is not valid (complete a task through /completions)");
    t.status = b.status as TaskStatus;
  }
  if (b.imei !== undefined) t.imei = b.imei === null ? null : deviceOf(ctx, b.imei).imei;
  if (b.assignee_id !== undefined) {
    const u = ctx.state.world.users.find(
      (x) => x.username_id === Number(b.assignee_id) && x.companyid === ctx.user.companyid,
    );
    if (b.assignee_id !== null && !u) throw new HttpError(404, "Assignee not found");
    t.assignee_id = u?.username_id ?? null;
  }
  if (b.due_at !== undefined) t.due_at = b.due_at ? new Date(String(b.due_at)).toISOString() : null;
  if (b.due_km !== undefined) t.due_km = amount(b.due_km, "due_km");
  if (b.due_hours !== undefined) t.due_hours = amount(b.due_hours, "due_hours");
  if (b.notes !== undefined) t.notes = String(b.notes ?? "");
  if (b.cost !== undefined) t.cost = amount(b.cost, "cost");
  if (Array.isArray(b.checklist))
    t.checklist = (b.checklist as { text?: unknown; done?: unknown }[])
      .filter((c) => typeof c?.text === "string")
      .map((c) => ({ text: String(c.text), done: c.done === true }));
  // Photos are added by upload (/maintenance/photos); a patch may only leave some out.
  if (Array.isArray(b.photos)) t.photos = t.photos.filter((p) => strings(b.photos).includes(p));
  if (b.schedule_id !== undefined && b.schedule_id !== null) {
    const s = own(ctx, m.schedules, b.schedule_id, "Schedule");
    t.schedule_id = s.id;
    t.template_id = s.template_id;
    t.imei = s.imei;
  }
}

function complete(ctx: Ctx) {
  const m = maint(ctx.state);
  const b = obj(ctx.body);
  const t = own(ctx, m.tasks, b.task_id, "Task");
  if (t.status === "done" || t.status === "cancelled")
    throw new HttpError(409, "The task is already closed");
  const at = b.done_at ? Date.parse(String(b.done_at)) : ctx.now;
  if (!Number.isFinite(at) || at > ctx.now + 60_000)
    throw new HttpError(400, "done_at must be a time that has passed");
  const km = amount(b.odometer_km, "odometer_km");
  const hours = amount(b.engine_hours, "engine_hours");
  const s = t.schedule_id === null ? null : m.schedules.find((x) => x.id === t.schedule_id)!;
  const d = t.imei ? ctx.state.world.devicesByImei.get(t.imei) : undefined;
  const lastKm = Math.max(s?.last_km ?? 0, ...lastReadings(m, t.imei).map((h) => h.odometer_km));
  const lastHours = Math.max(
    s?.last_hours ?? 0,
    ...lastReadings(m, t.imei).map((h) => h.engine_hours),
  );
  const doneKm = km ?? (d ? odometerAt(d, at) : 0);
  const doneHours = hours ?? (d ? engineHoursAt(d, at) : 0);
  if (t.imei && doneKm < lastKm)
    throw new HttpError(400, `The odometer is below the last reading (${lastKm} km)`);
  if (t.imei && doneHours < lastHours)
    throw new HttpError(400, `The engine hours are below the last reading (${lastHours} h)`);
  if (s && at < Date.parse(s.last_done_at))
    throw new HttpError(400, "The service date is before the last service");
  t.status = "done";
  t.completed_at = new Date(at).toISOString();
  t.completed_km = doneKm;
  t.completed_hours = doneHours;
  if (b.cost !== undefined) t.cost = amount(b.cost, "cost");
  if (typeof b.notes === "string" && b.notes.trim()) t.notes = b.notes;
  if (s) Object.assign(s, { last_done_at: t.completed_at, last_km: doneKm, last_hours: doneHours });
  if (t.imei) m.history.push(serviceOf(m, t, t.imei));
  return ok(view(t));
}

const lastReadings = (m: MaintState, imei: string | null) =>
  imei ? m.history.filter((h) => h.imei === imei) : [];

function listTasks(ctx: Ctx) {
  const q = ctx.query;
  let rows = mine(ctx, maint(ctx.state).tasks);
  const status = q.get("status");
  if (status) rows = rows.filter((t) => t.status === status);
  const imei = q.get("imei");
  if (imei) rows = rows.filter((t) => t.imei === imei);
  return ok(rows.map(view));
}

function meters(ctx: Ctx) {
  const imei = ctx.query.get("imei");
  const list = imei
    ? [deviceOf(ctx, imei)]
    : ctx.state.world.devices.filter((d) => d.companyid === ctx.user.companyid);
  return ok(
    list.map((d) => {
      const use = dailyUse(d, ctx.now);
      return {
        imei: d.imei,
        nickname: d.nickname,
        vehicle: !d.sim.stationary,
        at: new Date(ctx.now).toISOString(),
        odometer_km: odometerAt(d, ctx.now),
        engine_hours: engineHoursAt(d, ctx.now),
        daily_km: use.km,
        daily_hours: use.hours,
      };
    }),
  );
}

const M = "/maintenance";
export const maintenanceRoutes = [
  ...photoRoutes,
  ...routes([
    ["GET", `${M}/templates`, (ctx) => ok(mine(ctx, maint(ctx.state).templates).map(view))],
    [
      "POST",
      `${M}/templates`,
      (ctx) => {
        const m = maint(ctx.state);
        const t = { id: ++m.seq, companyid: ctx.user.companyid, ...templateInput(ctx.body) };
        m.templates.push(t);
        return ok(view(t), 201);
      },
    ],
    [
      "PUT",
      `${M}/templates/:id`,
      (ctx) => {
        const t = own(ctx, maint(ctx.state).templates, idOf(ctx), "Template");
        return ok(view(Object.assign(t, templateInput(ctx.body))));
      },
    ],
    ["GET", `${M}/programmes`, (ctx) => ok(mine(ctx, maint(ctx.state).programmes).map(view))],
    [
      "POST",
      `${M}/programmes`,
      (ctx) => {
        const m = maint(ctx.state);
        const p = {
          id: ++m.seq,
          companyid: ctx.user.companyid,
          ...programmeInput(ctx, m, ctx.body),
        };
        m.programmes.push(p);
        syncProgramme(ctx, m, p);
        return ok(view(p), 201);
      },
    ],
    [
      "PUT",
      `${M}/programmes/:id`,
      (ctx) => {
        const m = maint(ctx.state);
        const p = own(ctx, m.programmes, idOf(ctx), "Programme");
        Object.assign(p, programmeInput(ctx, m, ctx.body));
        syncProgramme(ctx, m, p);
        return ok(view(p));
      },
    ],
    [
      "GET",
      `${M}/schedules`,
      (ctx) => {
        const imei = ctx.query.get("imei");
        const rows = mine(ctx, maint(ctx.state).schedules);
        return ok((imei ? rows.filter((s) => s.imei === imei) : rows).map(view));
      },
    ],
    [
      "POST",
      `${M}/schedules`,
      (ctx) => {
        const m = maint(ctx.state);
        const b = obj(ctx.body);
        const t = own(ctx, m.templates, b.template_id, "Template");
        const imei = deviceOf(ctx, b.imei).imei;
        if (m.schedules.some((s) => s.imei === imei && s.template_id === t.id))
          throw new HttpError(409, "The vehicle already has this schedule");
        const s = newSchedule(ctx, m, imei, t.id, null);
        m.schedules.push(s);
        return ok(view(s), 201);
      },
    ],
    ["GET", `${M}/tasks`, listTasks],
    [
      "POST",
      `${M}/tasks`,
      (ctx) => {
        const m = maint(ctx.state);
        const b = obj(ctx.body);
        const t: SimTask = {
          id: ++m.seq,
          companyid: ctx.user.companyid,
          title: str(b.title, "title").trim(),
          imei: null,
          schedule_id: null,
          template_id: null,
          status: "open",
          source: b.source === "schedule" ? "schedule" : "manual",
          assignee_id: null,
          due_at: null,
          due_km: null,
          due_hours: null,
          checklist: [],
          notes: "",
          cost: null,
          photos: [],
          created_at: new Date(ctx.now).toISOString(),
          completed_at: null,
          completed_km: null,
          completed_hours: null,
        };
        taskPatch(ctx, m, t, { ...b, title: undefined, status: undefined });
        if (t.schedule_id !== null && !Array.isArray(b.checklist))
          t.checklist = m.templates
            .find((x) => x.id === t.template_id)!
            .checklist.map((text) => ({ text, done: false }));
        m.tasks.push(t);
        return ok(view(t), 201);
      },
    ],
    [
      "PUT",
      `${M}/tasks/:id`,
      (ctx) => {
        const m = maint(ctx.state);
        const t = own(ctx, m.tasks, idOf(ctx), "Task");
        taskPatch(ctx, m, t, obj(ctx.body));
        return ok(view(t));
      },
    ],
    ["POST", `${M}/completions`, complete],
    [
      "GET",
      `${M}/history`,
      (ctx) => {
        const imei = ctx.query.get("imei");
        const rows = mine(ctx, maint(ctx.state).history);
        return ok((imei ? rows.filter((h) => h.imei === imei) : rows).map(view));
      },
    ],
    ["GET", `${M}/meters`, meters],
    [
      "GET",
      `${M}/people`,
      (ctx) =>
        ok(
          ctx.state.world.users
            .filter((u) => u.companyid === ctx.user.companyid)
            .map((u) => ({ id: u.username_id, name: u.name })),
        ),
    ],
    [
      "GET",
      `${M}/assets`,
      (ctx) => {
        const states = maint(ctx.state).assets;
        return ok(
          ctx.state.world.devices
            .filter((d) => d.companyid === ctx.user.companyid)
            .map((d) => ({ imei: d.imei, state: states[d.imei] ?? "in_service" })),
        );
      },
    ],
    [
      "PUT",
      `${M}/assets/:id`,
      (ctx) => {
        const d = deviceOf(ctx, decodeURIComponent(idOf(ctx)));
        const state = obj(ctx.body).state as AssetState;
        if (!ASSET_STATES.includes(state)) throw new HttpError(400, "state is not valid");
        maint(ctx.state).assets[d.imei] = state;
        return ok({ imei: d.imei, state });
      },
    ],
  ]),
];

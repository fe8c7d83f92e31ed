/**
 * Maintenance data of the simulator: task templates, service programmes (task groups), schedules
 * per vehicle or asset, tasks (work orders), service history and asset states, kept in
 * `state.maintenance` (persisted like the rest of SimState). The demo history is seeded lazily but
 * deterministically from the world (its seed and creation time), so a replayed write sees the same
 * seed as the original one. Meters come from the movement model: the odometer of sampleAt, and
 * engine hours derived from it (decimal hours).
 */
import { DAY_MS } from "./catalog";
import { HttpError, type Ctx, type SimState } from "./kit";
import { deviceDay, odometerAtDayStart, sampleAt } from "./movement";
import { hash } from "./prng";
import type { Device, World } from "./world";

export type TaskStatus = "open" | "in_progress" | "on_hold" | "done" | "cancelled";
export type AssetState = "in_service" | "due_soon" | "in_workshop" | "out_of_service";

export type SimTemplate = {
  id: number;
  companyid: number;
  name: string;
  code: string;
  checklist: string[];
  interval_km: number | null;
  interval_hours: number | null;
  interval_days: number | null;
  interval_months: number | null;
  soon_km: number | null;
  soon_hours: number | null;
  soon_days: number | null;
  rule: "first" | "last";
  estimated_minutes: number | null;
  estimated_cost: number | null;
  parts: string[];
};
export type SimProgramme = {
  id: number;
  companyid: number;
  name: string;
  template_ids: number[];
  imeis: string[];
  group_ids: number[];
};
export type SimSchedule = {
  id: number;
  companyid: number;
  imei: string;
  template_id: number;
  programme_id: number | null;
  last_done_at: string;
  last_km: number;
  last_hours: number;
};
export type SimTask = {
  id: number;
  companyid: number;
  title: string;
  imei: string | null;
  schedule_id: number | null;
  template_id: number | null;
  status: TaskStatus;
  source: "schedule" | "manual";
  assignee_id: number | null;
  due_at: string | null;
  due_km: number | null;
  due_hours: number | null;
  checklist: { text: string; done: boolean }[];
  notes: string;
  cost: number | null;
  photos: string[];
  created_at: string;
  completed_at: string | null;
  completed_km: number | null;
  completed_hours: number | null;
};
export type SimService = {
  id: number;
  companyid: number;
  imei: string;
  task_id: number | null;
  template_id: number | null;
  title: string;
  done_at: string;
  odometer_km: number;
  engine_hours: number;
  cost: number | null;
};
export type MaintState = {
  seq: number;
  templates: SimTemplate[];
  programmes: SimProgramme[];
  schedules: SimSchedule[];
  tasks: SimTask[];
  history: SimService[];
  assets: Record<string, AssetState>;
};

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Engine hours (decimal) at time t: driving time at an average 38 km/h plus 12% idling. */
export function engineHoursAt(d: Device, t: number): number {
  return round1((sampleAt(d, t).odometer / 38) * 1.12);
}
export const odometerAt = (d: Device, t: number) => round1(sampleAt(d, t).odometer);

/** km and hours per day over the last 30 whole days before t, oldest first. */
export function dailyUse(d: Device, t: number): { km: number[]; hours: number[] } {
  const today = deviceDay(d, t);
  const km: number[] = [];
  for (let k = today - 30; k < today; k++)
    km.push(d.sim.stationary ? 0 : round1(odometerAtDayStart(d, k + 1) - odometerAtDayStart(d, k)));
  return { km, hours: km.map((x) => round1((x / 38) * 1.12)) };
}

const iso = (t: number) => new Date(t).toISOString();

type SeedTemplate = Omit<SimTemplate, "id" | "companyid">;
const T = (
  name: string,
  code: string,
  iv: Partial<SeedTemplate>,
  checklist: string[],
  parts: string[],
): SeedTemplate => ({
  name,
  code,
  checklist,
  parts,
  interval_km: null,
  interval_hours: null,
  interval_days: null,
  interval_months: null,
  soon_km: null,
  soon_hours: null,
  soon_days: null,
  rule: "first",
  estimated_minutes: 60,
  estimated_cost: 150,
  ...iv,
});

const DEMO_TEMPLATES: SeedTemplate[] = [
  T(
    "Engine oil and filter",
    "045-003-001",
    { interval_km: 5000, soon_km: 500, interval_months: 6, soon_days: 14, estimated_cost: 180 },
    ["Drain engine oil", "Replace oil filter", "Refill 6.5 L 10W-40", "Reset service reminder"],
    ["Oil filter", "Engine oil 10W-40 (6.5 L)"],
  ),
  T(
    "Tyre rotation",
    "017-001-002",
    { interval_km: 10000, soon_km: 1000, estimated_minutes: 45, estimated_cost: 90 },
    ["Rotate front to back", "Check pressures", "Check tread depth"],
    [],
  ),
  T(
    "Brake inspection",
    "013-001-000",
    { interval_km: 20000, soon_km: 1500, interval_days: 180, soon_days: 21, estimated_cost: 120 },
    ["Measure pad thickness", "Inspect discs", "Check brake fluid"],
    ["Brake fluid DOT 4"],
  ),
  T(
    "Annual safety inspection",
    "000-000-001",
    { interval_months: 12, soon_days: 30, estimated_minutes: 90, estimated_cost: 250 },
    ["Lights and indicators", "Seat belts", "Wipers", "Windscreen", "Horn"],
    [],
  ),
  T(
    "Engine hours service",
    "045-000-010",
    { interval_hours: 250, soon_hours: 25, rule: "first", estimated_cost: 220 },
    ["Air filter", "Fuel filter", "Belts and hoses"],
    ["Air filter", "Fuel filter"],
  ),
];

/** How far through its interval each seeded schedule is: some overdue, some due soon, most ok. */
function seededFraction(code: number, i: number): number {
  if (i % 7 === 3) return 1.06;
  if (i % 5 === 1) return 0.95;
  return 0.1 + ((hash(code, i) % 1000) / 1000) * 0.7;
}

function seedCompany(m: MaintState, world: World, companyid: number, size: number) {
  const t0 = world.createdAt;
  const next = () => ++m.seq;
  const templates = DEMO_TEMPLATES.slice(0, size).map((t) => ({ ...t, id: next(), companyid }));
  m.templates.push(...templates);
  const vehicles = world.devices
    .filter((d) => d.companyid === companyid && !d.sim.stationary)
    .slice(0, size === 1 ? 1 : 14);
  const programme: SimProgramme = {
    id: next(),
    companyid,
    name: size === 1 ? "Basic service" : "Light commercial programme",
    template_ids: templates.slice(0, 4).map((t) => t.id),
    imeis: vehicles.map((v) => v.imei),
    group_ids: [],
  };
  m.programmes.push(programme);
  const users = world.users.filter((u) => u.companyid === companyid);
  let i = 0;
  for (const d of vehicles) {
    const km = odometerAt(d, t0);
    const hours = engineHoursAt(d, t0);
    for (const t of templates.slice(0, 4)) {
      const f = seededFraction(d.sim.code, i++);
      const days = t.interval_days ?? (t.interval_months ? t.interval_months * 30 : 365);
      const lastKm = Math.max(0, round1(km - f * (t.interval_km ?? days * 120)));
      const lastAt = t0 - Math.round(f * days) * DAY_MS;
      const s: SimSchedule = {
        id: next(),
        companyid,
        imei: d.imei,
        template_id: t.id,
        programme_id: programme.id,
        last_done_at: iso(lastAt),
        last_km: lastKm,
        last_hours: round1(Math.min(hours, (lastKm / 38) * 1.12)),
      };
      m.schedules.push(s);
      const task = seedTask(
        m,
        s,
        t,
        f >= 0.9 ? "open" : "done",
        users[i % users.length]?.username_id,
      );
      if (task.status === "done") {
        task.completed_at = s.last_done_at;
        task.completed_km = s.last_km;
        task.completed_hours = s.last_hours;
        task.checklist = task.checklist.map((c) => ({ ...c, done: true }));
        m.history.push(serviceOf(m, task, d.imei));
      } else if (i % 3 === 0) task.status = "in_progress";
    }
    if (i % 9 === 4) m.assets[d.imei] = "in_workshop";
  }
  if (vehicles.length > 5) m.assets[vehicles[5]!.imei] = "out_of_service";
}

function seedTask(
  m: MaintState,
  s: SimSchedule,
  t: SimTemplate,
  status: TaskStatus,
  assignee: number | undefined,
): SimTask {
  const task: SimTask = {
    id: ++m.seq,
    companyid: s.companyid,
    title: t.name,
    imei: s.imei,
    schedule_id: s.id,
    template_id: t.id,
    status,
    source: "schedule",
    assignee_id: assignee ?? null,
    due_at: null,
    due_km: t.interval_km === null ? null : round1(s.last_km + t.interval_km),
    due_hours: null,
    checklist: t.checklist.map((text) => ({ text, done: false })),
    notes: "",
    cost: status === "done" ? t.estimated_cost : null,
    photos: [],
    created_at: s.last_done_at,
    completed_at: null,
    completed_km: null,
    completed_hours: null,
  };
  m.tasks.push(task);
  return task;
}

export function serviceOf(m: MaintState, task: SimTask, imei: string): SimService {
  return {
    id: ++m.seq,
    companyid: task.companyid,
    imei,
    task_id: task.id,
    template_id: task.template_id,
    title: task.title,
    done_at: task.completed_at!,
    odometer_km: task.completed_km ?? 0,
    engine_hours: task.completed_hours ?? 0,
    cost: task.cost,
  };
}

/** The maintenance state, seeded on first use (the same seed whenever that happens). */
export function maint(state: SimState): MaintState {
  if (state.maintenance) return state.maintenance;
  const m: MaintState = {
    seq: 1000,
    templates: [],
    programmes: [],
    schedules: [],
    tasks: [],
    history: [],
    assets: {},
  };
  seedCompany(m, state.world, 1, 5);
  seedCompany(m, state.world, 2, 1);
  state.maintenance = m;
  return m;
}

/** A row of the caller's company by id; a foreign or unknown id is 404 either way. */
export function own<T extends { id: number; companyid: number }>(
  ctx: Ctx,
  rows: T[],
  id: unknown,
  what: string,
): T {
  const row = rows.find((r) => r.id === Number(id) && r.companyid === ctx.user.companyid);
  if (!row) throw new HttpError(404, `${what} not found`);
  return row;
}

/** The id at the end of a `/:id` path. */
export const idOf = (ctx: Ctx) => ctx.path.slice(ctx.path.lastIndexOf("/") + 1);

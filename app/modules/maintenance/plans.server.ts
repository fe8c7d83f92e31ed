/**
 * Schedules as plans (next due, status, forecast) and the tasks around them, for the pages and
 * the due-soon job. Everything is fetched with the session company's token (maintenance.server.ts).
 */
import type { ModuleContext } from "~/services/guard.server";
import type { Upstream } from "~/services/upstream/client.server";
import { notFoundOr, up } from "./maintenance.server";
import { schedulePlan, type DueStatus, type Interval } from "./next-due";
import {
  createTask,
  listHistory,
  listMeters,
  listPeople,
  listSchedules,
  listTasks,
  listTemplates,
  type Meter,
  type Schedule,
  type Task,
  type Template,
} from "./upstream.server";

export function intervalOf(t: Template): Interval {
  return {
    km: t.interval_km,
    hours: t.interval_hours,
    days: t.interval_days,
    months: t.interval_months,
    soonKm: t.soon_km,
    soonHours: t.soon_hours,
    soonDays: t.soon_days,
    rule: t.rule,
  };
}

export type Plan = {
  scheduleId: number;
  imei: string;
  vehicle: string;
  templateId: number;
  template: string;
  code: string;
  last: { at: string; km: number; hours: number };
  due: { at: string | null; km: number | null; hours: number | null };
  status: DueStatus;
  forecast: { at: string | null; earliest: string | null; latest: string | null };
  meter: { km: number; hours: number };
};

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

export function planOf(s: Schedule, t: Template, m: Meter): Plan {
  const now = { at: Date.parse(m.at), km: m.odometer_km, hours: m.engine_hours };
  const last = { at: Date.parse(s.last_done_at), km: s.last_km, hours: s.last_hours };
  const p = schedulePlan(intervalOf(t), last, now, { km: m.daily_km, hours: m.daily_hours });
  return {
    scheduleId: s.id,
    imei: s.imei,
    vehicle: m.nickname,
    templateId: t.id,
    template: t.name,
    code: t.code,
    last: { at: s.last_done_at, km: s.last_km, hours: s.last_hours },
    due: { at: iso(p.due.at), km: p.due.km, hours: p.due.hours },
    status: p.status,
    forecast: {
      at: iso(p.forecast.at),
      earliest: iso(p.forecast.earliest),
      latest: iso(p.forecast.latest),
    },
    meter: { km: m.odometer_km, hours: m.engine_hours },
  };
}

/** Every schedule of the company (or of one vehicle) as a plan; `known` meters save a fetch. */
export async function plansFor(u: Upstream, imei?: string, known?: Meter[]): Promise<Plan[]> {
  const [meters, schedules, templates] = await Promise.all([
    known ? known.filter((m) => !imei || m.imei === imei) : listMeters(u, imei),
    listSchedules(u, imei),
    listTemplates(u),
  ]);
  const byImei = new Map(meters.map((m) => [m.imei, m]));
  const byId = new Map(templates.map((t) => [t.id, t]));
  return schedules.flatMap((s) => {
    const m = byImei.get(s.imei);
    const t = byId.get(s.template_id);
    return m && t ? [planOf(s, t, m)] : [];
  });
}

/** The vehicle-maintenance page: vehicles, and one vehicle's plans and service history. */
export async function vehicleMaintenance(ctx: ModuleContext, imei: string | null) {
  const u = up(ctx);
  try {
    const meters = await listMeters(u);
    const chosen = imei ?? meters.find((m) => m.vehicle)?.imei ?? null;
    if (chosen !== null && !meters.some((m) => m.imei === chosen))
      throw new Response("Not found", { status: 404 });
    const [plans, history] = chosen
      ? await Promise.all([plansFor(u, chosen, meters), listHistory(u, chosen)])
      : [[], []];
    return {
      vehicles: meters.map((m) => ({ imei: m.imei, nickname: m.nickname })),
      imei: chosen,
      meter: meters.find((m) => m.imei === chosen) ?? null,
      plans,
      history: history.sort((a, b) => b.done_at.localeCompare(a.done_at)),
    };
  } catch (e) {
    if (e instanceof Response) throw e;
    return notFoundOr(e);
  }
}

const OPEN = new Set<Task["status"]>(["open", "in_progress", "on_hold"]);

/**
 * Creates a work order for every schedule that is due soon or overdue and has no open task yet;
 * returns the new tasks. Safe to run again: a schedule with an open task is skipped.
 */
export async function createDueTasks(u: Upstream): Promise<Task[]> {
  return (await dueRound(u)).made;
}

/** createDueTasks, also answering the plans and every task (the new ones included). */
export async function dueRound(
  u: Upstream,
): Promise<{ made: Task[]; plans: Plan[]; tasks: Task[] }> {
  const [plans, tasks] = await Promise.all([plansFor(u), listTasks(u)]);
  const covered = new Set(
    tasks.filter((t) => OPEN.has(t.status) && t.schedule_id !== null).map((t) => t.schedule_id),
  );
  const made: Task[] = [];
  for (const p of plans) {
    if (p.status === "ok" || covered.has(p.scheduleId)) continue;
    made.push(
      await createTask(u, {
        title: p.template,
        schedule_id: p.scheduleId,
        source: "schedule",
        due_at: p.due.at,
        due_km: p.due.km,
        due_hours: p.due.hours,
      }),
    );
    covered.add(p.scheduleId);
  }
  return { made, plans, tasks: [...tasks, ...made] };
}

export const people = (ctx: ModuleContext) => listPeople(up(ctx));

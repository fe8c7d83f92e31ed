/** Work orders: the tasks page's list, filters, search, creation, status changes and completion. */
import type { z } from "zod";
import { inReaderUnits, kmFromInput } from "~/lib/units";
import { dayKey, zonedLocalToUtc } from "~/lib/zoned-days";
import { isoDay } from "~/lib/zoned-time";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";
import { attempt, notFoundOr, up } from "./maintenance.server";
import type { CompletionSchema, EditTaskForm, TaskSchema } from "./schemas";
import {
  completeTask,
  createTask,
  deleteTaskPhoto,
  listMeters,
  listPeople,
  listTasks,
  TASK_STATUSES,
  updateTask,
  type TaskStatus,
} from "./upstream.server";

export type TaskFilters = { status: TaskStatus | null; imei: string | null; q: string };

export function taskFilters(url: URL): TaskFilters {
  const status = url.searchParams.get("status");
  return {
    status: TASK_STATUSES.includes(status as TaskStatus) ? (status as TaskStatus) : null,
    imei: url.searchParams.get("imei") || null,
    q: (url.searchParams.get("q") ?? "").trim().slice(0, 100),
  };
}

/** The company's tasks as the pages show them, with vehicle and assignee names. */
export async function taskRows(ctx: ModuleContext, f: Partial<TaskFilters> = {}) {
  const u = up(ctx);
  try {
    const [tasks, meters, people] = await Promise.all([
      listTasks(u, { status: f.status ?? undefined, imei: f.imei ?? undefined }),
      listMeters(u),
      listPeople(u),
    ]);
    const vehicle = new Map(meters.map((m) => [m.imei, m]));
    // A vehicle filter names one of the company's own vehicles; anyone else's is a 404.
    if (f.imei && !vehicle.has(f.imei)) throw new Response("Not found", { status: 404 });
    const person = new Map(people.map((p) => [p.id, p.name]));
    const q = (f.q ?? "").toLowerCase();
    const rows = tasks
      .map((t) => ({
        ...t,
        vehicle: t.imei ? (vehicle.get(t.imei)?.nickname ?? t.imei) : null,
        assignee: t.assignee_id === null ? null : (person.get(t.assignee_id) ?? null),
      }))
      .filter(
        (t) =>
          !q ||
          [t.title, t.notes, t.vehicle ?? "", t.assignee ?? ""].some((s) =>
            s.toLowerCase().includes(q),
          ),
      )
      .sort((a, b) => b.id - a.id);
    return {
      rows,
      vehicles: meters.map((m) => ({ imei: m.imei, nickname: m.nickname })),
      meters: new Map(meters.map((m) => [m.imei, m])),
      meterList: meters,
      people,
    };
  } catch (e) {
    return notFoundOr(e);
  }
}

export function addTask(ctx: ModuleContext, v: z.infer<typeof TaskSchema>) {
  return attempt(
    createTask(up(ctx), {
      title: v.title,
      imei: v.imei || null,
      assignee_id: v.assignee_id ?? null,
      due_at: v.due_at ? new Date(v.due_at).toISOString() : null,
      notes: v.notes ?? "",
    }),
  );
}

export function moveTask(ctx: ModuleContext, id: number, status: Exclude<TaskStatus, "done">) {
  return attempt(updateTask(up(ctx), id, { status }));
}

/**
 * A date (YYYY-MM-DD) as the moment of a service. Today (the form's default) is left to the
 * service, which stamps its own "now": ours may run ahead of its clock, and it refuses a time that
 * has not passed. Another day is its noon in the company's zone, so it reads as that day there.
 */
export function serviceTime(date: string, now = Date.now(), timeZone = "UTC"): string | undefined {
  if (date === dayKey(now, timeZone)) return undefined;
  return new Date(zonedLocalToUtc(`${isoDay(date)}T12:00`, timeZone)).toISOString();
}

/**
 * Completes a task with the meter reading at the service time. The upstream refuses a meter below
 * the last reading or a date before the last service; its message goes beside the field it is about.
 */
export async function finishTask(ctx: ModuleContext, v: z.infer<typeof CompletionSchema>) {
  const r = await attempt(
    completeTask(up(ctx), {
      task_id: v.task_id,
      done_at: serviceTime(v.done_at, Date.now(), await companyTimeZone(ctx.auth)),
      odometer_km: v.odometer_km === undefined ? null : kmFromInput(v.odometer_km, v.measurement),
      engine_hours: v.engine_hours ?? null,
      cost: v.cost ?? null,
      notes: v.notes,
    }),
  );
  if (r.ok) return r;
  // The upstream words its refusal in km ("below the last reading (1,234 km)"): the reader's unit.
  const message = inReaderUnits(r.message, v.measurement);
  const field = /odometer/i.test(r.message)
    ? "odometer_km"
    : /engine hours/i.test(r.message)
      ? "engine_hours"
      : /date|time/i.test(r.message)
        ? "done_at"
        : "";
  return { ok: false as const, message, field };
}

/** The checklist an edit leaves: emptied items and the removed one dropped, the new one added. */
export function editedChecklist(v: EditTaskForm): { text: string; done: boolean }[] {
  const items = v.checklist
    .map((c, i) => ({ text: c.text ?? "", done: c.done, i }))
    .filter((c) => c.text && c.i !== v.remove_item)
    .map(({ text, done }) => ({ text, done }));
  return v.new_item ? [...items, { text: v.new_item, done: false }] : items;
}

/** Saves an edited task; an assignee who is not one of the company's people is a 404. */
export async function editTask(ctx: ModuleContext, v: EditTaskForm) {
  const u = up(ctx);
  if (v.assignee_id !== undefined && !(await listPeople(u)).some((p) => p.id === v.assignee_id))
    throw new Response("Not found", { status: 404 });
  return attempt(
    updateTask(u, v.task_id, {
      assignee_id: v.assignee_id ?? null,
      due_at: v.due_at ? new Date(v.due_at).toISOString() : null,
      ...(v.status ? { status: v.status } : {}),
      notes: v.notes ?? "",
      cost: v.cost ?? null,
      checklist: editedChecklist(v),
    }),
  );
}

/** One of the company's tasks by its id in the address (else 404). */
export async function companyTask(ctx: ModuleContext, raw: string | null) {
  if (raw === null || !/^\d{1,12}$/.test(raw)) throw new Response("Not found", { status: 404 });
  const t = (await listTasks(up(ctx)).catch(notFoundOr)).find((x) => x.id === Number(raw));
  if (!t) throw new Response("Not found", { status: 404 });
  return t;
}

export async function removePhoto(ctx: ModuleContext, taskId: number, photo: string) {
  const t = await companyTask(ctx, String(taskId));
  if (!t.photos.includes(photo)) throw new Response("Not found", { status: 404 });
  return attempt(deleteTaskPhoto(up(ctx), t.id, photo));
}

/**
 * Maintenance calls (designed; the simulator serves them in server/sim/api-maintenance.ts): task
 * templates, service programmes (task groups), schedules, tasks (work orders), completions,
 * service history, meter readings and asset states. Every call acts for the token's company; an id
 * of another company answers 404. Engine hours are decimal hours everywhere.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";
import { getStream, postStream } from "~/services/upstream/streams.server";

const num = z.number().finite();
const nn = num.nonnegative().nullable();

export const templateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  checklist: z.array(z.string()),
  interval_km: nn,
  interval_hours: nn,
  interval_days: nn,
  interval_months: nn,
  soon_km: nn,
  soon_hours: nn,
  soon_days: nn,
  rule: z.enum(["first", "last"]),
  estimated_minutes: nn,
  estimated_cost: nn,
  parts: z.array(z.string()),
});
export type Template = z.infer<typeof templateSchema>;
export type TemplateInput = Omit<Template, "id">;

export const programmeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  template_ids: z.array(z.number().int()),
  imeis: z.array(z.string()),
  group_ids: z.array(z.number().int()),
});
export type Programme = z.infer<typeof programmeSchema>;
export type ProgrammeInput = Omit<Programme, "id">;

export const scheduleSchema = z.object({
  id: z.number().int(),
  imei: z.string(),
  template_id: z.number().int(),
  programme_id: z.number().int().nullable(),
  last_done_at: z.string(),
  last_km: num.nonnegative(),
  last_hours: num.nonnegative(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const TASK_STATUSES = ["open", "in_progress", "on_hold", "done", "cancelled"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const taskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  imei: z.string().nullable(),
  schedule_id: z.number().int().nullable(),
  template_id: z.number().int().nullable(),
  status: z.enum(TASK_STATUSES),
  source: z.enum(["schedule", "manual"]),
  assignee_id: z.number().int().nullable(),
  due_at: z.string().nullable(),
  due_km: nn,
  due_hours: nn,
  checklist: z.array(z.object({ text: z.string(), done: z.boolean() })),
  notes: z.string(),
  cost: nn,
  photos: z.array(z.string()),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  completed_km: nn,
  completed_hours: nn,
});
export type Task = z.infer<typeof taskSchema>;
export type TaskPatch = Partial<
  Pick<
    Task,
    | "title"
    | "imei"
    | "assignee_id"
    | "due_at"
    | "due_km"
    | "due_hours"
    | "notes"
    | "cost"
    | "checklist"
    | "schedule_id"
    | "photos"
  >
> & { status?: Exclude<TaskStatus, "done">; source?: Task["source"] };

export const serviceSchema = z.object({
  id: z.number().int(),
  imei: z.string(),
  task_id: z.number().int().nullable(),
  template_id: z.number().int().nullable(),
  title: z.string(),
  done_at: z.string(),
  odometer_km: num.nonnegative(),
  engine_hours: num.nonnegative(),
  cost: nn,
});
export type Service = z.infer<typeof serviceSchema>;

export const meterSchema = z.object({
  imei: z.string(),
  nickname: z.string(),
  vehicle: z.boolean(),
  at: z.string(),
  odometer_km: num.nonnegative(),
  engine_hours: num.nonnegative(),
  daily_km: z.array(num.nonnegative()),
  daily_hours: z.array(num.nonnegative()),
});
export type Meter = z.infer<typeof meterSchema>;

export const ASSET_STATES = ["in_service", "due_soon", "in_workshop", "out_of_service"] as const;
export type AssetState = (typeof ASSET_STATES)[number];
export const assetSchema = z.object({ imei: z.string(), state: z.enum(ASSET_STATES) });

export type Completion = {
  task_id: number;
  done_at?: string;
  odometer_km?: number | null;
  engine_hours?: number | null;
  cost?: number | null;
  notes?: string;
};

const M = "/maintenance";
const get = async <S extends z.ZodTypeAny>(
  up: Upstream,
  path: string,
  schema: S,
  query?: Record<string, string | undefined>,
): Promise<z.output<S>> =>
  (await up.request({ method: "GET", path: `${M}${path}`, schema, query, idempotent: true })).data;
const send = async <S extends z.ZodTypeAny>(
  up: Upstream,
  method: "POST" | "PUT",
  path: string,
  body: unknown,
  schema: S,
): Promise<z.output<S>> => (await up.request({ method, path: `${M}${path}`, body, schema })).data;

export const listTemplates = (up: Upstream) => get(up, "/templates", z.array(templateSchema));
export const createTemplate = (up: Upstream, t: TemplateInput) =>
  send(up, "POST", "/templates", t, templateSchema);
export const updateTemplate = (up: Upstream, id: number, t: TemplateInput) =>
  send(up, "PUT", `/templates/${id}`, t, templateSchema);

export const listProgrammes = (up: Upstream) => get(up, "/programmes", z.array(programmeSchema));
export const createProgramme = (up: Upstream, p: ProgrammeInput) =>
  send(up, "POST", "/programmes", p, programmeSchema);
export const updateProgramme = (up: Upstream, id: number, p: ProgrammeInput) =>
  send(up, "PUT", `/programmes/${id}`, p, programmeSchema);

export const listSchedules = (up: Upstream, imei?: string) =>
  get(up, "/schedules", z.array(scheduleSchema), { imei });
export const createSchedule = (up: Upstream, imei: string, template_id: number) =>
  send(up, "POST", "/schedules", { imei, template_id }, scheduleSchema);

export const listTasks = (up: Upstream, q: { status?: TaskStatus; imei?: string } = {}) =>
  get(up, "/tasks", z.array(taskSchema), q);
export const createTask = (up: Upstream, t: TaskPatch & { title: string }) =>
  send(up, "POST", "/tasks", t, taskSchema);
export const updateTask = (up: Upstream, id: number, t: TaskPatch) =>
  send(up, "PUT", `/tasks/${id}`, t, taskSchema);
export const completeTask = (up: Upstream, c: Completion) =>
  send(up, "POST", "/completions", c, taskSchema);

export const listHistory = (up: Upstream, imei?: string) =>
  get(up, "/history", z.array(serviceSchema), { imei });
export const listMeters = (up: Upstream, imei?: string) =>
  get(up, "/meters", z.array(meterSchema), { imei });
export const listAssetStates = (up: Upstream) => get(up, "/assets", z.array(assetSchema));
export const setAssetState = (up: Upstream, imei: string, state: AssetState) =>
  send(up, "PUT", `/assets/${encodeURIComponent(imei)}`, { state }, assetSchema);

/** The company's people, who tasks can be assigned to. */
export const listPeople = (up: Upstream) =>
  get(up, "/people", z.array(z.object({ id: z.number().int(), name: z.string() })));

/** The image types a task photo may be (the upstream refuses others). */
export const PHOTO_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/**
 * POST /maintenance/photos?task_id&content_type with the image's bytes as a stream: the task with
 * the new photo's id (`<hex>.<ext>`) at the end of its photos. Not retried: the bytes are gone once sent.
 */
export const uploadTaskPhoto = async (
  up: Upstream,
  taskId: number,
  type: PhotoType,
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
) =>
  taskSchema.parse(
    await postStream(
      up,
      `${M}/photos`,
      { task_id: String(taskId), content_type: type },
      body,
      signal,
    ),
  );
/** GET /maintenance/photos/content?task_id&photo: the image as the upstream streams it. */
export const taskPhoto = (up: Upstream, taskId: number, photo: string) =>
  getStream(up, `${M}/photos/content`, { task_id: String(taskId), photo });
/** DELETE /maintenance/photos?task_id&photo: the task without the photo. */
export const deleteTaskPhoto = async (up: Upstream, taskId: number, photo: string) =>
  (
    await up.request({
      method: "DELETE",
      path: `${M}/photos`,
      query: { task_id: String(taskId), photo },
      schema: taskSchema,
    })
  ).data;

/** Contract test of the maintenance calls: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { rejection } from "../../../tests/support/contract";
import { useContractSimulator } from "../../../tests/support/contract";
import {
  completeTask,
  createProgramme,
  createTask,
  createTemplate,
  deleteTaskPhoto,
  listAssetStates,
  listHistory,
  listMeters,
  listPeople,
  listProgrammes,
  listSchedules,
  listTasks,
  listTemplates,
  setAssetState,
  taskPhoto,
  updateTask,
  uploadTaskPhoto,
  updateTemplate,
  type TemplateInput,
} from "./upstream.server";

const up = useContractSimulator();
const admin = () => up.signIn("admin", "admin123");
const other = () => up.signIn("other", "other123");

const input: TemplateInput = {
  name: "Coolant flush",
  code: "042-001-000",
  checklist: ["Drain", "Refill"],
  interval_km: 40000,
  interval_hours: null,
  interval_days: null,
  interval_months: 24,
  soon_km: 2000,
  soon_hours: null,
  soon_days: 30,
  rule: "first",
  estimated_minutes: 60,
  estimated_cost: 140,
  parts: ["Coolant 10 L"],
};

describe("maintenance contract", () => {
  it("seeds the demo company with templates, a programme, schedules, tasks and history", async () => {
    const a = await admin();
    const templates = await listTemplates(a);
    expect(templates.map((t) => t.name)).toContain("Engine oil and filter");
    const [programme] = await listProgrammes(a);
    expect(programme!.template_ids.length).toBe(4);
    const schedules = await listSchedules(a);
    expect(schedules.length).toBe(programme!.imeis.length * 4);
    const tasks = await listTasks(a);
    const statuses = new Set(tasks.map((t) => t.status));
    expect(statuses).toEqual(new Set(["open", "in_progress", "done"]));
    const history = await listHistory(a);
    expect(history.length).toBe(tasks.filter((t) => t.status === "done").length);
    const meters = await listMeters(a, programme!.imeis[0]);
    expect(meters[0]!.odometer_km).toBeGreaterThan(0);
    expect(meters[0]!.engine_hours).toBeGreaterThan(0);
    expect(meters[0]!.daily_km).toHaveLength(30);
  });

  it("creates and updates a template, refusing invalid intervals", async () => {
    const a = await admin();
    const t = await createTemplate(a, input);
    expect(t).toMatchObject({ ...input, id: expect.any(Number) });
    const u = await updateTemplate(a, t.id, { ...input, name: "Coolant service" });
    expect(u.name).toBe("Coolant service");
    const none = { ...input, interval_km: null, interval_months: null };
    expect((await rejection(createTemplate(a, none))).status).toBe(400);
    expect((await rejection(createTemplate(a, { ...input, interval_km: -5 }))).status).toBe(400);
    expect((await rejection(createTemplate(a, { ...input, soon_km: 50_000 }))).status).toBe(400);
  });

  it("applies a programme: every covered vehicle gets every template's schedule", async () => {
    const a = await admin();
    const meters = await listMeters(a);
    const spare = meters.filter((m) => m.vehicle).at(-1)!.imei;
    const t = await createTemplate(a, { ...input, name: "Programme template" });
    const p = await createProgramme(a, {
      name: "Trial",
      template_ids: [t.id],
      imeis: [spare],
      group_ids: [],
    });
    const s = await listSchedules(a, spare);
    expect(s.filter((x) => x.template_id === t.id && x.programme_id === p.id)).toHaveLength(1);
  });

  it("completes a task with a back-dated meter and refuses a meter below the last one", async () => {
    const a = await admin();
    const [s] = await listSchedules(a);
    const task = await createTask(a, { title: "Oil", schedule_id: s!.id });
    expect(task.imei).toBe(s!.imei);
    expect(task.checklist.length).toBeGreaterThan(0);
    const low = await rejection(
      completeTask(a, { task_id: task.id, odometer_km: s!.last_km - 1, engine_hours: null }),
    );
    expect(low.status).toBe(400);
    expect(low.message).toMatch(/below the last reading/);
    const at = new Date(Date.now() - 3600_000).toISOString();
    const done = await completeTask(a, {
      task_id: task.id,
      done_at: at,
      odometer_km: s!.last_km + 10,
    });
    expect(done).toMatchObject({ status: "done", completed_at: at, completed_km: s!.last_km + 10 });
    const after = (await listSchedules(a, s!.imei)).find((x) => x.id === s!.id)!;
    expect(after).toMatchObject({ last_done_at: at, last_km: s!.last_km + 10 });
    expect((await listHistory(a, s!.imei)).some((h) => h.task_id === task.id)).toBe(true);
  });

  it("moves tasks and assets between states", async () => {
    const a = await admin();
    const [t] = await listTasks(a, { status: "open" });
    expect((await updateTask(a, t!.id, { status: "on_hold" })).status).toBe("on_hold");
    const [asset] = await listAssetStates(a);
    expect(await setAssetState(a, asset!.imei, "in_workshop")).toEqual({
      imei: asset!.imei,
      state: "in_workshop",
    });
  });

  it("edits a task: assignee, due, status, checklist, notes and cost", async () => {
    const a = await admin();
    const [t] = await listTasks(a, { status: "open" });
    const people = await listPeople(a);
    const u = await updateTask(a, t!.id, {
      assignee_id: people[0]!.id,
      due_at: "2026-12-01T00:00:00.000Z",
      status: "in_progress",
      checklist: [
        { text: "Check", done: true },
        { text: "Added", done: false },
      ],
      notes: "Parts ordered",
      cost: 120.5,
    });
    expect(u).toMatchObject({
      assignee_id: people[0]!.id,
      due_at: "2026-12-01T00:00:00.000Z",
      status: "in_progress",
      checklist: [
        { text: "Check", done: true },
        { text: "Added", done: false },
      ],
      notes: "Parts ordered",
      cost: 120.5,
    });
    expect((await rejection(updateTask(a, t!.id, { cost: -1 }))).status).toBe(400);
    const foreignPerson = (await listPeople(await other()))[0]!.id;
    expect((await rejection(updateTask(a, t!.id, { assignee_id: foreignPerson }))).status).toBe(
      404,
    );
  });

  it("stores task photos as streams: upload, read back, delete; images only; foreign ids 404", async () => {
    const a = await admin();
    const [t] = await listTasks(a, { status: "open" });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const body = () => new Blob([bytes]).stream();
    const saved = await uploadTaskPhoto(a, t!.id, "image/png", body());
    const photo = saved.photos.at(-1)!;
    expect(photo).toMatch(/^[0-9a-f]{32}\.png$/);
    const res = await taskPhoto(a, t!.id, photo);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    const notImage = await rejection(uploadTaskPhoto(a, t!.id, "text/html" as "image/png", body()));
    expect(notImage.status).toBe(400);
    // A patch may leave a photo out, never add one that was not uploaded.
    expect((await updateTask(a, t!.id, { photos: [...saved.photos, "x.png"] })).photos).toEqual(
      saved.photos,
    );
    const o = await other();
    const [foreign] = await listTasks(o);
    expect((await rejection(uploadTaskPhoto(a, foreign!.id, "image/png", body()))).status).toBe(
      404,
    );
    expect((await rejection(taskPhoto(o, t!.id, photo))).status).toBe(404);
    expect((await rejection(deleteTaskPhoto(o, t!.id, photo))).status).toBe(404);
    expect((await deleteTaskPhoto(a, t!.id, photo)).photos).not.toContain(photo);
    expect((await rejection(taskPhoto(a, t!.id, photo))).status).toBe(404);
  });

  it("is tenant-isolated: another company's ids are 404", async () => {
    const a = await admin();
    const o = await other();
    const [foreignTask] = await listTasks(o);
    const [foreignTemplate] = await listTemplates(o);
    expect((await listTemplates(o)).map((t) => t.id)).not.toContain(
      (await listTemplates(a))[0]!.id,
    );
    expect((await rejection(updateTask(a, foreignTask!.id, { notes: "x" }))).status).toBe(404);
    expect((await rejection(updateTemplate(a, foreignTemplate!.id, input))).status).toBe(404);
    expect((await rejection(completeTask(a, { task_id: foreignTask!.id }))).status).toBe(404);
    const foreignImei = (await listMeters(o))[0]!.imei;
    expect((await rejection(listMeters(a, foreignImei))).status).toBe(404);
    expect((await rejection(setAssetState(a, foreignImei, "in_service"))).status).toBe(404);
  });
});

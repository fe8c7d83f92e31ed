/**
 * Editing a maintenance task after it was made (issue 21): assignee, due date, status, checklist
 * (tick, add, remove), notes and cost through the tasks page's `update` intent, and photos (an
 * upload route with a size limit and an image-only allow-list checked on the server, a photo
 * route, the `remove-photo` intent); messages beside their field, manage permission, tenant 404s.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import { action as tasksAction, loader as tasksLoader } from "~/routes/dashboard.tasks";
import { action as uploadAction } from "~/routes/dashboard.tasks_.$id.photos";
import { loader as photoRoute } from "~/routes/dashboard.tasks_.$id.photos.$photo";
import { listPeople, listTasks, type Task } from "~/modules/maintenance/upstream.server";
import { upstream } from "~/services/api.server";
import { useTestDatabase } from "../support/db";
import { APP, call, cookieFrom, formPost, get, toastOf } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";

const K = "/dashboard/tasks";

const cookies: Record<string, string> = {};
const signIn = async (username: string, password: string) =>
  cookieFrom(await call(loginAction, formPost("/login", { username, password })));
const as = async (username: string, password: string) =>
  upstream((await upstreamAuth(username, password)).token);
const taskOf = async (id: number): Promise<Task> =>
  (await listTasks(await as("admin", "admin123"))).find((t) => t.id === id)!;

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  cookies.admin = await signIn("admin", "admin123");
  cookies.driver = await signIn("driver", "driver123");
});

const update = (fields: Record<string, string>, cookie = cookies.admin!) =>
  call(tasksAction, formPost(K, { intent: "update", ...fields }, { cookie }));

describe("editing a task", () => {
  it("saves assignee, due, status, notes, cost and the checklist (tick, add, remove)", async () => {
    const [t] = await listTasks(await as("admin", "admin123"), { status: "open" });
    const [person] = await listPeople(await as("admin", "admin123"));
    const page = await (await call(tasksLoader, get(`${K}?edit=${t!.id}`, cookies.admin))).json();
    expect(page.editing.task.id).toBe(t!.id);
    const res = await update({
      task_id: String(t!.id),
      assignee_id: String(person!.id),
      due_at: "2026-12-24",
      status: "on_hold",
      notes: "Waiting for parts",
      cost: "88.5",
      "checklist[0].text": "First",
      "checklist[0].done": "on",
      "checklist[1].text": "Second",
      new_item: "Third",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${K}?edit=${t!.id}`);
    expect(await toastOf(res)).toMatchObject({ type: "success" });
    expect(await taskOf(t!.id)).toMatchObject({
      assignee_id: person!.id,
      status: "on_hold",
      notes: "Waiting for parts",
      cost: 88.5,
      checklist: [
        { text: "First", done: true },
        { text: "Second", done: false },
        { text: "Third", done: false },
      ],
    });
    expect((await taskOf(t!.id)).due_at!.slice(0, 10)).toBe("2026-12-24");
    // Remove the second item (its Remove button sends its index); untick the first.
    const removed = await update({
      task_id: String(t!.id),
      status: "on_hold",
      "checklist[0].text": "First",
      "checklist[1].text": "Second",
      "checklist[2].text": "Third",
      remove_item: "1",
    });
    expect(await toastOf(removed)).toMatchObject({ description: "Checklist item removed." });
    expect((await taskOf(t!.id)).checklist).toEqual([
      { text: "First", done: false },
      { text: "Third", done: false },
    ]);
  });

  it("refuses a negative cost and a bad date beside their fields, keeping what was typed", async () => {
    const [t] = await listTasks(await as("admin", "admin123"), { status: "open" });
    const res = await update({
      task_id: String(t!.id),
      cost: "-3",
      due_at: "not a date",
      notes: "kept",
    });
    expect(res.status).toBe(400);
    const { result } = await res.json();
    expect(result.error.cost).toEqual(["Must not be negative."]);
    expect(result.error.due_at).toEqual(["Give a date between 1970 and 2100."]);
    expect(result.initialValue.notes).toBe("kept");
    expect((await taskOf(t!.id)).cost).not.toBe(-3);
  });

  it("needs maintenance_manage; another company's task or person is a 404", async () => {
    const [t] = await listTasks(await as("admin", "admin123"), { status: "open" });
    expect((await update({ task_id: String(t!.id), notes: "x" }, cookies.driver)).status).toBe(403);
    const other = await as("other", "other123");
    const [foreign] = await listTasks(other);
    const [stranger] = await listPeople(other);
    expect((await update({ task_id: String(foreign!.id), notes: "x" })).status).toBe(404);
    expect((await call(tasksLoader, get(`${K}?edit=${foreign!.id}`, cookies.admin))).status).toBe(
      404,
    );
    expect(
      (await update({ task_id: String(t!.id), assignee_id: String(stranger!.id) })).status,
    ).toBe(404);
  });
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2]);

function upload(
  id: number,
  bytes: Uint8Array<ArrayBuffer>,
  name = "photo.png",
  cookie = cookies.admin!,
) {
  const body = new FormData();
  body.append("photo", new Blob([bytes], { type: "image/png" }), name);
  return call(
    uploadAction,
    new Request(`${APP}${K}/${id}/photos`, {
      method: "POST",
      body,
      headers: { cookie, origin: APP },
    }),
    { params: { id: String(id) } },
  );
}

describe("task photos", () => {
  it("uploads an image, serves it as a thumbnail's source, removes it", async () => {
    const [t] = await listTasks(await as("admin", "admin123"), { status: "open" });
    const res = await upload(t!.id, PNG);
    expect(await toastOf(res)).toMatchObject({ type: "success", description: "Photo added." });
    const photo = (await taskOf(t!.id)).photos.at(-1)!;
    const page = await (await call(tasksLoader, get(`${K}?edit=${t!.id}`, cookies.admin))).json();
    expect(page.editing.task.photos).toContain(photo);
    const img = await call(photoRoute, get(`${K}/${t!.id}/photos/${photo}`, cookies.admin), {
      params: { id: String(t!.id), photo },
    });
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect(img.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await img.arrayBuffer())).toEqual(PNG);
    const gone = await call(
      tasksAction,
      formPost(
        K,
        { intent: "remove-photo", task_id: String(t!.id), photo },
        { cookie: cookies.admin },
      ),
    );
    expect(await toastOf(gone)).toMatchObject({ description: "Photo removed." });
    expect((await taskOf(t!.id)).photos).not.toContain(photo);
  });

  it("refuses a file that is not an image (whatever its name) and one over 10 MB", async () => {
    const [t] = await listTasks(await as("admin", "admin123"), { status: "open" });
    const before = (await taskOf(t!.id)).photos;
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    expect(await toastOf(await upload(t!.id, html, "fake.png"))).toMatchObject({
      type: "error",
      description: "Only photos may be added: PNG, JPEG, GIF or WebP.",
    });
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    expect(await toastOf(await upload(t!.id, big))).toMatchObject({
      type: "error",
      description: "The photo is larger than the limit of 10 MB.",
    });
    expect((await taskOf(t!.id)).photos).toEqual(before);
  });

  it("another company's task or photo is a 404; the driver may not upload", async () => {
    const [foreign] = await listTasks(await as("other", "other123"));
    expect((await upload(foreign!.id, PNG)).status).toBe(404);
    const [t] = await listTasks(await as("admin", "admin123"), { status: "open" });
    expect((await upload(t!.id, PNG, "p.png", cookies.driver)).status).toBe(403);
    const photo = `${"a".repeat(32)}.png`;
    expect(
      (
        await call(photoRoute, get(`${K}/${foreign!.id}/photos/${photo}`, cookies.admin), {
          params: { id: String(foreign!.id), photo },
        })
      ).status,
    ).toBe(404);
  });
});

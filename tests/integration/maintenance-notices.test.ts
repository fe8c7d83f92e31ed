/**
 * "Maintenance due" notifications against PostgreSQL and the simulator: the due-soon job tells the
 * fleet managers (and a task's assignee) once per schedule and stage of a due occurrence, through
 * their alert rules; another company's managers hear nothing of it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import { dueEventId, dueEvents, fleetManagers } from "~/modules/maintenance/due-notices.server";
import { runDueTasks } from "~/modules/maintenance/jobs.server";
import { plansFor, type Plan } from "~/modules/maintenance/plans.server";
import { listTasks, updateTask } from "~/modules/maintenance/upstream.server";
import { cleanupNotifications } from "~/modules/notifications/notification-cleanup.server";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { useTestDatabase } from "../support/db";
import { call, cookieFrom, formPost } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";

const ADMIN = 1001;
const DRIVER = 1003;
const OTHER = 2001;
const DAY = 86_400_000;

async function signIn(username: string, password: string) {
  const res = await call(loginAction, formPost("/login", { username, password }));
  expect(res.status, `sign-in ${username}`).toBe(302);
  return cookieFrom(res);
}

const notices = (userId: number) =>
  prisma.notification.findMany({
    where: { userId, kind: "maintenance_due" },
    orderBy: { eventId: "asc" },
  });

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  await signIn("admin", "admin123");
  await signIn("driver", "driver123");
  await signIn("other", "other123");
});

describe("maintenance due notifications", () => {
  it("fleet managers are the signed-in users who may manage maintenance", async () => {
    expect(await fleetManagers(1)).toEqual([ADMIN]);
    expect(await fleetManagers(2)).toEqual([OTHER]);
  });

  it("tells the fleet manager once per due schedule, however often the job runs", async () => {
    const u = upstream((await upstreamAuth("admin", "admin123")).token);
    await runDueTasks();
    const plans = (await plansFor(u)).filter((p) => p.status !== "ok");
    expect(plans.length).toBeGreaterThan(1);
    const mine = await notices(ADMIN);
    expect(mine).toHaveLength(plans.length);
    const overdue = plans.find((p) => p.status === "overdue")!;
    const one = mine.find((n) => n.eventId === dueEventId(1, overdue, "overdue"))!;
    expect(one).toMatchObject({
      companyId: 1,
      imei: overdue.imei,
      title: `Maintenance due: ${overdue.vehicle}`,
      link: `/dashboard/vehicle-maintenance?imei=${overdue.imei}`,
    });
    expect(one.body).toContain(`${overdue.template} is overdue for ${overdue.vehicle}`);
    const soon = plans.find((p) => p.status === "due_soon");
    if (soon)
      expect(mine.find((n) => n.eventId === dueEventId(1, soon, "due_soon"))?.body).toContain(
        "is due soon for",
      );

    await runDueTasks();
    await runDueTasks(Date.now() + 60_000);
    expect(await notices(ADMIN)).toHaveLength(plans.length);
    // The driver is no fleet manager: told only of the due schedules whose open task is theirs.
    const theirs = (await listTasks(u))
      .filter((t) => t.assignee_id === DRIVER && !["done", "cancelled"].includes(t.status))
      .map((t) => t.schedule_id);
    const expected = plans
      .filter((p) => theirs.includes(p.scheduleId))
      .map((p) => dueEventId(1, p, p.status as "overdue"))
      .sort();
    expect((await notices(DRIVER)).map((n) => n.eventId)).toEqual(expected);
  });

  it("tells a task's assignee, by their own alert rules", async () => {
    const u = upstream((await upstreamAuth("admin", "admin123")).token);
    const plans = (await plansFor(u)).filter((p) => p.status !== "ok");
    const tasks = await listTasks(u);
    const open = (t: (typeof tasks)[number]) => t.status !== "done" && t.status !== "cancelled";
    const plan = plans.find((p) =>
      tasks.some((t) => t.schedule_id === p.scheduleId && open(t) && t.assignee_id !== DRIVER),
    )!;
    const task = tasks.find((t) => t.schedule_id === plan.scheduleId && open(t))!;
    await updateTask(u, task.id, { assignee_id: DRIVER });
    const had = (await notices(DRIVER)).map((n) => n.eventId);

    // A rule of the driver's without "maintenance due": nothing arrives.
    const rule = await prisma.alertRule.create({
      data: {
        userId: DRIVER,
        companyId: 1,
        name: "speeding only",
        kinds: ["overspeed"],
        channels: ["inapp"],
      },
    });
    await runDueTasks();
    expect((await notices(DRIVER)).map((n) => n.eventId)).toEqual(had);

    await prisma.alertRule.update({
      where: { id: rule.id },
      data: { kinds: ["overspeed", "maintenance_due"] },
    });
    await runDueTasks();
    const id = dueEventId(1, plan, plan.status as "overdue");
    expect((await notices(DRIVER)).map((n) => n.eventId)).toEqual([...had, id].sort());
    await runDueTasks();
    expect(await notices(DRIVER)).toHaveLength(had.length + 1);
    expect(await notices(ADMIN)).toHaveLength(plans.length);
  });

  it("another company hears only of its own schedules", async () => {
    const theirs = (await plansFor(upstream((await upstreamAuth("other", "other123")).token)))
      .filter((p) => p.status !== "ok")
      .map((p) => p.imei);
    const got = await notices(OTHER);
    expect(got.length).toBe(theirs.length);
    expect(got.every((n) => n.companyId === 2 && theirs.includes(n.imei!))).toBe(true);
    const ours = new Set((await notices(ADMIN)).map((n) => n.imei));
    expect(got.some((n) => ours.has(n.imei))).toBe(false);
  });

  it("the once-only records outlive the 8-day cleanup of upstream events", async () => {
    const before = await prisma.alertDispatch.count({ where: { userId: ADMIN } });
    await cleanupNotifications(new Date(Date.now() + 30 * DAY));
    expect(await prisma.alertDispatch.count({ where: { userId: ADMIN } })).toBe(before);
    await runDueTasks();
    const after = await prisma.notification.count({ where: { userId: ADMIN } });
    expect(after).toBe((await notices(ADMIN)).length);
    await cleanupNotifications(new Date(Date.now() + 401 * DAY));
    expect(await prisma.alertDispatch.count({ where: { userId: ADMIN } })).toBe(0);
  });
});

describe("due events (which notifications are owed)", () => {
  const plan = (over: Partial<Plan> = {}): Plan => ({
    scheduleId: 7,
    imei: "350000000000001",
    vehicle: "Van 1",
    templateId: 3,
    template: "Engine oil",
    code: "",
    last: { at: "2026-01-10T12:00:00.000Z", km: 22_450, hours: 810.5 },
    due: { at: null, km: 27_450, hours: null },
    status: "due_soon",
    forecast: { at: null, earliest: null, latest: null },
    meter: { km: 27_000, hours: 900 },
    ...over,
  });

  it("one event per stage of a due occurrence; a new service is a new occurrence", () => {
    const soon = dueEvents(1, [plan()], [], [ADMIN])[0]!;
    const late = dueEvents(1, [plan({ status: "overdue" })], [], [ADMIN])[0]!;
    const again = dueEvents(1, [plan()], [], [ADMIN], new Date(Date.now() + DAY))[0]!;
    expect(again.event.id).toBe(soon.event.id);
    expect(late.event.id).not.toBe(soon.event.id);
    const serviced = plan({ last: { at: "2026-03-01T12:00:00.000Z", km: 27_400, hours: 900 } });
    expect(dueEvents(1, [serviced], [], [ADMIN])[0]!.event.id).not.toBe(soon.event.id);
    expect(dueEvents(2, [plan()], [], [OTHER])[0]!.event.id).not.toBe(soon.event.id);
    expect(soon.event.details).toMatchObject({ status: "due_soon", dueOdometer: 27_450 });
  });

  it("nothing for schedules that are ok or have nobody to tell; the assignee once", () => {
    expect(dueEvents(1, [plan({ status: "ok" })], [], [ADMIN])).toEqual([]);
    expect(dueEvents(1, [plan()], [], [])).toEqual([]);
    const task = {
      id: 1,
      title: "Engine oil",
      imei: "350000000000001",
      schedule_id: 7,
      template_id: 3,
      status: "in_progress" as const,
      source: "schedule" as const,
      assignee_id: ADMIN,
      due_at: null,
      due_km: null,
      due_hours: null,
      checklist: [],
      notes: "",
      cost: null,
      photos: [],
      created_at: "2026-01-01T00:00:00.000Z",
      completed_at: null,
      completed_km: null,
      completed_hours: null,
    };
    expect(dueEvents(1, [plan()], [task], [ADMIN])[0]!.userIds).toEqual([ADMIN]);
    expect(dueEvents(1, [plan()], [{ ...task, assignee_id: DRIVER }], [ADMIN])[0]!.userIds).toEqual(
      [DRIVER, ADMIN],
    );
    expect(
      dueEvents(1, [plan()], [{ ...task, assignee_id: DRIVER, status: "done" }], [])[0],
    ).toBeUndefined();
  });
});

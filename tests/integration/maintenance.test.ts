/**
 * The maintenance pages against PostgreSQL and the simulator: template validation (messages next to
 * the field, typed values kept), programmes, vehicle schedules, completing tasks with a back-dated
 * meter, and tenant rules (another company's ids are 404).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import {
  action as templatesAction,
  loader as templatesLoader,
} from "~/routes/dashboard.task-templates";
import { action as groupsAction, loader as groupsLoader } from "~/routes/dashboard.task-groups";
import { loader as vehicleLoader } from "~/routes/dashboard.vehicle-maintenance";
import { action as tasksAction, loader as tasksLoader } from "~/routes/dashboard.tasks";
import { action as boardAction, loader as boardLoader } from "~/routes/dashboard.maintenance-board";
import { action as assetAction, loader as assetLoader } from "~/routes/dashboard.asset-board";
import { runDueTasks } from "~/modules/maintenance/jobs.server";
import { plansFor } from "~/modules/maintenance/plans.server";
import { NO_INTERVAL } from "~/modules/maintenance/schemas";
import { useTestDatabase } from "../support/db";
import { call, cookieFrom, formPost, get, toastOf } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";
import { upstream } from "~/services/api.server";
import { iotDevices } from "~/services/upstream/index.server";
import {
  listMeters,
  listProgrammes,
  listTasks,
  listTemplates,
} from "~/modules/maintenance/upstream.server";

const cookies: Record<string, string> = {};

async function signIn(username: string, password: string) {
  const res = await call(loginAction, formPost("/login", { username, password }));
  expect(res.status, `sign-in ${username}`).toBe(302);
  return cookieFrom(res);
}

/** `username`'s company's maintenance data, straight from the upstream. */
async function as(username: string, password: string) {
  return upstream((await upstreamAuth(username, password)).token);
}

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  cookies.admin = await signIn("admin", "admin123");
  cookies.other = await signIn("other", "other123");
});

const T = "/dashboard/task-templates";
const GOOD = {
  intent: "create",
  name: "Gearbox oil",
  code: "026-001-004",
  interval_km: "60000",
  soon_km: "3000",
  interval_time: "",
  interval_unit: "months",
  rule: "first",
  checklist: "Drain\nRefill",
};

describe("task templates", () => {
  it("lists the company's templates and creates one with a toast", async () => {
    const page = await (await call(templatesLoader, get(T, cookies.admin))).json();
    expect(page.templates.map((t: { name: string }) => t.name)).toContain("Engine oil and filter");
    const res = await call(templatesAction, formPost(T, GOOD, { cookie: cookies.admin }));
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ description: "Template created." });
    const after = await (await call(templatesLoader, get(T, cookies.admin))).json();
    expect(after.templates.find((t: { name: string }) => t.name === "Gearbox oil")).toMatchObject({
      interval: "Every 60,000 km",
    });
  });

  it("takes an imperial user's interval in miles: 5,000 mi is stored as 8,046.72 km and read back in mi", async () => {
    const fields = { ...GOOD, name: "Oil (imperial)", interval_km: "5000", soon_km: "500" };
    const res = await call(
      templatesAction,
      formPost(T, { ...fields, measurement: "imperial" }, { cookie: cookies.admin }),
    );
    expect(res.status).toBe(302);
    const stored = (await listTemplates(await as("admin", "admin123"))).find(
      (t) => t.name === "Oil (imperial)",
    )!;
    expect(stored).toMatchObject({ interval_km: 8046.72, soon_km: 804.672 });
    const page = async (q: string) =>
      (await (await call(templatesLoader, get(`${T}${q}`, cookies.admin))).json()).templates.find(
        (t: { name: string }) => t.name === "Oil (imperial)",
      ).interval;
    expect(await page("?measurement=imperial")).toBe("Every 5,000 mi");
    expect(await page("")).toBe("Every 8,046.7 km");
  });

  it("refuses a negative interval, a due-soon larger than its interval, no interval at all", async () => {
    const post = async (fields: Record<string, string>) => {
      const res = await call(
        templatesAction,
        formPost(T, { ...GOOD, ...fields }, { cookie: cookies.admin }),
      );
      expect(res.status).toBe(400);
      return (await res.json()).result as {
        error: Record<string, string[]>;
        initialValue: Record<string, string>;
      };
    };
    const neg = await post({ interval_km: "-5000" });
    expect(neg.error.interval_km).toEqual(["Must not be negative."]);
    expect(neg.initialValue.interval_km).toBe("-5000");
    expect(neg.initialValue.name).toBe("Gearbox oil");
    const soon = await post({ soon_km: "70000" });
    expect(soon.error.soon_km?.[0]).toMatch(/must not be larger than its interval \(60000 km\)/);
    const days = await post({ interval_time: "1", interval_unit: "months", soon_days: "45" });
    expect(days.error.soon_days?.[0]).toMatch(/larger than its interval \(1 months\)/);
    const none = await post({ interval_km: "", soon_km: "" });
    expect(none.error.interval_km).toEqual([NO_INTERVAL]);
    expect(none.initialValue.checklist).toBe("Drain\nRefill");
  });

  it("another company's template is a 404, to open and to save", async () => {
    const [foreign] = await listTemplates(await as("other", "other123"));
    const open = await call(templatesLoader, get(`${T}?edit=${foreign!.id}`, cookies.admin));
    expect(open.status).toBe(404);
    const save = await call(
      templatesAction,
      formPost(
        T,
        { ...GOOD, intent: "update", id: String(foreign!.id) },
        { cookie: cookies.admin },
      ),
    );
    expect(save.status).toBe(404);
    const mine = await call(templatesLoader, get(`${T}?edit=${foreign!.id}`, cookies.other));
    expect(mine.status).toBe(200);
  });
});

const G = "/dashboard/task-groups";
const V = "/dashboard/vehicle-maintenance";

describe("task groups and vehicle maintenance", () => {
  it("the demo company's schedules are ok, due soon and overdue, with forecast ranges", async () => {
    const plans = await plansFor(await as("admin", "admin123"));
    expect(new Set(plans.map((p) => p.status))).toEqual(new Set(["ok", "due_soon", "overdue"]));
    const busy = plans.find((p) => p.status === "ok" && p.due.km !== null)!;
    expect(busy.forecast.at).not.toBeNull();
    expect(busy.forecast.earliest! <= busy.forecast.at!).toBe(true);
  });

  it("a programme gives its vehicles every schedule; the vehicle page shows them", async () => {
    const page = await (await call(groupsLoader, get(G, cookies.admin))).json();
    const vehicle = page.vehicles.at(-1).imei as string;
    const template = page.templates.find((t: { name: string }) => t.name === "Tyre rotation");
    const res = await call(
      groupsAction,
      formPost(
        G,
        { intent: "create", name: "Tyres only", template_ids: String(template.id), imeis: vehicle },
        { cookie: cookies.admin },
      ),
    );
    expect(res.status).toBe(302);
    const v = await (await call(vehicleLoader, get(`${V}?imei=${vehicle}`, cookies.admin))).json();
    const plan = v.plans.find((p: { template: string }) => p.template === "Tyre rotation");
    expect(plan).toMatchObject({ status: "ok", due: { km: plan.last.km + 10000 } });
  });

  it("refuses a programme without templates, with the message beside the field", async () => {
    const res = await call(
      groupsAction,
      formPost(G, { intent: "create", name: "Empty" }, { cookie: cookies.admin }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).result.error.template_ids).toEqual(["Choose at least one template."]);
  });

  it("another company's vehicle, group or programme is a 404", async () => {
    const o = await as("other", "other123");
    const [foreignVehicle] = await listMeters(o);
    expect(
      (await call(vehicleLoader, get(`${V}?imei=${foreignVehicle!.imei}`, cookies.admin))).status,
    ).toBe(404);
    const [foreignProgramme] = await listProgrammes(o);
    expect(
      (await call(groupsLoader, get(`${G}?edit=${foreignProgramme!.id}`, cookies.admin))).status,
    ).toBe(404);
    const page = await (await call(groupsLoader, get(G, cookies.admin))).json();
    const update = await call(
      groupsAction,
      formPost(
        G,
        {
          intent: "update",
          id: String(foreignProgramme!.id),
          name: "x",
          template_ids: String(page.templates[0].id),
        },
        { cookie: cookies.admin },
      ),
    );
    expect(update.status).toBe(404);
    const foreignImei = await call(
      groupsAction,
      formPost(
        G,
        {
          intent: "create",
          name: "x",
          template_ids: String(page.templates[0].id),
          imeis: foreignVehicle!.imei,
        },
        { cookie: cookies.admin },
      ),
    );
    expect(foreignImei.status).toBe(404);
  });
});

const K = "/dashboard/tasks";

describe("tasks", () => {
  it("creates a task when a schedule is due soon, completes it back-dated, refuses a lower meter", async () => {
    const created = await call(
      templatesAction,
      formPost(
        T,
        {
          ...GOOD,
          name: "Weekly wash",
          interval_km: "",
          soon_km: "",
          interval_time: "10",
          interval_unit: "days",
          soon_days: "10",
        },
        { cookie: cookies.admin },
      ),
    );
    expect(created.status).toBe(302);
    const groups = await (await call(groupsLoader, get(G, cookies.admin))).json();
    const wash = groups.templates.find((t: { name: string }) => t.name === "Weekly wash");
    const vehicle = groups.vehicles[1].imei as string;
    await call(
      groupsAction,
      formPost(
        G,
        { intent: "create", name: "Wash", template_ids: String(wash.id), imeis: vehicle },
        { cookie: cookies.admin },
      ),
    );

    const first = await runDueTasks();
    expect(first[1]).toBeGreaterThanOrEqual(1);
    expect((await runDueTasks())[1]).toBe(0);
    const list = await (await call(tasksLoader, get(`${K}?q=weekly+wash`, cookies.admin))).json();
    const task = list.rows.find((t: { imei: string }) => t.imei === vehicle);
    expect(task).toMatchObject({ status: "open", source: "schedule", title: "Weekly wash" });

    const v0 = await (await call(vehicleLoader, get(`${V}?imei=${vehicle}`, cookies.admin))).json();
    const before = v0.plans.find((p: { template: string }) => p.template === "Weekly wash");
    expect(before.status).toBe("due_soon");
    const low = await call(
      tasksAction,
      formPost(
        K,
        {
          intent: "complete",
          task_id: String(task.id),
          done_at: new Date().toISOString().slice(0, 10),
          odometer_km: String(before.last.km - 1),
        },
        { cookie: cookies.admin },
      ),
    );
    expect(low.status).toBe(400);
    const lowBody = await low.json();
    expect(lowBody.result.error.odometer_km[0]).toMatch(/below the last reading/);
    expect(lowBody.result.initialValue.odometer_km).toBe(String(before.last.km - 1));
    // An imperial reader typed miles and is answered in miles.
    const lowMi = await call(
      tasksAction,
      formPost(
        K,
        {
          intent: "complete",
          task_id: String(task.id),
          done_at: new Date().toISOString().slice(0, 10),
          odometer_km: "1",
          measurement: "imperial",
        },
        { cookie: cookies.admin },
      ),
    );
    const miBody = await lowMi.json();
    expect(miBody.result.error.odometer_km[0]).toMatch(/below the last reading \([\d,]+ mi\)/);
  });

  it("a back-dated completion resets next due from that reading, not from today's", async () => {
    const plans = await plansFor(await as("admin", "admin123"));
    const overdue = plans.find((p) => p.status === "overdue" && p.due.km !== null)!;
    const list = await (
      await call(tasksLoader, get(`${K}?imei=${overdue.imei}`, cookies.admin))
    ).json();
    const task = list.rows.find(
      (t: { schedule_id: number; status: string }) =>
        t.schedule_id === overdue.scheduleId && t.status !== "done",
    );
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const reading = Math.round(overdue.meter.km - 500);
    const done = await call(
      tasksAction,
      formPost(
        K,
        {
          intent: "complete",
          task_id: String(task.id),
          done_at: threeDaysAgo,
          odometer_km: String(reading),
        },
        { cookie: cookies.admin },
      ),
    );
    expect(done.status).toBe(302);
    expect(await toastOf(done)).toMatchObject({ type: "success" });
    const v = await (
      await call(vehicleLoader, get(`${V}?imei=${overdue.imei}`, cookies.admin))
    ).json();
    const after = v.plans.find((p: { scheduleId: number }) => p.scheduleId === overdue.scheduleId);
    // Noon of that day in the company's zone (Brisbane, UTC+10, no daylight saving).
    const noon = new Date(`${threeDaysAgo}T12:00:00+10:00`).toISOString();
    expect(after.last).toMatchObject({ at: noon, km: reading });
    // From the reading at the service (500 km ago), not from today's odometer.
    expect(after.due.km).toBeCloseTo(reading + (overdue.due.km! - overdue.last.km), 1);
    expect(after.status).not.toBe("overdue");
    expect(v.history.some((h: { task_id: number }) => h.task_id === task.id)).toBe(true);
  });

  it("filters by status and searches", async () => {
    const done = await (await call(tasksLoader, get(`${K}?status=done`, cookies.admin))).json();
    expect(done.rows.length).toBeGreaterThan(0);
    expect(done.rows.every((t: { status: string }) => t.status === "done")).toBe(true);
    const none = await (await call(tasksLoader, get(`${K}?q=zzzz-nothing`, cookies.admin))).json();
    expect(none.rows).toEqual([]);
  });

  it("another company's task is a 404 to open and to complete", async () => {
    const [foreign] = await listTasks(await as("other", "other123"));
    expect(
      (await call(tasksLoader, get(`${K}?complete=${foreign!.id}`, cookies.admin))).status,
    ).toBe(404);
    const res = await call(
      tasksAction,
      formPost(
        K,
        { intent: "complete", task_id: String(foreign!.id), done_at: "2026-01-01" },
        { cookie: cookies.admin },
      ),
    );
    expect(res.status).toBe(404);
  });
});

const B = "/dashboard/maintenance-board";
const A = "/dashboard/asset-board";

describe("boards", () => {
  const move = (path: string, id: string, to: string, cookie = cookies.admin!) =>
    call(
      path === B ? boardAction : assetAction,
      formPost(path, { intent: "move", id, to }, { cookie }),
    );

  it("moves a task card with the Move to form; Done asks for the meter reading", async () => {
    const board = await (await call(boardLoader, get(B, cookies.admin))).json();
    const open = board.columns.find((c: { id: string }) => c.id === "open");
    const card = open.cards[0];
    const res = await move(B, card.id, "on_hold");
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({
      type: "success",
      description: `${card.title} moved to On hold.`,
    });
    const after = await (await call(boardLoader, get(B, cookies.admin))).json();
    const hold = after.columns.find((c: { id: string }) => c.id === "on_hold");
    expect(hold.cards.map((c: { id: string }) => c.id)).toContain(card.id);
    const done = await move(B, card.id, "done");
    expect(done.headers.get("location")).toBe(`/dashboard/tasks?complete=${card.id}`);
  });

  it("refuses a move into a column at its WIP limit", async () => {
    const board = await (await call(assetLoader, get(A, cookies.admin))).json();
    const service = board.columns.find((c: { id: string }) => c.id === "in_service");
    const workshop = board.columns.find((c: { id: string }) => c.id === "in_workshop");
    for (const card of service.cards.slice(0, workshop.limit - workshop.cards.length))
      expect((await move(A, card.id, "in_workshop")).status).toBe(302);
    const refused = await move(A, service.cards.at(-1).id, "in_workshop");
    expect(await toastOf(refused)).toMatchObject({
      type: "error",
      description: "In workshop is at its limit of 6 cards.",
    });
  });

  it("filters by vehicle, assignee, group and search through the page's address", async () => {
    const all = await (await call(boardLoader, get(B, cookies.admin))).json();
    type Col = {
      id: string;
      count: number;
      matching: number;
      cards: { sub: string; title: string }[];
    };
    const cards = (b: { columns: Col[] }) => b.columns.flatMap((c) => c.cards);
    const vehicle = all.vehicles.find((v: { nickname: string }) =>
      cards(all).some((c) => c.sub.startsWith(v.nickname)),
    );
    const byVehicle = await (
      await call(boardLoader, get(`${B}?imei=${vehicle.imei}`, cookies.admin))
    ).json();
    expect(cards(byVehicle).length).toBeGreaterThan(0);
    expect(cards(byVehicle).every((c) => c.sub.startsWith(vehicle.nickname))).toBe(true);
    expect(byVehicle.filters.imei).toBe(vehicle.imei);
    // The WIP count stays the column's own; the filtered number is beside it.
    for (const [i, c] of (byVehicle.columns as Col[]).entries())
      expect(c.count).toBe(all.columns[i].count);

    const person = all.people.find((p: { name: string }) =>
      cards(all).some((c) => c.sub.endsWith(p.name)),
    );
    const byPerson = await (
      await call(boardLoader, get(`${B}?assignee=${person.id}`, cookies.admin))
    ).json();
    expect(cards(byPerson).length).toBeGreaterThan(0);
    expect(cards(byPerson).every((c) => c.sub.endsWith(person.name))).toBe(true);

    const word = cards(all)[0]!.title.split(" ")[0]!;
    const byWord = await (await call(boardLoader, get(`${B}?q=${word}`, cookies.admin))).json();
    expect(cards(byWord).every((c) => `${c.title} ${c.sub}`.includes(word))).toBe(true);

    const assets = await (await call(assetLoader, get(A, cookies.admin))).json();
    const group = assets.groups[0];
    const inGroup = await (
      await call(assetLoader, get(`${A}?group=${group.id}`, cookies.admin))
    ).json();
    const total = (b: { columns: Col[] }) => b.columns.reduce((n, c) => n + c.matching, 0);
    expect(total(inGroup)).toBeGreaterThan(0);
    expect(total(inGroup)).toBeLessThan(total(assets));
  });

  it("filters by site: the vehicles and assets whose last position is inside the jobsite", async () => {
    const u = await as("admin", "admin123");
    const [devices, meters] = await Promise.all([iotDevices(u), listMeters(u)]);
    const parked = new Set(meters.filter((m) => !m.vehicle).map((m) => m.imei));
    const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
      const r = (x: number) => (x * Math.PI) / 180;
      const h =
        Math.sin(r(b.lat - a.lat) / 2) ** 2 +
        Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lng - a.lng) / 2) ** 2;
      return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
    };
    const assets = await (await call(assetLoader, get(A, cookies.admin))).json();
    expect(assets.sites.map((s: { id: number }) => s.id).sort()).toEqual([101, 102, 103, 104, 105]);
    // A circle jobsite of the simulator's demo company, with its centre and radius.
    const circle = { id: 102, lat: -27.4318, lng: 153.0885, radius: 350 };
    const dist = new Map(
      devices.filter((d) => d.position).map((d) => [d.imei, metres(d.position!, circle)]),
    );
    const board = await (
      await call(assetLoader, get(`${A}?site=${circle.id}&more_in_service=100000`, cookies.admin))
    ).json();
    expect(board.filters.site).toBe(circle.id);
    const shown = (board.columns as { cards: { id: string }[] }[]).flatMap((c) =>
      c.cards.map((x) => x.id),
    );
    // Vehicles move between the two reads: a margin of 300 m either side of the fence.
    for (const imei of shown) expect(dist.get(imei)).toBeLessThanOrEqual(circle.radius + 300);
    for (const [imei, d] of dist)
      if (parked.has(imei) && d <= circle.radius) expect(shown).toContain(imei);
    const total = (b: { columns: { matching: number }[] }) =>
      b.columns.reduce((n, c) => n + c.matching, 0);
    expect(total(board)).toBeLessThan(total(assets));
    // Tasks on the maintenance board: only those of a vehicle at the site.
    const tasks = await (
      await call(boardLoader, get(`${B}?site=${circle.id}`, cookies.admin))
    ).json();
    const named = new Map(meters.map((m) => [m.nickname, m.imei]));
    for (const c of tasks.columns as { cards: { sub: string }[] }[])
      for (const card of c.cards) {
        const imei = named.get(card.sub.split(" · ")[0]!);
        expect(dist.get(imei!)).toBeLessThanOrEqual(circle.radius + 300);
      }
  });

  it("a site of another company, or none, is a 404", async () => {
    expect((await call(assetLoader, get(`${A}?site=201`, cookies.admin))).status).toBe(404);
    expect((await call(boardLoader, get(`${B}?site=999999`, cookies.admin))).status).toBe(404);
  });

  it("a filter naming another company's vehicle, group or person is a 404", async () => {
    const [meter] = await listMeters(await as("other", "other123"));
    expect((await call(boardLoader, get(`${B}?imei=${meter!.imei}`, cookies.admin))).status).toBe(
      404,
    );
    const theirs = await (await call(assetLoader, get(A, cookies.other))).json();
    const mine = await (await call(assetLoader, get(A, cookies.admin))).json();
    const foreign = theirs.groups.find(
      (g: { id: number }) => !mine.groups.some((m: { id: number }) => m.id === g.id),
    );
    expect((await call(assetLoader, get(`${A}?group=${foreign.id}`, cookies.admin))).status).toBe(
      404,
    );
    const people = await (await call(boardLoader, get(B, cookies.other))).json();
    expect(
      (await call(boardLoader, get(`${B}?assignee=${people.people[0].id}`, cookies.admin))).status,
    ).toBe(404);
  });

  it("a move keeps the board's filters", async () => {
    const board = await (await call(boardLoader, get(B, cookies.admin))).json();
    const card = board.columns.find((c: { id: string }) => c.id === "on_hold").cards[0];
    const res = await call(
      boardAction,
      formPost(`${B}?q=x`, { intent: "move", id: card.id, to: "open" }, { cookie: cookies.admin }),
    );
    expect(res.headers.get("location")).toBe(`${B}?q=x`);
  });

  it("another company's card is a 404", async () => {
    const [task] = await listTasks(await as("other", "other123"));
    expect((await move(B, String(task!.id), "on_hold")).status).toBe(404);
    const [meter] = await listMeters(await as("other", "other123"));
    expect((await move(A, meter!.imei, "in_workshop")).status).toBe(404);
  });
});

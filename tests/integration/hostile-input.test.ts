/**
 * Issue 35 item 4, dates and the upstream: a task due date out of the calendar or the sane years
 * is a 400 with a message beside the field (`2026-13-01` and `-99999999999` were 500s,
 * `99999-01-01` was stored); a NUL in a vehicle's upstream name no longer stops the company's
 * device sync, nor one in a person's upstream name their sign-in (PostgreSQL refuses U+0000).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { DAY_MESSAGE } from "~/lib/input";
import * as bup from "~/modules/beacons/upstream.server";
import { syncBeacons } from "~/modules/beacons/beacons.server";
import { syncDevices, syncInfo } from "~/modules/fleet/devices-sync.server";
import { cached, store } from "~/modules/trips/trip-cache.server";
import type { TripRecord } from "~/modules/trips/trip-record";
import { listTasks } from "~/modules/maintenance/upstream.server";
import { action as loginAction } from "~/routes/login";
import { action as tasksAction } from "~/routes/dashboard.tasks";
import { upstream } from "~/services/api.server";
import { getAuth } from "~/services/auth.server";
import { prisma } from "~/services/db.server";
import * as up from "~/services/upstream/index.server";
import type { Simulator } from "../../server/sim/index";
import { useTestDatabase } from "../support/db";
import { call, cookieFrom, formPost, get } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";

let sim: Simulator;
let cookie = "";

const signIn = (username: string, password: string) =>
  call(loginAction, formPost("/login", { username, password }));

beforeAll(async () => {
  await useTestDatabase();
  sim = await useSimulator();
  cookie = cookieFrom(await signIn("admin", "admin123"));
}, 60_000);

describe("task due dates", () => {
  it("refuses a date out of the calendar or the sane years with a message, and stores none of them", async () => {
    const admin = upstream((await upstreamAuth("admin", "admin123")).token);
    const task = (await listTasks(admin))[0]!;
    for (const due of ["2026-13-01", "2026-02-30", "-99999999999", "99999-01-01", "1900-01-01"]) {
      const title = `Due ${due}`;
      const created = await call(
        tasksAction,
        formPost("/dashboard/tasks", { intent: "create", title, due_at: due }, { cookie }),
      );
      expect(created.status, due).toBe(400);
      const body = (await created.json()) as { result: { error: Record<string, string[]> } };
      expect(body.result.error.due_at, due).toEqual([DAY_MESSAGE]);
      const edited = await call(
        tasksAction,
        formPost(
          "/dashboard/tasks",
          { intent: "update", task_id: String(task.id), due_at: due },
          { cookie },
        ),
      );
      expect(edited.status, due).toBe(400);
    }
    const after = await listTasks(admin);
    expect(after.filter((t) => t.title.startsWith("Due "))).toEqual([]);
    expect(after.find((t) => t.id === task.id)!.due_at).toBe(task.due_at);
  });

  it("still takes a real day", async () => {
    const res = await call(
      tasksAction,
      formPost(
        "/dashboard/tasks",
        { intent: "create", title: "Due fine", due_at: "2026-12-24" },
        { cookie },
      ),
    );
    expect(res.status).toBe(302);
  });
});

describe("control characters from the upstream", () => {
  it("a vehicle renamed with a NUL upstream is stored cleaned and the company's sync goes on", async () => {
    const auth = await upstreamAuth("admin", "admin123");
    const client = upstream(auth.token);
    const [bad, other] = await up.iotDevices(client);
    await up.changeNickname(client, bad!.imei, "Tip\u0000per\u0007 7");
    await expect(syncDevices(auth, { full: true })).resolves.toBeTypeOf("number");
    expect((await syncInfo(auth.companyId)).stale).toBe(false);
    const row = await prisma.device.findUnique({ where: { imei: bad!.imei } });
    expect(row?.nickname).toBe("Tipper 7");
    // The others keep syncing: a rename of another vehicle reaches the cache.
    await up.changeNickname(client, other!.imei, "Still syncing");
    await syncDevices(auth, { full: true });
    const again = await prisma.device.findUnique({ where: { imei: other!.imei } });
    expect(again?.nickname).toBe("Still syncing");
  });

  it("a person whose upstream name holds a NUL signs in, again and again", async () => {
    const user = sim.world.users.find((u) => u.username === "driver")!;
    user.name = "Dri\u0000ver Person";
    user.first_name = "Dri\u0000ver";
    user.last_name = "Per\u0000son";
    for (let i = 0; i < 2; i++) {
      const res = await signIn("driver", "driver123");
      expect(res.status).toBe(302);
      const session = await getAuth(get("/", cookieFrom(res)));
      expect(session?.user).toMatchObject({
        name: "Driver Person",
        first_name: "Driver",
        last_name: "Person",
      });
    }
  });

  it("a beacon renamed with a NUL upstream is stored cleaned", async () => {
    const auth = await upstreamAuth("admin", "admin123");
    const client = upstream(auth.token);
    const [beacon] = await bup.beacons(client);
    await bup.configureBeacon(client, { uuid: beacon!.uuid, nickname: "Pal\u0000let 4" });
    await expect(syncBeacons(auth)).resolves.toBeGreaterThan(0);
    const row = await prisma.beacon.findFirst({ where: { uuid: beacon!.uuid.toLowerCase() } });
    expect(row?.nickname).toBe("Pallet 4");
  });

  it("the trip cache stores a trip with a NUL in its text cleaned, and leaves out one it cannot key", async () => {
    const auth = await upstreamAuth("admin", "admin123");
    const [device] = await up.iotDevices(upstream(auth.token));
    const from = Date.UTC(2026, 0, 5);
    const end = (h: number, address: string) => ({
      time: new Date(from + h * 3_600_000).toISOString(),
      lat: null,
      lng: null,
      address,
      odometer: 1000 + h,
    });
    const trip = (id: string, description: string): TripRecord => ({
      id,
      imei: device!.imei,
      start: end(1, "1 Quay\u0000 St"),
      end: end(2, "2 Pier St"),
      distance_km: 1,
      duration_s: 3600,
      max_speed: null,
      avg_speed: null,
      driver: "Ann\u0000",
      purpose: "business",
      description,
      manual: false,
    });
    const day = from + 86_400_000;
    await store(
      auth,
      device!.imei,
      from,
      day,
      [trip("t-nul-1", "Site\u0000 visit"), trip("t-\u0000", "bad key")],
      day,
    );
    const trips = await cached(auth, [device!.imei], from, day);
    expect(trips.map((t) => [t.id, t.description, t.driver, t.start.address])).toEqual([
      ["t-nul-1", "Site visit", "Ann", "1 Quay St"],
    ]);
  });
});

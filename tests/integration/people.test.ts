/**
 * Issue 19, people, groups, group permissions and account–device links through the routes' loaders
 * and actions, against PostgreSQL and the simulator: invite with validation (values kept), a
 * permission change that holds from the member's next request (and is recorded), deactivation that
 * ends the person's sessions, groups refusing deletion while members remain, and a linked driver who
 * sees only their devices on the map data, the fleet list and a report.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { login } from "~/services/upstream/index.server";
import { serveMapData } from "~/modules/fleet/map-data.server";
import { loader as fleetLoader } from "~/routes/dashboard.fleet";
import { loader as reportLoader } from "~/routes/dashboard.reports.$kind";
import { loader as jobsitesLoader } from "~/routes/_shell.admin.jobsites";
import { action as groupsAction, loader as groupsLoader } from "~/routes/_shell.admin.groups";
import { action as linkAction } from "~/routes/_shell.admin.accdevlink";
import {
  action as matrixAction,
  loader as matrixLoader,
} from "~/routes/_shell.admin.grouppermissions";
import {
  action as peopleAction,
  loader as peopleLoader,
} from "~/routes/_shell.admin.people._index";
import { action as personAction, loader as personLoader } from "~/routes/_shell.admin.people.$id";
import type { SubmissionResult } from "@conform-to/react";
import { useTestDatabase } from "../support/db";
import { APP, call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";

let sim: Awaited<ReturnType<typeof useSimulator>>;
let admin = "";

beforeAll(async () => {
  await useTestDatabase();
  sim = await useSimulator();
  admin = await sessionCookie("admin", "admin123");
}, 60_000);

type Person = {
  username_id: number;
  name: string;
  email: string;
  active: boolean;
  groups: string[];
};
const json = async <T>(res: Response) => (await res.json()) as T;
const people = async (qs = "", cookie = admin) =>
  json<{ people: Person[] }>(await call(peopleLoader, get(`/admin/people${qs}`, cookie)));
/** A form post with repeated fields (ticked boxes, several choices). */
const multi = (path: string, body: URLSearchParams) =>
  new Request(APP + path, {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", origin: APP, cookie: admin },
  });
const user = (name: string) => sim.world.users.find((u) => u.username === name)!;

type Reply = SubmissionResult<string[]>;

describe("people", () => {
  it("invites a person: a bad or taken email is refused beside the field, values kept", async () => {
    const post = (fields: Record<string, string>) =>
      call(
        peopleAction,
        formPost("/admin/people", { intent: "create", ...fields }, { cookie: admin }),
      );
    const bad = await post({ first_name: "Ivy", last_name: "Invite", email: "not-an-email" });
    expect(bad.status).toBe(400);
    // Conform's reply: the message beside its field, what was typed kept for the form again.
    const b = (await json<{ intent: string; result: Reply }>(bad)).result;
    expect(b.status).toBe("error");
    expect(b.error?.email).toEqual(["Enter an email address like name@example.com"]);
    expect(b.initialValue?.first_name).toBe("Ivy");
    const taken = await post({
      first_name: "Ivy",
      last_name: "Invite",
      email: "admin@harbour.example",
    });
    expect(taken.status).toBe(409);
    expect((await json<{ result: Reply }>(taken)).result.error?.email).toEqual([
      "Email already in use",
    ]);
    const made = await post({
      first_name: "Ivy",
      last_name: "Invite",
      email: "ivy@harbour.example",
    });
    expect(made.status).toBe(302);
    expect(made.headers.get("location")).toMatch(/^\/admin\/people\/\d+$/);
    expect((await people("?q=ivy")).people.map((p) => p.email)).toEqual(["ivy@harbour.example"]);
    const inactive = (await people("?state=inactive")).people;
    expect(inactive.every((p) => !p.active)).toBe(true);
  });

  it("a person's page explains each permission by what grants it; another company's person is a 404", async () => {
    const id = user("driver").username_id;
    const res = await call(personLoader, get(`/admin/people/${id}`, admin), {
      params: { id: String(id) },
    });
    const page = await json<{ permissions: { name: string; granted: boolean; why: string[] }[] }>(
      res,
    );
    expect(page.permissions.find((p) => p.name === "complete_forms")).toEqual({
      name: "complete_forms",
      granted: true,
      why: ["This account"],
    });
    const theirs = user("other").username_id;
    expect(
      (
        await call(personLoader, get(`/admin/people/${theirs}`, admin), {
          params: { id: String(theirs) },
        })
      ).status,
    ).toBe(404);
    const driver = await sessionCookie("driver", "driver123");
    expect((await call(peopleLoader, get("/admin/people", driver))).status).toBe(403);
  });

  it("deactivation asks first, then ends the person's sessions; reactivated they sign in again", async () => {
    const demo = await sessionCookie("demo", "demo123");
    expect((await call(peopleLoader, get("/admin/people", demo))).status).toBe(200);
    const id = String(user("demo").username_id);
    const post = (fields: Record<string, string>) =>
      call(personAction, formPost(`/admin/people/${id}`, fields, { cookie: admin }), {
        params: { id },
      });
    expect(await json(await post({ intent: "deactivate" }))).toEqual({ confirm: "deactivate" });
    expect((await post({ intent: "deactivate", confirm: "yes" })).status).toBe(302);
    expect(await prisma.session.count({ where: { userId: Number(id) } })).toBe(0);
    const after = await call(peopleLoader, get("/admin/people", demo));
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toMatch(/^\/login/);
    const refused = await login(upstream(), { username: "demo", password: "demo123" });
    expect(refused.ok).toBe(false);
    expect((await post({ intent: "activate" })).status).toBe(302);
    expect((await login(upstream(), { username: "demo", password: "demo123" })).ok).toBe(true);
  });
});

describe("groups and permissions", () => {
  it("sorts groups case-insensitively, adds and deletes one, refuses deleting one with members", async () => {
    const page = await json<{ groups: { id: number; nickname: string; members: string[] }[] }>(
      await call(groupsLoader, get("/admin/groups", admin)),
    );
    const names = page.groups.map((g) => g.nickname);
    expect(names).toEqual(
      [...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })),
    );
    const add = await call(
      groupsAction,
      formPost("/admin/groups", { intent: "create", nickname: "aardvarks" }, { cookie: admin }),
    );
    expect(add.status).toBe(302);
    const dup = await call(
      groupsAction,
      formPost("/admin/groups", { intent: "create", nickname: "Aardvarks" }, { cookie: admin }),
    );
    expect(dup.status).toBe(409);
    const d = await json<{ intent: string; result: Reply }>(dup);
    expect(d.intent).toBe("create");
    expect(d.result.error?.nickname).toEqual(["A group named Aardvarks already exists"]);
    expect(d.result.initialValue?.nickname).toBe("Aardvarks");
    const busy = page.groups.find((g) => g.members.length > 0)!;
    const refused = await call(
      groupsAction,
      formPost(
        "/admin/groups",
        { intent: "delete", id: String(busy.id), confirm: "yes" },
        { cookie: admin },
      ),
    );
    expect(refused.status).toBe(409);
    expect((await json<{ message: string }>(refused)).message).toMatch(/still has \d+ members?/);
    const fresh = (
      await json<{ groups: { id: number; nickname: string }[] }>(
        await call(groupsLoader, get("/admin/groups", admin)),
      )
    ).groups.find((g) => g.nickname === "aardvarks")!;
    expect(names[0]).not.toBe("aardvarks");
    const del = await call(
      groupsAction,
      formPost(
        "/admin/groups",
        { intent: "delete", id: String(fresh.id), confirm: "yes" },
        { cookie: admin },
      ),
    );
    expect(del.status).toBe(302);
  });

  it("a permission granted to a group holds from the member's next request, and is recorded", async () => {
    const driver = await sessionCookie("driver", "driver123");
    expect((await call(jobsitesLoader, get("/admin/jobsites", driver))).status).toBe(403);
    const matrix = await json<{ groups: { id: number; nickname: string; granted: string[] }[] }>(
      await call(matrixLoader, get("/admin/grouppermissions", admin)),
    );
    const crew = matrix.groups.find((g) => g.id === user("driver").group_ids[0])!;
    const save = (extra: string[]) => {
      const body = new URLSearchParams({ intent: "save" });
      for (const g of matrix.groups) {
        body.append("groups", String(g.id));
        for (const p of g.granted) body.append("grant", `${g.id}:${p}`);
      }
      for (const e of extra) body.append("grant", e);
      return call(matrixAction, multi("/admin/grouppermissions", body));
    };
    expect((await save([`${crew.id}:jobsites_view`])).status).toBe(302);
    expect((await call(jobsitesLoader, get("/admin/jobsites", driver))).status).toBe(200);
    const change = await prisma.permissionChange.findFirst({ orderBy: { id: "desc" } });
    expect(change).toMatchObject({
      groupId: crew.id,
      permission: "jobsites_view",
      granted: true,
      actorName: "Alex Morgan",
      companyId: 1,
    });
    expect((await save([])).status).toBe(302);
    expect((await call(jobsitesLoader, get("/admin/jobsites", driver))).status).toBe(403);
  });
});

describe("account–device links", () => {
  it("a linked driver sees only their devices on the map data, the fleet list and a report", async () => {
    const fleetPerm = user("driver").permissions;
    const all = sim.world.devicesByCompany.get(1)!;
    const mine = [all[0]!.imei, all[2]!.imei];
    const driver = await sessionCookie("driver", "driver123");
    // Before: the whole fleet (the driver may open the fleet list and reports).
    expect(fleetPerm.complete_forms).toBe(true);
    const rows = async () =>
      (
        await json<{ rows: { imei: string }[] }>(
          await call(fleetLoader, get("/dashboard/fleet", driver)),
        )
      ).rows.map((r) => r.imei);
    expect((await rows()).length).toBe(all.length);
    const body = new URLSearchParams({
      intent: "link",
      accounts: String(user("driver").username_id),
    });
    for (const i of mine) body.append("devices", i);
    const linked = await call(linkAction, multi("/admin/accdevlink", body));
    expect(linked.status).toBe(302);
    // The same session, next request: only the linked devices.
    expect((await rows()).sort()).toEqual([...mine].sort());
    const map = await serveMapData({
      cookie: driver,
      acceptEncoding: null,
      ifNoneMatch: null,
      part: "static",
      v: null,
    });
    expect(map.status).toBe(200);
    expect((JSON.parse(map.body!.toString()) as { imei: string[] }).imei.sort()).toEqual(
      [...mine].sort(),
    );
    const report = await call(
      reportLoader,
      get("/dashboard/reports/distance-per-vehicle?from=2026-03-02&to=2026-03-03", driver),
      { params: { kind: "distance-per-vehicle" } },
    );
    expect(report.status).toBe(200);
    const vehicles = (await json<{ vehicles: { imei: string }[] }>(report)).vehicles.map(
      (v) => v.imei,
    );
    expect(vehicles.every((i) => mine.includes(i))).toBe(true);
    expect(vehicles.length).toBeGreaterThan(0);
    // The admin still sees every device.
    expect(
      (await json<{ rows: unknown[] }>(await call(fleetLoader, get("/dashboard/fleet", admin))))
        .rows.length,
    ).toBe(all.length);
    const lift = new URLSearchParams({
      intent: "unrestrict",
      accounts: String(user("driver").username_id),
    });
    expect((await call(linkAction, multi("/admin/accdevlink", lift))).status).toBe(302);
    expect((await rows()).length).toBe(all.length);
  });
});

/** Groups (nickname, members, vehicles), their permission grants and account–device links (api-people.ts). */
import { PERMISSIONS } from "./catalog";
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { idOf } from "./maintenance";
import { peopleState } from "./api-people";
import type { User } from "./world";

function companyUsers(ctx: Ctx) {
  return ctx.state.world.users.filter((u) => u.companyid === ctx.user.companyid);
}

// ------------------------------------------------------------------ groups

function companyGroups(ctx: Ctx) {
  return ctx.state.world.groups.filter((g) => g.companyid === ctx.user.companyid);
}

function groupView(ctx: Ctx, id: number) {
  const g = ctx.state.world.groups.find((x) => x.id === id)!;
  return {
    id: g.id,
    nickname: g.nickname,
    member_ids: companyUsers(ctx)
      .filter((u) => u.group_ids.includes(g.id))
      .map((u) => u.username_id),
    imeis: (ctx.state.world.devicesByCompany.get(ctx.user.companyid) ?? [])
      .filter((d) => d.group_ids.includes(g.id))
      .map((d) => d.imei),
  };
}

function ownGroup(ctx: Ctx) {
  const id = Number(idOf(ctx));
  const g = companyGroups(ctx).find((x) => x.id === id);
  if (!g) throw new HttpError(404, "Group not found");
  return g;
}

function nickname(ctx: Ctx, self: number | null) {
  const v = obj(ctx.body).nickname;
  const n = typeof v === "string" ? v.trim() : "";
  if (!n) throw new HttpError(400, "nickname is required");
  if (n.length > 60) throw new HttpError(400, "nickname must be at most 60 characters");
  if (companyGroups(ctx).some((g) => g.id !== self && g.nickname.toLowerCase() === n.toLowerCase()))
    throw new HttpError(409, `A group named ${n} already exists`);
  return n;
}

function grantsOf(ctx: Ctx, id: number) {
  const granted = peopleState(ctx.state).grants[id] ?? [];
  return {
    group_id: id,
    permissions: Object.fromEntries(PERMISSIONS.map((p) => [p, granted.includes(p)])),
  };
}

export const groupRoutes = routes([
  ["GET", "/groups/permissions", (ctx) => ok(companyGroups(ctx).map((g) => grantsOf(ctx, g.id)))],
  [
    "PUT",
    "/groups/permissions/:id",
    (ctx) => {
      const g = ownGroup(ctx);
      const b = obj(obj(ctx.body).permissions);
      const unknown = Object.keys(b).filter((k) => !(PERMISSIONS as readonly string[]).includes(k));
      if (unknown.length) throw new HttpError(400, `Unknown permission(s): ${unknown.join(", ")}`);
      if (Object.values(b).some((v) => typeof v !== "boolean"))
        throw new HttpError(400, "permissions must map permission names to true or false");
      const p = peopleState(ctx.state);
      const now = new Set(p.grants[g.id] ?? []);
      for (const [k, v] of Object.entries(b)) v ? now.add(k) : now.delete(k);
      p.grants[g.id] = PERMISSIONS.filter((x) => now.has(x));
      return ok(grantsOf(ctx, g.id));
    },
  ],
  ["GET", "/groups", (ctx) => ok(companyGroups(ctx).map((g) => groupView(ctx, g.id)))],
  [
    "POST",
    "/groups",
    (ctx) => {
      const n = nickname(ctx, null);
      const world = ctx.state.world;
      const id = Math.max(0, ...world.groups.map((g) => g.id)) + 1;
      world.groups.push({ id, nickname: n, companyid: ctx.user.companyid });
      return ok(groupView(ctx, id), 201);
    },
  ],
  [
    "PUT",
    "/groups/:id",
    (ctx) => {
      const g = ownGroup(ctx);
      g.nickname = nickname(ctx, g.id);
      ctx.state.version++;
      return ok(groupView(ctx, g.id));
    },
  ],
  [
    "DELETE",
    "/groups/:id",
    (ctx) => {
      const g = ownGroup(ctx);
      const members = companyUsers(ctx).filter((u) => u.group_ids.includes(g.id)).length;
      if (members > 0)
        throw new HttpError(
          409,
          `${g.nickname} still has ${members} member${members === 1 ? "" : "s"}: move them to another group first`,
        );
      const world = ctx.state.world;
      world.groups = world.groups.filter((x) => x.id !== g.id);
      for (const d of world.devicesByCompany.get(ctx.user.companyid) ?? [])
        d.group_ids = d.group_ids.filter((id) => id !== g.id);
      delete peopleState(ctx.state).grants[g.id];
      ctx.state.version++;
      return ok({ id: g.id });
    },
  ],

  [
    "GET",
    "/accounts/devicelinks",
    (ctx) => {
      const links = peopleState(ctx.state).links;
      return ok(
        companyUsers(ctx).map((u) => ({
          username_id: u.username_id,
          restricted: links[u.username_id] !== undefined,
          imeis: links[u.username_id] ?? [],
        })),
      );
    },
  ],
  [
    "POST",
    "/accounts/devicelinks",
    (ctx) => {
      const b = obj(ctx.body);
      const action = b.action;
      if (action !== "link" && action !== "unlink" && action !== "unrestrict")
        throw new HttpError(400, "action must be link, unlink or unrestrict");
      const ids = b.username_ids;
      if (!Array.isArray(ids) || !ids.length || ids.some((x) => !Number.isInteger(x)))
        throw new HttpError(400, "username_ids must list at least one account");
      const users = companyUsers(ctx);
      const targets = (ids as number[]).map((id) => users.find((u) => u.username_id === id));
      if (targets.some((u) => !u)) throw new HttpError(404, "Person not found");
      const imeis = action === "unrestrict" ? [] : b.imeis;
      if (!Array.isArray(imeis) || imeis.some((x) => typeof x !== "string"))
        throw new HttpError(400, "imeis must be a list of imeis");
      if (action !== "unrestrict" && !imeis.length)
        throw new HttpError(400, "imeis must list at least one device");
      for (const imei of imeis as string[]) {
        const d = ctx.state.world.devicesByImei.get(imei);
        if (!d || d.companyid !== ctx.user.companyid) throw new HttpError(404, "Device not found");
      }
      const links = peopleState(ctx.state).links;
      for (const u of targets as User[]) {
        if (action === "unrestrict") {
          delete links[u.username_id];
          continue;
        }
        const set = new Set(links[u.username_id] ?? []);
        for (const imei of imeis as string[]) action === "link" ? set.add(imei) : set.delete(imei);
        links[u.username_id] = [...set].sort();
      }
      return ok(
        (targets as User[]).map((u) => ({
          username_id: u.username_id,
          restricted: links[u.username_id] !== undefined,
          imeis: links[u.username_id] ?? [],
        })),
      );
    },
  ],
]);

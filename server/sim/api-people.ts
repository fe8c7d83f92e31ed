/**
 * People, groups, group permissions and account–device links (designed; SPEC §2.8, §3, §6).
 *
 * A user's effective permissions are the account's own (the seeded ones, `user.permissions`) plus
 * every permission granted to one of its groups; `/user/getpermissions` answers them, so a change
 * to a group's grants takes effect on the members' next call. An account with a link list is
 * restricted: `/user/iotdevices` and `/user/positions` answer only its linked devices. A
 * deactivated account cannot sign in and its tokens stop working (auth.ts asks `isActive`).
 * Another company's id is a 404. Writes are journaled by the HTTP layer.
 */
import { PERMISSIONS } from "./catalog";
import { HttpError, obj, ok, routes, type Ctx, type SimState } from "./kit";
import { idOf } from "./maintenance";
import type { User } from "./world";

export type PeopleState = {
  /** Permissions granted to each group (group id → permission names). */
  grants: Record<number, string[]>;
  /** Restricted accounts (username_id → linked imeis); an absent account sees every device. */
  links: Record<number, string[]>;
  /** Deactivated accounts. */
  inactive: number[];
  /** Last sign-in per account (ISO); the seeded accounts have one from before the world began. */
  lastLogin: Record<number, string>;
  /** Invitations and password-reset e-mails the upstream "sent" (newest last). */
  outbox: Array<{ to: string; kind: "invite" | "reset"; username_id: number; at: string }>;
  seq: number;
};

/** Users a plan allows (per company; subscriptions may raise it: api-billing.ts). */
export const DEFAULT_USER_LIMIT = 25;

export function peopleState(state: SimState): PeopleState {
  if (!state.people) {
    const before = state.world.createdAt - 86_400_000;
    state.people = {
      grants: {},
      links: {},
      inactive: [],
      lastLogin: Object.fromEntries(
        state.world.users.map((u, i) => [
          u.username_id,
          new Date(before - i * 3_600_000).toISOString(),
        ]),
      ),
      outbox: [],
      seq: 60_000,
    };
  }
  return state.people;
}

export const isActive = (state: SimState, u: User) =>
  !state.people || !state.people.inactive.includes(u.username_id);

/** The imeis an account may see, or null when it sees every device of its company. */
export function linkedImeis(state: SimState, u: User): string[] | null {
  return state.people?.links[u.username_id] ?? null;
}

/**
 * Sign-ins are not journaled (they change no company data), so their times live in this process
 * only (`SimState.lastLogins`, a runtime key): after a restart a person's last login is the seeded
 * one again, and a sign-in never creates the journaled people state by itself.
 */
export function recordLogin(state: SimState, u: User, now: number) {
  (state.lastLogins ??= {})[u.username_id] = new Date(now).toISOString();
}

type Grant = { source: "account" } | { source: "group"; group_id: number; nickname: string };

/** Every permission with whether the user has it and what grants it (the account, or groups). */
export function effective(state: SimState, u: User) {
  const grants = state.people?.grants ?? {};
  const groups = state.world.groups.filter((g) => u.group_ids.includes(g.id));
  const why: Record<string, Grant[]> = {};
  const permissions: Record<string, boolean> = {};
  for (const p of PERMISSIONS) {
    const from: Grant[] = u.permissions[p] === true ? [{ source: "account" }] : [];
    for (const g of groups)
      if (grants[g.id]?.includes(p))
        from.push({ source: "group", group_id: g.id, nickname: g.nickname });
    why[p] = from;
    permissions[p] = from.length > 0;
  }
  return { permissions, why };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{6,20}$/;

function companyUsers(ctx: Ctx) {
  return ctx.state.world.users.filter((u) => u.companyid === ctx.user.companyid);
}

function person(ctx: Ctx): User {
  const id = Number(idOf(ctx));
  const u = companyUsers(ctx).find((x) => x.username_id === id);
  if (!u) throw new HttpError(404, "Person not found");
  return u;
}

function view(state: SimState, u: User) {
  const p = peopleState(state);
  return {
    username_id: u.username_id,
    username: u.username,
    first_name: u.first_name,
    last_name: u.last_name,
    name: u.name,
    email: u.email,
    mobile: u.mobile,
    group_ids: [...u.group_ids],
    active: isActive(state, u),
    last_login: state.lastLogins?.[u.username_id] ?? p.lastLogin[u.username_id] ?? null,
    device_imeis: p.links[u.username_id] ?? null,
  };
}

function detail(state: SimState, u: User) {
  return { ...view(state, u), ...effective(state, u) };
}

function groupIds(ctx: Ctx, v: unknown): number[] {
  if (v === undefined) return [];
  if (!Array.isArray(v) || v.some((x) => !Number.isInteger(x)))
    throw new HttpError(400, "group_ids must be a list of group ids");
  const own = new Set(
    ctx.state.world.groups.filter((g) => g.companyid === ctx.user.companyid).map((g) => g.id),
  );
  // Another company's group looks like no group at all.
  if ((v as number[]).some((id) => !own.has(id))) throw new HttpError(404, "Group not found");
  return [...new Set(v as number[])];
}

/** Validated name, email and mobile; 409 when another account has the email (or username). */
function details(ctx: Ctx, b: Record<string, unknown>, self: User | null) {
  const text = (v: unknown, field: string, max: number) => {
    const s = typeof v === "string" ? v.trim() : "";
    if (!s) throw new HttpError(400, `${field} is required`);
    if (s.length > max) throw new HttpError(400, `${field} must be at most ${max} characters`);
    return s;
  };
  const first_name = text(b.first_name, "first_name", 50);
  const last_name = text(b.last_name, "last_name", 50);
  const email = text(b.email, "email", 120).toLowerCase();
  if (!EMAIL.test(email)) throw new HttpError(400, "email is not a valid email address");
  const mobile = typeof b.mobile === "string" && b.mobile.trim() ? b.mobile.trim() : null;
  if (mobile && !PHONE.test(mobile)) throw new HttpError(400, "mobile is not a valid phone number");
  const clash = ctx.state.world.users.find(
    (u) => u !== self && (u.email.toLowerCase() === email || u.username.toLowerCase() === email),
  );
  if (clash) throw new HttpError(409, "Email already in use");
  return { first_name, last_name, email, mobile, name: `${first_name} ${last_name}` };
}

function userLimit(state: SimState, companyid: number): number {
  return state.billing?.subscriptions[companyid]?.users ?? DEFAULT_USER_LIMIT;
}

function create(ctx: Ctx) {
  const b = obj(ctx.body);
  const d = details(ctx, b, null);
  const username =
    typeof b.username === "string" && b.username.trim() ? b.username.trim() : d.email;
  if (!/^[A-Za-z0-9._@+-]{3,120}$/.test(username))
    throw new HttpError(400, "username must be 3–120 letters, digits or . _ @ + -");
  if (ctx.state.world.users.some((u) => u.username.toLowerCase() === username.toLowerCase()))
    throw new HttpError(409, "Username already in use");
  const group_ids = groupIds(ctx, b.group_ids);
  const p = peopleState(ctx.state);
  const limit = userLimit(ctx.state, ctx.user.companyid);
  const activeCount = companyUsers(ctx).filter((u) => isActive(ctx.state, u)).length;
  if (activeCount >= limit)
    throw new HttpError(
      409,
      `User limit reached: your plan allows ${limit} active users. Buy more user licences or deactivate someone first`,
    );
  const u: User = {
    username_id: ++p.seq,
    username,
    // Nobody knows it: the invitee sets their own through the e-mailed link.
    password: ctx.random(),
    ...d,
    photo: null,
    avatar: null,
    companyid: ctx.user.companyid,
    tsadmin: false,
    group_ids,
    permissions: {},
  };
  ctx.state.world.users.push(u);
  ctx.state.auth.createResetToken(u, ctx.random(), ctx.now);
  p.outbox.push({
    to: u.email,
    kind: "invite",
    username_id: u.username_id,
    at: new Date(ctx.now).toISOString(),
  });
  return ok(detail(ctx.state, u), 201);
}

function update(ctx: Ctx) {
  const u = person(ctx);
  const b = obj(ctx.body);
  const d = details(ctx, b, u);
  const group_ids = b.group_ids === undefined ? u.group_ids : groupIds(ctx, b.group_ids);
  Object.assign(u, d, { group_ids });
  return ok(detail(ctx.state, u));
}

function setActive(ctx: Ctx) {
  const u = person(ctx);
  const active = obj(ctx.body).active;
  if (typeof active !== "boolean") throw new HttpError(400, "active must be true or false");
  if (u.username_id === ctx.user.username_id && !active)
    throw new HttpError(409, "You cannot deactivate your own account");
  const p = peopleState(ctx.state);
  if (active && !isActive(ctx.state, u)) {
    const limit = userLimit(ctx.state, u.companyid);
    if (companyUsers(ctx).filter((x) => isActive(ctx.state, x)).length >= limit)
      throw new HttpError(409, `User limit reached: your plan allows ${limit} active users`);
  }
  p.inactive = p.inactive.filter((id) => id !== u.username_id);
  if (!active) p.inactive.push(u.username_id);
  return ok(detail(ctx.state, u));
}

function sendReset(ctx: Ctx) {
  const u = person(ctx);
  if (!isActive(ctx.state, u)) throw new HttpError(409, "This account is deactivated");
  ctx.state.auth.createResetToken(u, ctx.random(), ctx.now);
  const at = new Date(ctx.now).toISOString();
  peopleState(ctx.state).outbox.push({
    to: u.email,
    kind: "reset",
    username_id: u.username_id,
    at,
  });
  return ok({ sent_to: u.email, at });
}

// ------------------------------------------------------------------ routes

export const peopleRoutes = routes([
  ["GET", "/people", (ctx) => ok(companyUsers(ctx).map((u) => view(ctx.state, u)))],
  ["POST", "/people", create],
  ["PUT", "/people/active/:id", setActive],
  ["POST", "/people/reset/:id", sendReset],
  ["GET", "/people/:id", (ctx) => ok(detail(ctx.state, person(ctx)))],
  ["PUT", "/people/:id", update],
]);

/** Account calls: login, sign-up, token login, password reset, profile (read, update), app settings (read, replace), permissions, push. */
import { FEATURES, PERMISSIONS } from "./catalog";
import { effective, isActive, linkedImeis, recordLogin } from "./api-people";
import { HttpError, obj, ok, routes, str, type Ctx } from "./kit";
import type { User, World } from "./world";

/** The user as the upstream shows it (never the password). */
export function publicUser(world: World, u: User) {
  const company = world.companies.get(u.companyid);
  return {
    username_id: u.username_id,
    username: u.username,
    name: u.name,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    mobile: u.mobile,
    photo: u.photo,
    avatar: u.avatar,
    companyid: u.companyid,
    company_name: company?.name ?? null,
    company_logo: company?.logo ?? null,
    tsadmin: u.tsadmin,
    groups: world.groups
      .filter((g) => u.group_ids.includes(g.id))
      .map((g) => ({ id: g.id, nickname: g.nickname })),
  };
}

function findLogin(world: World, name: string): User | undefined {
  const n = name.trim().toLowerCase();
  return world.users.find((u) => u.username.toLowerCase() === n || u.email.toLowerCase() === n);
}

async function login(ctx: Ctx) {
  const b = obj(ctx.body);
  const user = typeof b.username === "string" ? findLogin(ctx.state.world, b.username) : undefined;
  // SPEC §5: wrong credentials are a 200 without a user, never a distinguishable error.
  if (!user || typeof b.password !== "string" || user.password !== b.password) {
    return ok({ user: null, message: "Invalid username or password" });
  }
  if (!isActive(ctx.state, user))
    return ok({ user: null, message: "This account has been deactivated" });
  recordLogin(ctx.state, user, ctx.now);
  return ok({ token: await ctx.state.auth.issue(user), user: publicUser(ctx.state.world, user) });
}

function signUp(ctx: Ctx) {
  const b = obj(ctx.body);
  const info = obj(b.info);
  const first_name = str(info.first_name, "info.first_name").trim();
  const last_name = str(info.last_name, "info.last_name").trim();
  const email = str(info.email, "info.email").trim();
  const password = str(info.password, "info.password");
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new HttpError(400, "info.email is not a valid email address");
  const world = ctx.state.world;
  if (findLogin(world, email)) throw new HttpError(409, "Email already in use");
  // A sign-up opens a new company with every feature on and no devices yet.
  const companyid = Math.max(...world.companies.keys(), 999) + 1;
  const features = Object.fromEntries(FEATURES.map((f) => [f, true]));
  world.companies.set(companyid, {
    id: companyid,
    name: `${first_name} ${last_name}'s fleet`,
    logo: null,
    features,
    depots: [0],
    drivers: [`${first_name} ${last_name}`],
  });
  world.appSettings.push({
    id: companyid * 100 + 7,
    type: 7,
    companyid,
    settings: JSON.stringify(features),
  });
  world.devicesByCompany.set(companyid, []);
  const username_id = Math.max(...world.users.map((u) => u.username_id)) + 1;
  world.users.push({
    username_id,
    username: email,
    password,
    first_name,
    last_name,
    name: `${first_name} ${last_name}`,
    email,
    mobile: typeof info.mobile === "string" && info.mobile ? info.mobile : null,
    photo: null,
    avatar: null,
    companyid,
    tsadmin: false,
    group_ids: [],
    permissions: Object.fromEntries(PERMISSIONS.map((p) => [p, true])),
  });
  return ok({ message: "Account created", username: email, username_id, companyid }, 201);
}

async function tokenLogin(ctx: Ctx) {
  const token = ctx.query.get("token");
  if (!token) throw new HttpError(400, "No login token can be found");
  const user = ctx.state.auth.useResetToken(token, ctx.now);
  if (!user) throw new HttpError(401, "Login token is invalid or has expired");
  return ok({ token: await ctx.state.auth.issue(user) });
}

function resetPassword(ctx: Ctx) {
  const password = obj(ctx.body).password;
  if (typeof password !== "string" || !password) throw new HttpError(400, "password is required");
  ctx.user.password = password;
  return ok({ message: "Password changed" });
}

function lastPhoto(ctx: Ctx) {
  const id = Number(obj(ctx.body).username_id);
  const u = ctx.state.world.users.find((x) => x.username_id === id);
  if (!u || u.companyid !== ctx.user.companyid) throw new HttpError(404, "User not found");
  return ok(
    u.photo
      ? [
          {
            photo: u.photo,
            username_id: u.username_id,
            taken_at: new Date(ctx.state.world.createdAt - 86_400_000).toISOString(),
          },
        ]
      : [],
  );
}

function subscribe(ctx: Ctx) {
  const b = obj(ctx.body);
  const endpoint = str(b.endpoint, "endpoint");
  const keys = obj(b.keys ?? null);
  const sub = {
    id: ctx.state.pushSubscriptions.length + 1,
    username_id: ctx.user.username_id,
    endpoint,
    keys: { p256dh: str(keys.p256dh, "keys.p256dh"), auth: str(keys.auth, "keys.auth") },
  };
  const existing = ctx.state.pushSubscriptions.find(
    (s) => s.endpoint === endpoint && s.username_id === sub.username_id,
  );
  if (existing) return ok({ id: existing.id, message: "Already subscribed" });
  ctx.state.pushSubscriptions.push(sub);
  return ok({ id: sub.id, message: "Subscribed" }, 201);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE = /^\+?[0-9][0-9 ()-]{5,19}$/;

/** A name part: required when sent, trimmed, at most 50 characters. */
function namePart(v: unknown, field: string): string {
  if (typeof v !== "string" || !v.trim()) throw new HttpError(400, `${field} is required`);
  if (v.trim().length > 50) throw new HttpError(400, `${field} must be at most 50 characters`);
  return v.trim();
}

/**
 * PATCH /user/profile (designed call): the caller's own first_name, last_name, email and mobile.
 * Absent fields stay as they are; mobile null or "" clears it. The username never changes.
 */
function updateProfile(ctx: Ctx) {
  const b = obj(ctx.body);
  const u = ctx.user;
  const next = {
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    mobile: u.mobile,
  };
  if ("first_name" in b) next.first_name = namePart(b.first_name, "first_name");
  if ("last_name" in b) next.last_name = namePart(b.last_name, "last_name");
  if ("email" in b) {
    if (typeof b.email !== "string" || !EMAIL.test(b.email.trim()))
      throw new HttpError(400, "email is not a valid email address");
    next.email = b.email.trim();
  }
  if ("mobile" in b) {
    if (b.mobile === null || b.mobile === "") next.mobile = null;
    else if (typeof b.mobile !== "string" || !MOBILE.test(b.mobile.trim()))
      throw new HttpError(400, "mobile is not a valid phone number");
    else next.mobile = b.mobile.trim();
  }
  // Emails sign people in (findLogin), so one may not be another user's email or username.
  const holder = findLogin(ctx.state.world, next.email);
  if (holder && holder !== u) throw new HttpError(409, "Email already in use");
  Object.assign(u, next, { name: `${next.first_name} ${next.last_name}` });
  return ok(publicUser(ctx.state.world, u));
}

/**
 * PUT /appsettings/appsetting (designed call): replaces the company's entry of one type, creating
 * it when absent. Only users with edit_permissions may; type 7 must be a JSON object of booleans.
 */
function putAppSetting(ctx: Ctx) {
  if (ctx.user.permissions.edit_permissions !== true)
    throw new HttpError(403, "You do not have permission to change company settings");
  const b = obj(ctx.body);
  const type = b.type;
  if (typeof type !== "number" || !Number.isInteger(type) || type < 1)
    throw new HttpError(400, "type must be a positive integer");
  const settings = str(b.settings, "settings");
  let parsed: unknown;
  try {
    parsed = JSON.parse(settings);
  } catch {
    throw new HttpError(400, "settings must be JSON text");
  }
  if (type === 7) {
    const valid =
      parsed &&
      typeof parsed === "object" &&
      !Array.isArray(parsed) &&
      Object.values(parsed).every((v) => typeof v === "boolean");
    if (!valid)
      throw new HttpError(
        400,
        "settings of type 7 must be a JSON object of feature name to boolean",
      );
  }
  const world = ctx.state.world;
  const companyid = ctx.user.companyid;
  let entry = world.appSettings.find((s) => s.companyid === companyid && s.type === type);
  if (entry) entry.settings = settings;
  else {
    entry = { id: companyid * 100 + type, type, companyid, settings };
    world.appSettings.push(entry);
  }
  if (type === 7) {
    const company = world.companies.get(companyid);
    if (company) company.features = parsed as Record<string, boolean>;
  }
  return ok({ id: entry.id, type: entry.type, settings: entry.settings });
}

export const accountRoutes = routes([
  // Signing in changes nothing durable (a JWT is self-contained), so it is not journaled.
  ["POST", "/auth/login", login, { auth: false, write: false }],
  ["POST", "/website/account", signUp, { auth: false }],
  // A GET that writes: it consumes the single-use reset token.
  ["GET", "/auth/tokenLogin", tokenLogin, { auth: false, write: true }],
  ["POST", "/accounts/resetPassword", resetPassword],
  [
    "POST",
    "/auth/logout",
    (ctx) => (ctx.state.auth.revoke(ctx.jti), ok({ message: "Logged out" })),
  ],
  [
    "GET",
    "/user/profile",
    (ctx) =>
      ok({
        ...publicUser(ctx.state.world, ctx.user),
        device_imeis: linkedImeis(ctx.state, ctx.user),
      }),
  ],
  ["PATCH", "/user/profile", updateProfile],
  [
    "GET",
    "/appsettings/appsetting",
    (ctx) =>
      ok(
        ctx.state.world.appSettings
          .filter((s) => s.companyid === ctx.user.companyid)
          .map(({ id, type, settings }) => ({ id, type, settings })),
      ),
  ],
  ["PUT", "/appsettings/appsetting", putAppSetting],
  [
    "POST",
    "/user/getpermissions",
    (ctx) =>
      ok({
        username_id: ctx.user.username_id,
        permissions: effective(ctx.state, ctx.user).permissions,
      }),
    { write: false },
  ],
  ["POST", "/timesheet/getLastPhoto", lastPhoto, { write: false }],
  ["POST", "/v2/notifications/push-notifications/subscribe", subscribe],
]);

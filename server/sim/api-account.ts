/** Account calls: login, sign-up, token login, password reset, profile, settings, permissions, push. */
import { FEATURES, PERMISSIONS } from "./catalog";
import { HttpError, obj, ok, routes, str, type Ctx } from "./kit";
import { permissionsOf, type User, type World } from "./world";

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
    groups: world.groups.filter((g) => u.group_ids.includes(g.id)).map((g) => ({ id: g.id, nickname: g.nickname })),
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
  return ok({ token: await ctx.state.auth.issue(user), user: publicUser(ctx.state.world, user) });
}

function signUp(ctx: Ctx) {
  const b = obj(ctx.body);
  const info = obj(b.info);
  const first_name = str(info.first_name, "info.first_name").trim();
  const last_name = str(info.last_name, "info.last_name").trim();
  const email = str(info.email, "info.email").trim();
  const password = str(info.password, "info.password");
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new HttpError(400, "info.email is not a valid email address");
  const world = ctx.state.world;
  if (findLogin(world, email)) throw new HttpError(409, "Email already in use");
  // A sign-up opens a new company with every feature on and no devices yet.
  const companyid = Math.max(...world.companies.keys(), 999) + 1;
  const features = Object.fromEntries(FEATURES.map((f) => [f, true]));
  world.companies.set(companyid, { id: companyid, name: `${first_name} ${last_name}'s fleet`, logo: null, features, depots: [0], drivers: [`${first_name} ${last_name}`] });
  world.appSettings.push({ id: companyid * 100 + 7, type: 7, companyid, settings: JSON.stringify(features) });
  world.devicesByCompany.set(companyid, []);
  const username_id = Math.max(...world.users.map((u) => u.username_id)) + 1;
  world.users.push({
    username_id, username: email, password, first_name, last_name, name: `${first_name} ${last_name}`, email,
    mobile: typeof info.mobile === "string" && info.mobile ? info.mobile : null, photo: null, avatar: null, companyid,
    tsadmin: false, group_ids: [], permissions: Object.fromEntries(PERMISSIONS.map((p) => [p, true])),
  });
  return ok({ message: "Account created", username: email, username_id, companyid }, 201);
}

async function tokenLogin(ctx: Ctx) {
  const token = ctx.query.get("token");
  if (!token) throw new HttpError(400, "No login token can be found");
  const user = ctx.state.auth.useResetToken(token);
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
  return ok(u.photo ? [{ photo: u.photo, username_id: u.username_id, taken_at: new Date(ctx.state.world.createdAt - 86_400_000).toISOString() }] : []);
}

function subscribe(ctx: Ctx) {
  const b = obj(ctx.body);
  const endpoint = str(b.endpoint, "endpoint");
  const keys = obj(b.keys ?? null);
  const sub = { id: ctx.state.pushSubscriptions.length + 1, username_id: ctx.user.username_id, endpoint, keys: { p256dh: str(keys.p256dh, "keys.p256dh"), auth: str(keys.auth, "keys.auth") } };
  const existing = ctx.state.pushSubscriptions.find((s) => s.endpoint === endpoint && s.username_id === sub.username_id);
  if (existing) return ok({ id: existing.id, message: "Already subscribed" });
  ctx.state.pushSubscriptions.push(sub);
  return ok({ id: sub.id, message: "Subscribed" }, 201);
}

export const accountRoutes = routes([
  ["POST", "/auth/login", login, { auth: false }],
  ["POST", "/website/account", signUp, { auth: false }],
  ["GET", "/auth/tokenLogin", tokenLogin, { auth: false }],
  ["POST", "/accounts/resetPassword", resetPassword],
  ["POST", "/auth/logout", (ctx) => (ctx.state.auth.revoke(ctx.jti), ok({ message: "Logged out" }))],
  ["GET", "/user/profile", (ctx) => ok(publicUser(ctx.state.world, ctx.user))],
  [
    "GET", "/appsettings/appsetting",
    (ctx) => ok(ctx.state.world.appSettings.filter((s) => s.companyid === ctx.user.companyid).map(({ id, type, settings }) => ({ id, type, settings }))),
  ],
  ["POST", "/user/getpermissions", (ctx) => ok({ username_id: ctx.user.username_id, permissions: permissionsOf(ctx.user) })],
  ["POST", "/timesheet/getLastPhoto", lastPhoto],
  ["POST", "/v2/notifications/push-notifications/subscribe", subscribe],
]);

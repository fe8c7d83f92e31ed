/** Account calls (SPEC §7): sign-in, sign-up, profile, settings, feature flags, permissions. */
import type { z } from "zod";
import type { Upstream } from "./client.server";
import * as s from "./schemas";
import { MESSAGES, UpstreamError } from "./errors";
import { PLATFORM } from "./platform";

// ------------------------------------------------------------------ account

export type LoginResult =
  { ok: true; token: string; user: s.UpstreamUser } | { ok: false; message: string };

/** POST /auth/login/. A 200 without a user is the wrong-credentials case (SPEC §5). */
export async function login(
  up: Upstream,
  input: { username: string; password: string; platform?: string },
): Promise<LoginResult> {
  const { data } = await up.request({
    method: "POST",
    path: "/auth/login/",
    body: {
      username: input.username,
      password: input.password,
      platform: input.platform ?? PLATFORM,
    },
    schema: s.loginResponseSchema,
  });
  if (!data.user || !data.token) return { ok: false, message: MESSAGES.badCredentials };
  return { ok: true, token: data.token, user: data.user };
}

/** POST /website/account. Anything but 201 is 'Problem with sign up...' (SPEC §5, §8). */
export async function signUp(up: Upstream, info: s.SignUpInfo, platform = PLATFORM): Promise<void> {
  let status: number;
  try {
    ({ status } = await up.request({
      method: "POST",
      path: "/website/account",
      body: { platform, info },
      schema: s.signUpResponseSchema,
    }));
  } catch (e) {
    if (e instanceof UpstreamError && e.kind === "http")
      throw new UpstreamError(MESSAGES.signUpFailed, e.status, "http", e.body, e.call);
    throw e;
  }
  if (status !== 201)
    throw new UpstreamError(MESSAGES.signUpFailed, status, "http", null, "POST /website/account");
}

/** GET /auth/tokenLogin?token= — returns the bearer token for the recovery session. */
export async function tokenLogin(up: Upstream, token: string): Promise<string> {
  let data: z.infer<typeof s.tokenLoginResponseSchema>;
  try {
    ({ data } = await up.request({
      method: "GET",
      path: "/auth/tokenLogin",
      query: { token },
      schema: s.tokenLoginResponseSchema,
    }));
  } catch (e) {
    if (e instanceof UpstreamError && e.kind === "http")
      throw new UpstreamError(MESSAGES.tokenLoginFailed, e.status, "http", e.body, e.call);
    throw e;
  }
  if (!data.token)
    throw new UpstreamError(
      MESSAGES.tokenLoginNoToken,
      502,
      "invalid_response",
      data,
      "GET /auth/tokenLogin",
    );
  return data.token;
}

export async function resetPassword(up: Upstream, password: string): Promise<void> {
  await up.request({
    method: "POST",
    path: "/accounts/resetPassword",
    body: { password },
    schema: s.messageSchema,
  });
}

export async function subscribePush(
  up: Upstream,
  subscription: s.PushSubscriptionInput,
): Promise<void> {
  await up.request({
    method: "POST",
    path: "/v2/notifications/push-notifications/subscribe",
    body: subscription,
    schema: s.subscribeResponseSchema,
  });
}

/** POST /auth/logout; a failure is 'Unable to logout' (SPEC §8). */
export async function logout(up: Upstream): Promise<void> {
  try {
    await up.request({ method: "POST", path: "/auth/logout", schema: s.messageSchema });
  } catch (e) {
    if (e instanceof UpstreamError)
      throw new UpstreamError(MESSAGES.logoutFailed, e.status, e.kind, e.body, e.call);
    throw e;
  }
}

export async function profile(up: Upstream): Promise<s.UpstreamUser> {
  return (
    await up.request({
      method: "GET",
      path: "/user/profile",
      schema: s.userSchema,
      idempotent: true,
    })
  ).data;
}

export async function appSettings(up: Upstream): Promise<s.AppSetting[]> {
  return (
    await up.request({
      method: "GET",
      path: "/appsettings/appsetting",
      schema: s.appSettingsSchema,
      idempotent: true,
    })
  ).data;
}

/**
 * PATCH /user/profile (designed call): changes the caller's own profile and returns the user.
 * 409 when the email belongs to another user; 400 `{message}` for invalid input.
 */
export async function updateProfile(up: Upstream, input: s.ProfileUpdate): Promise<s.UpstreamUser> {
  return (
    await up.request({ method: "PATCH", path: "/user/profile", body: input, schema: s.userSchema })
  ).data;
}

/**
 * PUT /appsettings/appsetting (designed call): replaces the company's entry of `type` (settings as
 * JSON text) and returns it. 403 without the edit_permissions permission.
 */
export async function putAppSetting(
  up: Upstream,
  input: { type: number; settings: string },
): Promise<s.AppSetting> {
  return (
    await up.request({
      method: "PUT",
      path: "/appsettings/appsetting",
      body: input,
      schema: s.appSettingSchema,
    })
  ).data;
}

/** Saves the company's feature flags as the app setting of type 7 (SPEC §6); returns what was stored. */
export async function saveFeatureFlags(
  up: Upstream,
  flags: s.FeatureFlags,
): Promise<s.FeatureFlags> {
  const entry = await putAppSetting(up, { type: 7, settings: JSON.stringify(flags) });
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(entry.settings ?? "{}");
  } catch {
    // falls through to the schema check below
  }
  const flagsOut = s.featureFlagsSchema.safeParse(parsed);
  if (!flagsOut.success)
    throw new UpstreamError(
      "Unexpected response from PUT /appsettings/appsetting (settings)",
      502,
      "invalid_response",
      entry,
      "PUT /appsettings/appsetting",
    );
  return flagsOut.data;
}

/** The app setting of type 7, parsed (SPEC §6). Failures are ignored (SPEC §8): `{}` hides nothing. */
export async function featureFlags(up: Upstream): Promise<s.FeatureFlags> {
  try {
    const entry = (await appSettings(up)).find((x) => x.type === 7);
    if (!entry?.settings) return {};
    const parsed = s.featureFlagsSchema.safeParse(JSON.parse(entry.settings));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export async function permissions(up: Upstream): Promise<s.Permissions> {
  return (
    await up.request({
      method: "POST",
      path: "/user/getpermissions",
      body: {},
      schema: s.permissionsResponseSchema,
      idempotent: true,
    })
  ).data.permissions;
}

/** POST /timesheet/getLastPhoto; the first item's photo is the avatar (SPEC §7), or null. */
export async function lastPhoto(up: Upstream, username_id: number): Promise<string | null> {
  const { data } = await up.request({
    method: "POST",
    path: "/timesheet/getLastPhoto",
    body: { username_id },
    schema: s.lastPhotoSchema,
    idempotent: true,
  });
  return data[0]?.photo ?? null;
}

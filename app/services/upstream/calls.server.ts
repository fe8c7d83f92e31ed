/**
 * One typed function per upstream call (SPEC §7, plus the designed calls for sync, trips and
 * events). Each takes the client (`createUpstream(...).withToken(token)`) first.
 */
import { z } from "zod";
import type { Upstream } from "./client.server";
import { MESSAGES, UpstreamError } from "./errors";
import * as s from "./schemas";
import { compareText } from "~/lib/text-order";

const PLATFORM = "web";

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

// ------------------------------------------------------------------ devices

export async function iotDevices(up: Upstream, platform = PLATFORM): Promise<s.Device[]> {
  return (
    await up.request({
      method: "POST",
      path: "/user/iotdevices",
      body: { platform },
      schema: s.devicesSchema,
      idempotent: true,
    })
  ).data;
}

/** Positions reported since `since` (all when absent); pass `asOf` back as the next `since`. */
export async function positions(
  up: Upstream,
  input: { since?: string; imeis?: string[] } = {},
): Promise<s.PositionsResponse> {
  return (
    await up.request({
      method: "POST",
      path: "/user/positions",
      body: input,
      schema: s.positionsResponseSchema,
      idempotent: true,
    })
  ).data;
}

export async function changeNickname(up: Upstream, imei: string, nickname: string) {
  return (
    await up.request({
      method: "POST",
      path: "/user/changenickname",
      body: { imei, nickname },
      schema: s.nicknameResultSchema,
    })
  ).data;
}

export async function changeIcon(up: Upstream, imei: string, icon: string) {
  return (
    await up.request({
      method: "POST",
      path: "/user/changeicon",
      body: { imei, icon },
      schema: s.iconResultSchema,
    })
  ).data;
}

export async function setPermDriver(up: Upstream, imei: string, permdriver: string | null) {
  return (
    await up.request({
      method: "PATCH",
      path: "/vehicles/vehicle",
      query: { imei },
      body: { permdriver },
      schema: s.permDriverResultSchema,
    })
  ).data;
}

export async function setVehicleTags(up: Upstream, imei: string, tag_ids: number[]) {
  return (
    await up.request({
      method: "POST",
      path: "/vehicles/vehicleTags",
      body: { imei, tag_ids },
      schema: s.vehicleTagsResultSchema,
    })
  ).data;
}

export async function setVehicleGroups(up: Upstream, imei: string, compgroups_ids: number[]) {
  return (
    await up.request({
      method: "POST",
      path: "/vehicles/groups",
      body: { imei, compgroups_ids },
      schema: s.vehicleGroupsResultSchema,
    })
  ).data;
}

/** Centre as "lat,lng" and radius in metres. */
export async function saveGeofence(
  up: Upstream,
  input: { imei: string; geofence_gps: string; geofence_meters: number },
): Promise<s.Geofence> {
  return (
    await up.request({
      method: "POST",
      path: "/user/saveGeoFence",
      body: input,
      schema: s.geofenceSchema,
    })
  ).data;
}

/** Afterwards geofence_gps and geofence_meters are both null (SPEC §4). */
export async function deleteGeofence(up: Upstream, imei: string): Promise<s.Geofence> {
  return (
    await up.request({
      method: "POST",
      path: "/geofences/deleteGeofence",
      body: { imei },
      schema: s.geofenceSchema,
    })
  ).data;
}

/** Company tags of type 2 (SPEC §9). */
export async function companyTags(up: Upstream): Promise<s.CompanyTag[]> {
  const { data } = await up.request({
    method: "GET",
    path: "/accounts/companyTags",
    query: { type: 2 },
    schema: s.companyTagsSchema,
    idempotent: true,
  });
  return data.filter((t) => t.type === undefined || t.type === 2);
}

/** Groups sorted by nickname, case-insensitively (SPEC §3). */
export async function compGroups(up: Upstream): Promise<Array<s.Group>> {
  const { data } = await up.request({
    method: "POST",
    path: "/user/getcompgroupsuser",
    body: {},
    schema: s.compGroupsSchema,
    idempotent: true,
  });
  return data
    .map(({ id, nickname }) => ({ id, nickname }))
    .sort((a, b) => compareText(a.nickname, b.nickname) || a.id - b.id);
}

// ------------------------------------------------------------------ trips and logbook

type Range = { from?: string; to?: string };

export async function logEntries(
  up: Upstream,
  imei: string,
  range: Range = {},
): Promise<s.LogEntry[]> {
  return (
    await up.request({
      method: "GET",
      path: "/logbook/logentries",
      query: { imei, ...range },
      schema: s.logEntriesSchema,
      idempotent: true,
    })
  ).data;
}

export async function deleteTrip(up: Upstream, entry: s.LogEntry) {
  return (
    await up.request({
      method: "POST",
      path: "/user/deleteTripv2",
      body: entry,
      schema: s.deleteTripResultSchema,
    })
  ).data;
}

/** Sends the entry with its purpose (and description, the purpose text) changed. */
export async function changePurpose(
  up: Upstream,
  entry: s.LogEntry,
  purpose: s.Purpose,
  description?: string,
): Promise<s.LogEntry> {
  const [a, b, meta] = entry;
  const body = [a, b, { ...meta, purpose, ...(description !== undefined ? { description } : {}) }];
  return (
    await up.request({
      method: "POST",
      path: "/logbook/changePurpose",
      body,
      schema: s.changePurposeResultSchema,
    })
  ).data.entry;
}

/** A trip with the same logstart and logstop as an existing one is ignored: `duplicate: true`. */
export async function saveTrip(up: Upstream, trip: s.NewTrip): Promise<s.SaveTripResult> {
  return (
    await up.request({
      method: "POST",
      path: "/user/tripsv2",
      body: trip,
      schema: s.saveTripResultSchema,
    })
  ).data;
}

export async function trips(
  up: Upstream,
  imei: string,
  range: Range & { points?: boolean } = {},
): Promise<s.Trip[]> {
  const query = { imei, from: range.from, to: range.to, points: range.points === false ? 0 : 1 };
  return (
    await up.request({
      method: "GET",
      path: "/user/trips",
      query,
      schema: s.tripsResponseSchema,
      idempotent: true,
    })
  ).data.trips;
}

export async function trackpoints(
  up: Upstream,
  imei: string,
  range: Range & { intervalS?: number } = {},
) {
  const query = { imei, from: range.from, to: range.to, interval: range.intervalS };
  return (
    await up.request({
      method: "GET",
      path: "/user/trackpoints",
      query,
      schema: s.trackpointsResponseSchema,
      idempotent: true,
    })
  ).data;
}

// ------------------------------------------------------------------ events

/** Alert events after `since` (oldest first); when `hasMore`, call again with `next`. */
export async function events(
  up: Upstream,
  input: { since?: string; limit?: number } = {},
): Promise<s.EventsPage> {
  return (
    await up.request({
      method: "GET",
      path: "/v2/events",
      query: input,
      schema: s.eventsResponseSchema,
      idempotent: true,
    })
  ).data;
}

/** Device management writes: the upstream first, then the cache (published to live views). */
import { upstream } from "~/services/api.server";
import { remember } from "~/services/remember.server";
import { FieldError, type Auth } from "~/services/company-context.server";
import { prisma } from "~/services/db.server";
import { logError } from "~/services/log.server";
import * as up from "~/services/upstream/index.server";
import { bump, publishDiff, ROW, stateOf, type Group, type Row, type Tag } from "./devices.server";
import { requireDevice } from "./devices-read.server";

/** Upstream 404 → our 404; 400 → a message next to the field; anything else propagates. */
async function call<T>(field: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (up.isUpstreamError(e) && e.kind === "http" && e.status === 404)
      throw new Response("Device not found", { status: 404 });
    if (up.isUpstreamError(e) && e.kind === "http" && e.status === 400)
      throw new FieldError(field, e.message);
    throw e;
  }
}

async function updateCache(auth: Auth, imei: string, data: Record<string, unknown>) {
  // A sync in flight may have read the upstream before this change: let it land first.
  await stateOf(auth.companyId).inflight?.catch(() => undefined);
  const before = await prisma.device.findFirst({
    where: { imei, companyId: auth.companyId },
    select: ROW,
  });
  stateOf(auth.companyId).localWrites.set(imei, Date.now());
  await prisma.device.updateMany({ where: { imei, companyId: auth.companyId }, data });
  const after = await prisma.device.findFirst({
    where: { imei, companyId: auth.companyId },
    select: ROW,
  });
  bump(auth.companyId);
  if (before && after) await publishDiff(auth.companyId, [before as Row], [after as Row]);
}

export const NICKNAME_MAX = 64;

export async function renameDevice(auth: Auth, imei: string, nickname: string) {
  await requireDevice(auth, imei);
  const r = await call("nickname", () => up.changeNickname(upstream(auth.token), imei, nickname));
  await updateCache(auth, imei, { nickname: r.nickname });
}

export async function changeDeviceIcon(auth: Auth, imei: string, icon: string) {
  await requireDevice(auth, imei);
  const r = await call("icon", () => up.changeIcon(upstream(auth.token), imei, icon));
  await updateCache(auth, imei, { avatar: r.avatar });
}

/** How long a permanent driver the upstream refused stays applied locally (SPEC §8). */
export const LOCAL_OVERRIDE_MS = 60 * 60_000;

/**
 * SPEC §8: when the upstream refuses the permanent driver, the alert 'ERROR FOR NOW' shows and
 * the local change is applied anyway (to the cache, until the next full sync says otherwise).
 */
export async function setDevicePermDriver(
  auth: Auth,
  imei: string,
  permdriver: string | null,
): Promise<{ ok: true } | { ok: false; alert: string }> {
  await requireDevice(auth, imei);
  try {
    const r = await call("permdriver", () =>
      up.setPermDriver(upstream(auth.token), imei, permdriver),
    );
    stateOf(auth.companyId).overrides.delete(imei);
    await updateCache(auth, imei, { permdriver: r.permdriver });
    return { ok: true };
  } catch (e) {
    if (e instanceof Response) throw e;
    logError("devices", e);
    // Kept over full syncs for a while: the upstream still holds the old driver.
    stateOf(auth.companyId).overrides.set(imei, {
      permdriver,
      until: Date.now() + LOCAL_OVERRIDE_MS,
    });
    await updateCache(auth, imei, { permdriver });
    return { ok: false, alert: up.MESSAGES.permDriverFailed };
  }
}

/** Company tags of type 2 (SPEC §9). */
export function companyTagList(auth: Auth): Promise<Tag[]> {
  return remember(`tags:${auth.companyId}`, 60_000, async () =>
    (await up.companyTags(upstream(auth.token))).map((t) => ({
      id: t.id,
      name: t.name,
      ...(t.colour ? { colour: t.colour } : {}),
    })),
  );
}

/** The company's groups, sorted by nickname (SPEC §7). */
export function companyGroupList(auth: Auth): Promise<Group[]> {
  return remember(`groups:${auth.companyId}`, 60_000, () => up.compGroups(upstream(auth.token)));
}

export async function setDeviceTags(auth: Auth, imei: string, tagIds: number[]) {
  await requireDevice(auth, imei);
  const tags = await companyTagList(auth);
  const unknown = tagIds.filter((id) => !tags.some((t) => t.id === id));
  if (unknown.length)
    throw new FieldError("tags", `Unknown tag: ${unknown.join(", ")}. Choose tags from the list.`);
  await call("tags", () => up.setVehicleTags(upstream(auth.token), imei, tagIds));
  await updateCache(auth, imei, { tags: tags.filter((t) => tagIds.includes(t.id)) });
}

export async function setDeviceGroups(auth: Auth, imei: string, groupIds: number[]) {
  await requireDevice(auth, imei);
  const groups = await companyGroupList(auth);
  const unknown = groupIds.filter((id) => !groups.some((x) => x.id === id));
  if (unknown.length)
    throw new FieldError(
      "groups",
      `Unknown group: ${unknown.join(", ")}. Choose groups from the list.`,
    );
  await call("groups", () => up.setVehicleGroups(upstream(auth.token), imei, groupIds));
  await updateCache(auth, imei, { groups: groups.filter((x) => groupIds.includes(x.id)) });
}

export const GEOFENCE_MIN_M = 10;
export const GEOFENCE_MAX_M = 100_000;

export async function saveDeviceGeofence(
  auth: Auth,
  imei: string,
  fence: { lat: number; lng: number; meters: number },
) {
  await requireDevice(auth, imei);
  const geofence_gps = `${fence.lat.toFixed(6)},${fence.lng.toFixed(6)}`;
  const r = await call("radius", () =>
    up.saveGeofence(upstream(auth.token), { imei, geofence_gps, geofence_meters: fence.meters }),
  );
  await updateCache(auth, imei, { geofenceGps: r.geofence_gps, geofenceMeters: r.geofence_meters });
}

/** SPEC §4: deleting a geofence sets geofence_gps and geofence_meters to null. */
export async function deleteDeviceGeofence(auth: Auth, imei: string) {
  await requireDevice(auth, imei);
  await call("geofence", () => up.deleteGeofence(upstream(auth.token), imei));
  await updateCache(auth, imei, { geofenceGps: null, geofenceMeters: null });
}

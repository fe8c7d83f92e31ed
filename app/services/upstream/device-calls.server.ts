/** Device calls (SPEC §7): the device list, position deltas and device management. */
import type { Upstream } from "./client.server";
import * as s from "./schemas";
import { PLATFORM } from "./platform";
import { compareText } from "~/lib/text-order";

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

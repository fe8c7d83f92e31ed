/**
 * The map's compact JSON (issue 4: at most 60 gzipped bytes per device). Two parts:
 * - static (names, icons, groups, tags: changes rarely, fetched by version and cached by the browser),
 * - live (one flat number array, 5 numbers per device with a position).
 * Pure: the server encodes, the browser decodes.
 */
import { STATUSES, type DeviceStatus } from "./device-status";

export const STRIDE = 5;
/** Coordinates travel as integers of 1e-5 degree (about 1 m). */
export const COORD_SCALE = 1e5;
export const OUTDATED_FLAG = 4;

export type MapStatic = {
  v: string;
  imei: string[];
  name: string[];
  icon: (string | null)[];
  type: number[];
  grp: number[][];
  tag: number[][];
  groups: [number, string][];
  tags: [number, string, string | null][];
  /** Device geofences: [index, lat*1e5, lng*1e5, metres]. */
  fence: [number, number, number, number][];
};

/** `p` holds [index, lat*1e5, lng*1e5, status code (+4 when outdated), heading/10] per device. */
export type MapLive = { s: string; t: number; p: number[] };

export type MapDevice = {
  index: number;
  imei: string;
  nickname: string;
  avatar: string | null;
  deviceTypeId: number;
  groupIds: number[];
  tagIds: number[];
  lat: number | null;
  lng: number | null;
  status: DeviceStatus;
  outdated: boolean;
  heading: number;
};

export function encodeLive(
  staticVersion: string,
  at: number,
  devices: {
    lat: number | null;
    lng: number | null;
    status: DeviceStatus;
    outdated: boolean;
    heading: number | null;
  }[],
): MapLive {
  const p: number[] = [];
  devices.forEach((d, i) => {
    if (d.lat === null || d.lng === null) return;
    p.push(
      i,
      Math.round(d.lat * COORD_SCALE),
      Math.round(d.lng * COORD_SCALE),
      STATUSES.indexOf(d.status) + (d.outdated ? OUTDATED_FLAG : 0),
      Math.round((d.heading ?? 0) / 10) % 36,
    );
  });
  return { s: staticVersion, t: at, p };
}

/** Joins the two parts back into one device list (devices without a position keep null coordinates). */
export function decodeMap(st: MapStatic, live: MapLive | null): MapDevice[] {
  const out: MapDevice[] = st.imei.map((imei, i) => ({
    index: i,
    imei,
    nickname: st.name[i] ?? imei,
    avatar: st.icon[i] ?? null,
    deviceTypeId: st.type[i] ?? 0,
    groupIds: st.grp[i] ?? [],
    tagIds: st.tag[i] ?? [],
    lat: null,
    lng: null,
    status: "offline",
    outdated: true,
    heading: 0,
  }));
  if (!live) return out;
  for (let k = 0; k + STRIDE <= live.p.length; k += STRIDE) {
    const d = out[live.p[k]!];
    if (!d) continue;
    const code = live.p[k + 3]!;
    d.lat = live.p[k + 1]! / COORD_SCALE;
    d.lng = live.p[k + 2]! / COORD_SCALE;
    d.status = STATUSES[code % OUTDATED_FLAG] ?? "offline";
    d.outdated = code >= OUTDATED_FLAG;
    d.heading = live.p[k + 4]! * 10;
  }
  return out;
}

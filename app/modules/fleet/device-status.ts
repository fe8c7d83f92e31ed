/**
 * A device's status from its last fix (issue 4): moving, idling, resting or offline, plus
 * "outdated" for a device that has been silent longer than its status allows. A device is never
 * shown as moving once its last fix is older than the moving threshold.
 */
export type DeviceStatus = "moving" | "idling" | "resting" | "offline";
export const STATUSES: readonly DeviceStatus[] = ["moving", "idling", "resting", "offline"];
/** Compact codes for the map's JSON (index = code). */
export const STATUS_CODES: Record<DeviceStatus, number> = {
  moving: 0,
  idling: 1,
  resting: 2,
  offline: 3,
};

export type StatusThresholds = {
  /** A moving or idling device silent this long is outdated (it reports every 10 s / 1 min). */
  movingOutdatedMs: number;
  /** A resting device silent this long is outdated (parked devices send a 15-minute heartbeat). */
  restingOutdatedMs: number;
  /** Silent this long: offline (the upstream's own rule is 24 h). */
  offlineMs: number;
};

export const DEFAULT_THRESHOLDS: StatusThresholds = {
  movingOutdatedMs: 4 * 3_600_000,
  restingOutdatedMs: 24 * 3_600_000,
  offlineMs: 24 * 3_600_000,
};

export type Fix = {
  speed: number | null;
  ignition: boolean | null;
  lastContactAt: Date | string | number | null;
};
export type StatusResult = { status: DeviceStatus; outdated: boolean; silentMs: number | null };

const time = (v: Date | string | number) =>
  v instanceof Date ? v.getTime() : typeof v === "number" ? v : Date.parse(v);

/** Reported state of a fix, ignoring its age. */
export function reportedState(
  fix: Pick<Fix, "speed" | "ignition">,
): Exclude<DeviceStatus, "offline"> {
  if ((fix.speed ?? 0) > 0) return "moving";
  if (fix.ignition) return "idling";
  return "resting";
}

export function deviceStatus(
  fix: Fix,
  now: number = Date.now(),
  t: StatusThresholds = DEFAULT_THRESHOLDS,
): StatusResult {
  if (fix.lastContactAt === null || fix.lastContactAt === undefined)
    return { status: "offline", outdated: true, silentMs: null };
  const silentMs = Math.max(0, now - time(fix.lastContactAt));
  if (silentMs > t.offlineMs) return { status: "offline", outdated: true, silentMs };
  const reported = reportedState(fix);
  if (reported === "resting")
    return { status: "resting", outdated: silentMs > t.restingOutdatedMs, silentMs };
  // A vehicle last seen driving hours ago is not "moving" now: we do not know where it is.
  if (silentMs > t.movingOutdatedMs) return { status: "resting", outdated: true, silentMs };
  return { status: reported, outdated: false, silentMs };
}

/** Thresholds from hours (configuration), falling back to the defaults for bad values. */
export function thresholdsFromHours(input: {
  moving?: unknown;
  resting?: unknown;
  offline?: unknown;
}): StatusThresholds {
  const h = (v: unknown, d: number) => {
    const n = Number(v);
    return v !== undefined && v !== "" && Number.isFinite(n) && n > 0 ? n * 3_600_000 : d;
  };
  return {
    movingOutdatedMs: h(input.moving, DEFAULT_THRESHOLDS.movingOutdatedMs),
    restingOutdatedMs: h(input.resting, DEFAULT_THRESHOLDS.restingOutdatedMs),
    offlineMs: h(input.offline, DEFAULT_THRESHOLDS.offlineMs),
  };
}

export const STATUS_LABELS: Record<DeviceStatus, string> = {
  moving: "Moving",
  idling: "Idling",
  resting: "Resting",
  offline: "Offline",
};
/** Colours chosen to stay distinguishable for red-green colour blindness (blue / amber / grey / red). */
export const STATUS_COLOURS: Record<DeviceStatus, string> = {
  moving: "#1971c2",
  idling: "#f08c00",
  resting: "#495057",
  offline: "#c92a2a",
};

/** "3 h 5 min", "2 d 4 h", "45 s". */
export function formatDuration(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

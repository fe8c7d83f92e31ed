/**
 * Fixed vocabularies of the simulated upstream: device types (SPEC §9), icons, permissions and
 * features (SPEC §6). Kept apart from world generation so tests and handlers can name them.
 */

export const TRIP_DEVICES = [
  1, 2, 3, 4, 5, 6, 7, 8, 20, 22, 23, 24, 25, 26, 27, 28, 29, 30,
] as const;
export const POLL_DEVICES = [21] as const;
export const LIVE_DASHCAM = [27, 24] as const;
export const CONCRETE_DEVICES = [77] as const;
export const ENVIRONMENT_DEVICES = [57] as const;
export const ALL_DEVICE_TYPES = [
  ...TRIP_DEVICES,
  ...POLL_DEVICES,
  ...CONCRETE_DEVICES,
  ...ENVIRONMENT_DEVICES,
];

/** Devices of these types do not drive: they sit at a site and report on a poll interval. */
export function isStationaryType(typeId: number): boolean {
  return !(TRIP_DEVICES as readonly number[]).includes(typeId);
}

/** Models by device type, for realistic labels. */
export function modelFor(typeId: number): string {
  if (typeId === 21) return "Oyster3 asset tracker";
  if (typeId === 57) return "EnviroSense T2 (temperature/humidity)";
  if (typeId === 77) return "CureSense concrete probe";
  if (typeId === 27 || typeId === 24) return "RoadCam LTE live dashcam";
  return ["Teltonika FMC130", "Queclink GV300", "Teltonika FMB920", "CalAmp LMU-3640"][typeId % 4]!;
}

export const ICONS = [
  "car",
  "truck",
  "van",
  "ute",
  "bus",
  "trailer",
  "excavator",
  "container",
  "sensor",
] as const;
export type Icon = (typeof ICONS)[number];

export const PERMISSIONS = [
  "edit_permissions",
  "people_view",
  "jobsites_view",
  "groups_view",
  "codes_view",
  "admin_timesheet",
  "access_timesheet",
  "review_timesheet",
  "tickets_view",
  "tickets_add",
  "tickets_edit",
  "forms_view",
  "forms_add",
  "forms_edit",
  "complete_forms",
  // The app's own permissions for changes (the app's upstream contract: schemas.ts APP_PERMISSIONS).
  "fleet_edit",
  "geofences_edit",
  "share_links",
  "beacons_edit",
  "reports_manage",
  "alerts_manage",
  "logbook_edit_all",
  "drivers_manage",
  "maintenance_manage",
  "concrete_manage",
] as const;

export const FEATURES = [
  "dashcam",
  "reporting",
  "cold_chain",
  "automation",
  "insight_tags",
  "vehicle_task_management",
  "inputs",
  "logbook",
  "driver_safety",
  "driver_management",
  "timesheet",
  "forms",
  "ble_beacons",
  "concrete_curing",
] as const;

export const EVENT_KINDS = [
  "geofence_enter",
  "geofence_exit",
  "overspeed",
  "offline",
  "online",
  "low_battery",
  "temperature_out_of_range",
  "harsh_driving",
  "maintenance_due",
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Brisbane does not observe daylight saving, so local time is always UTC+10. */
export const TZ_OFFSET_MS = 10 * 3600_000;
export const DAY_MS = 86_400_000;

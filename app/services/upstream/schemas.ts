/**
 * The contract with the upstream GPS API, written once: a zod schema per response, and the
 * TypeScript types inferred from them. Pure (only zod), so UI code may import the types.
 * The simulator in server/sim implements the same contract; contract.test.ts checks both agree.
 */
import { z } from "zod";

const nullableString = z.string().nullable();
const isoTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "expected an ISO date-time");

// ------------------------------------------------------------------ account

export const groupSchema = z.object({ id: z.number(), nickname: z.string() });
export type Group = z.infer<typeof groupSchema>;

export const userSchema = z.object({
  username_id: z.number(),
  username: z.string().optional(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable().optional(),
  mobile: nullableString.optional(),
  photo: nullableString.optional(),
  avatar: nullableString.optional(),
  companyid: z.number(),
  company_name: nullableString.optional(),
  company_logo: nullableString.optional(),
  tsadmin: z.boolean().default(false),
  groups: z.array(groupSchema).default([]),
  /** Designed: the devices an account restricted by account–device links may see (null = all). */
  device_imeis: z.array(z.string()).nullable().optional(),
});
export type UpstreamUser = z.infer<typeof userSchema>;

/** SPEC §5: a 200 without a user means wrong credentials. */
export const loginResponseSchema = z.object({
  token: z.string().optional(),
  user: userSchema.nullable().optional(),
  message: z.string().optional(),
});

export const signUpInfoSchema = z.object({
  first_name: z.string().min(1),
  last_name: z.string().min(1),
  email: z.string().email(),
  password: z.string().min(1),
  mobile: z.string().optional(),
});
export type SignUpInfo = z.infer<typeof signUpInfoSchema>;
export const signUpResponseSchema = z
  .object({
    message: z.string().optional(),
    username: z.string().optional(),
    username_id: z.number().optional(),
  })
  .passthrough();

export const tokenLoginResponseSchema = z.object({ token: z.string().optional() }).passthrough();
export const messageSchema = z.object({ message: z.string().optional() }).passthrough();

export const appSettingSchema = z.object({
  id: z.number().optional(),
  type: z.number(),
  settings: z.string().nullable(),
});
export type AppSetting = z.infer<typeof appSettingSchema>;
export const appSettingsSchema = z.array(appSettingSchema);

/** Designed call PATCH /user/profile: the fields a user may change about themselves (absent = unchanged; mobile null clears). */
export type ProfileUpdate = {
  first_name?: string;
  last_name?: string;
  email?: string;
  mobile?: string | null;
};

/** Feature flags (SPEC §6): an absent flag does not hide anything, so this is a partial map. */
export const featureFlagsSchema = z.record(z.string(), z.boolean());
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

/** SPEC §6: the permissions the upstream names for menus and pages. */
export const UPSTREAM_PERMISSIONS = [
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
] as const;

/**
 * The app's own permissions for changes (issue 15), granted by the upstream like the others. An
 * upstream that does not send one grants nothing: the change is refused (fail closed).
 */
export const APP_PERMISSIONS = [
  /** rename a vehicle, its icon, permanent driver, tags and groups */
  "fleet_edit",
  /** set and delete geofences (and jobsites' geofences) */
  "geofences_edit",
  /** create and revoke public share links of vehicles and beacons */
  "share_links",
  /** beacon configuration: name, asset, transmit power, interval */
  "beacons_edit",
  /** run reports in the background; create scheduled reports and edit anyone's */
  "reports_manage",
  /** create alert rules and edit anyone's */
  "alerts_manage",
  /** change, add and delete trips in any vehicle's logbook */
  "logbook_edit_all",
  /** add, edit and deactivate drivers and driver tags; review safety incidents; scoring settings */
  "drivers_manage",
  /** maintenance templates, programmes, tasks and their boards */
  "maintenance_manage",
  /** concrete suppliers, mix designs, limits, strength results, pours and sensors */
  "concrete_manage",
] as const;

export const PERMISSIONS = [...UPSTREAM_PERMISSIONS, ...APP_PERMISSIONS] as const;
export type PermissionName = (typeof PERMISSIONS)[number];

/** Names outside the lists are kept (the upstream may know more); only `true` grants anything. */
export const permissionsResponseSchema = z.object({
  permissions: z.record(z.string(), z.boolean()),
});
export type Permissions = z.infer<typeof permissionsResponseSchema>["permissions"];

export const lastPhotoSchema = z.array(z.object({ photo: nullableString }).passthrough());

export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url(),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
export const subscribeResponseSchema = z
  .object({ id: z.union([z.number(), z.string()]).optional(), message: z.string().optional() })
  .passthrough();

// ------------------------------------------------------------------ devices

export const positionSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  speed: z.number(),
  heading: z.number(),
  ignition: z.boolean(),
  /** Kilometres. */
  odometer: z.number(),
  timestamp: isoTime,
  battery: z.number().nullable().optional(),
  temperature: z.number().nullable().optional(),
});
export type Position = z.infer<typeof positionSchema>;

export const tagSchema = z.object({
  id: z.number(),
  name: z.string(),
  colour: z.string().optional(),
  type: z.number().optional(),
});
export type CompanyTag = z.infer<typeof tagSchema>;

export const deviceSchema = z.object({
  imei: z.string(),
  device_type_id: z.number(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  photo: nullableString,
  model: z.string().optional(),
  companyid: z.number().optional(),
  permdriver: nullableString,
  tags: z.array(tagSchema).default([]),
  groups: z.array(groupSchema).default([]),
  geofence_gps: nullableString,
  geofence_meters: z.number().nullable(),
  position: positionSchema.nullable(),
});
export type Device = z.infer<typeof deviceSchema>;
export const devicesSchema = z.array(deviceSchema);

export const positionsResponseSchema = z.object({
  asOf: isoTime,
  positions: z.array(positionSchema.extend({ imei: z.string() })),
});
export type PositionsResponse = z.infer<typeof positionsResponseSchema>;

export const nicknameResultSchema = z.object({ imei: z.string(), nickname: z.string() });
export const iconResultSchema = z.object({ imei: z.string(), avatar: z.string() });
export const permDriverResultSchema = z.object({ imei: z.string(), permdriver: nullableString });
export const vehicleTagsResultSchema = z.object({ imei: z.string(), tag_ids: z.array(z.number()) });
export const vehicleGroupsResultSchema = z.object({
  imei: z.string(),
  compgroups_ids: z.array(z.number()),
});
export const geofenceSchema = z.object({
  imei: z.string(),
  geofence_gps: nullableString,
  geofence_meters: z.number().nullable(),
});
export type Geofence = z.infer<typeof geofenceSchema>;

export const companyTagsSchema = z.array(tagSchema);
export const compGroupsSchema = z.array(groupSchema.extend({ companyid: z.number().optional() }));

// ------------------------------------------------------------------ trips and logbook

export const purposeSchema = z.enum(["business", "private"]);
export type Purpose = z.infer<typeof purposeSchema>;

const logPointSchema = z.object({
  obdodometer: z.number(),
  lat: z.number().optional(),
  lng: z.number().optional(),
  address: z.string().optional(),
  timestamp: isoTime.optional(),
});
const logMetaSchema = z.object({
  id: z.string().optional(),
  logstart: isoTime,
  logstop: isoTime,
  description: z.string().nullable().default(""),
  imei: z.string(),
  purpose: purposeSchema.optional(),
  driver: nullableString.optional(),
});
/** SPEC §3: a trip log entry is a triple (start odometer, end odometer, trip details). */
export const logEntrySchema = z.tuple([logPointSchema, logPointSchema, logMetaSchema]);
export type LogEntry = z.infer<typeof logEntrySchema>;
export const logEntriesSchema = z.array(logEntrySchema);

export const deleteTripResultSchema = z.object({ deleted: z.boolean(), id: z.string().optional() });
export const changePurposeResultSchema = z.object({ updated: z.boolean(), entry: logEntrySchema });
export const saveTripResultSchema = z.object({
  saved: z.boolean(),
  duplicate: z.boolean(),
  message: z.string().optional(),
  entry: logEntrySchema.optional(),
});
export type SaveTripResult = z.infer<typeof saveTripResultSchema>;

export type NewTrip = {
  imei: string;
  logstart: string;
  logstop: string;
  description?: string;
  purpose?: Purpose;
  driver?: string | null;
  start_odometer?: number;
  end_odometer?: number;
  start_address?: string;
  end_address?: string;
};

const tripEndSchema = z.object({
  time: isoTime,
  lat: z.number(),
  lng: z.number(),
  address: z.string(),
  odometer: z.number(),
});
export const tripPointSchema = z.object({
  time: isoTime,
  lat: z.number(),
  lng: z.number(),
  speed: z.number(),
  heading: z.number(),
});
export const tripSchema = z.object({
  id: z.string(),
  imei: z.string(),
  start: tripEndSchema,
  end: tripEndSchema,
  distance_km: z.number(),
  duration_s: z.number(),
  max_speed: z.number(),
  avg_speed: z.number(),
  driver: nullableString,
  purpose: purposeSchema,
  description: z.string(),
  manual: z.boolean().default(false),
  points: z.array(tripPointSchema).optional(),
});
export type Trip = z.infer<typeof tripSchema>;
export type TripPoint = z.infer<typeof tripPointSchema>;
export const tripsResponseSchema = z.object({
  imei: z.string(),
  from: isoTime,
  to: isoTime,
  trips: z.array(tripSchema),
});

export const trackpointSchema = tripPointSchema.extend({
  ignition: z.boolean(),
  odometer: z.number(),
});
export type Trackpoint = z.infer<typeof trackpointSchema>;
export const trackpointsResponseSchema = z.object({
  imei: z.string(),
  interval_s: z.number(),
  points: z.array(trackpointSchema),
});

// ------------------------------------------------------------------ events

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
/** Device events in the same feed that are no alerts (the automations' ignition triggers). */
export const IGNITION_EVENT_KINDS = ["ignition_on", "ignition_off"] as const;
export const eventKindSchema = z.enum([...EVENT_KINDS, ...IGNITION_EVENT_KINDS]);
export type EventKind = z.infer<typeof eventKindSchema>;
export const eventSchema = z.object({
  id: z.string(),
  kind: eventKindSchema,
  imei: z.string(),
  companyid: z.number(),
  time: isoTime,
  details: z.record(z.string(), z.unknown()).default({}),
});
export type UpstreamEvent = z.infer<typeof eventSchema>;
export const eventsResponseSchema = z.object({
  events: z.array(eventSchema),
  next: isoTime,
  hasMore: z.boolean(),
});
export type EventsPage = z.infer<typeof eventsResponseSchema>;

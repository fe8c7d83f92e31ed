/**
 * What a report is: its parameters (zod), its columns with the kind of total each has, and a pure
 * builder from the data the service fetched to rows. Rows are arrays in column order, so a month
 * of 100,000 trips stays small in memory and streams to CSV, XLSX and PDF without reshaping.
 */
import { z } from "zod";
import { formatSpeed, speedLabel } from "~/lib/units";
import { DAY_MESSAGE, hasSaneDay } from "~/lib/input";
import type { TripRecord } from "~/modules/trips";
import type { DriverReportData } from "~/modules/drivers";
import type { PermissionName } from "~/services/upstream/schemas";

export type Cell = string | number | null;
export type Row = Cell[];

/**
 * How a cell is stored and shown. Times are ms since the epoch; distances km; speeds km/h;
 * durations s; temperatures °C. "celsius_text" is text naming °C figures ("2 °C to 8 °C"), shown
 * in the reader's unit.
 */
export type ColumnType =
  | "text"
  | "number"
  | "km"
  | "kmh"
  | "duration"
  | "datetime"
  | "percent"
  | "celsius"
  | "celsius_text";
export type TotalKind = "sum" | "max" | "min" | "avg" | "count";
export type Column = {
  key: string;
  label: string;
  type: ColumnType;
  total?: TotalKind;
  width?: number;
};

export type ReportVehicle = {
  imei: string;
  nickname: string;
  deviceTypeId: number;
  groups: number[];
  geofenceGps: string | null;
  geofenceMeters: number | null;
  speed: number | null;
  ignition: boolean | null;
  lastContactAt: number | null;
  temperature: number | null;
};

export type ReportEvent = {
  id: string;
  kind: string;
  imei: string;
  time: number;
  details: Record<string, unknown>;
};

/** Everything a builder may read. The service fills only what the definition's `needs` asks for. */
export type ReportInput = {
  vehicles: ReportVehicle[];
  trips: TripRecord[];
  /** Trips of the period before (same length), for the "previous" figures of driver safety. */
  previousTrips: TripRecord[];
  events: ReportEvent[];
  /** Periods with the ignition on and no movement (from 1-minute track points), when `needs.idling`. */
  idles: Idle[];
  from: number;
  to: number;
  timeZone: string;
  now: number;
  /** Set by reports with a speed limit, for their headline. */
  speedLimit?: number;
  /** Drivers' sessions, safety events and scoring settings (this period and the one before), when `needs.drivers`. */
  drivers?: DriverReportData;
  /** Set by the driver report: the vehicles its rows cover (null = the whole fleet), for its headline. */
  chosenImeis?: string[] | null;
};

export type Idle = { imei: string; from: number; to: number; lat: number; lng: number };

export type Needs = {
  trips?: boolean;
  previousTrips?: boolean;
  events?: string[];
  tripDevicesOnly?: boolean;
  idling?: boolean;
  logbook?: boolean;
  drivers?: boolean;
};

export type Chart = {
  type: "bar" | "line";
  title: string;
  x: string;
  /** A series with a type is converted to the reader's unit, and its label gets the unit. */
  series: Array<{ key: string; label: string; type?: ColumnType }>;
  data: (rows: Row[], input: ReportInput) => Array<Record<string, string | number>>;
};

/** A figure the screen and the email lead with; a number with a type is shown in the reader's unit. */
export type Headline = { label: string; value: string | number; type?: ColumnType };

export type ReportDefinition<P extends BaseParams = BaseParams> = {
  kind: string;
  title: string;
  description: string;
  /** Where the catalogue lists it. */
  area: "reports" | "fleet" | "safety";
  /** The feature flag (SPEC §6) the report belongs to, besides "reporting". */
  feature?: string;
  /** A permission (SPEC §6) the user needs besides the module's rule, e.g. drivers_manage. */
  permission?: PermissionName;
  needs: Needs;
  params: z.ZodType<P, z.ZodTypeDef, unknown>;
  /** Whether the report takes a date range (status of devices is "now"). */
  ranged: boolean;
  columns: Column[];
  build: (input: ReportInput, params: P) => Row[];
  /** One row per trip, in trip order: `build` may run over consecutive chunks of trips (streaming). */
  perTrip?: boolean;
  chart?: Chart;
  /** The figures the email's body leads with. */
  headline?: (rows: Row[], totals: Row, input: ReportInput) => Headline[];
};

const list = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string().min(1)),
);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-03-01")
  .refine(hasSaneDay, DAY_MESSAGE)
  .optional();

/** The parameters every report shares: which vehicles (or groups), and the local days from–to (inclusive). */
export const baseParams = z.object({
  imeis: list,
  groups: list,
  from: day,
  to: day,
});
export type BaseParams = z.infer<typeof baseParams>;

/** The simulator's roads are 50–100 km/h; trips over 90 km/h stand out without flagging every motorway trip. */
export const DEFAULT_SPEED_LIMIT = 90;
/** Report parameters are km/h; a page that shows mph converts and words its own message. */
const KMH = speedLabel("metric");

export const speedParams = baseParams.extend({
  speedLimit: z.coerce
    .number({ invalid_type_error: `Enter a speed in ${KMH}` })
    .int(`Enter whole ${KMH}`)
    .min(20, `At least ${formatSpeed(20, "metric")}`)
    .max(250, `At most ${formatSpeed(250, "metric")}`)
    .default(DEFAULT_SPEED_LIMIT),
});
export const stopParams = baseParams.extend({
  minStopMinutes: z.coerce
    .number({ invalid_type_error: "Enter minutes" })
    .int("Enter whole minutes")
    .min(0, "At least 0 minutes")
    .max(1440, "At most 1440 minutes")
    .default(5),
});

// ------------------------------------------------------------------ totals

/** The totals row: one cell per column, null where the column has no total. */
export function computeTotals(columns: Column[], rows: Iterable<Row>): Row {
  const t = tally(columns);
  for (const row of rows) t.add(row);
  return t.result();
}

/** Totals kept while rows stream past, so the totals row needs no second pass. */
export function tally(columns: Column[]) {
  const acc = columns.map(() => ({ sum: 0, n: 0, max: -Infinity, min: Infinity }));
  let count = 0;
  const add = (row: Row) => {
    count++;
    for (let i = 0; i < columns.length; i++) {
      const v = row[i];
      if (typeof v !== "number" || !Number.isFinite(v)) continue;
      const a = acc[i]!;
      a.sum += v;
      a.n++;
      if (v > a.max) a.max = v;
      if (v < a.min) a.min = v;
    }
  };
  const result = (): Row =>
    columns.map((c, i) => {
      const a = acc[i]!;
      switch (c.total) {
        case "sum":
          return round(a.sum);
        case "avg":
          return a.n ? round(a.sum / a.n) : null;
        case "max":
          return a.n ? a.max : null;
        case "min":
          return a.n ? a.min : null;
        case "count":
          return count;
        default:
          return null;
      }
    });
  return {
    add,
    result,
    get count() {
      return count;
    },
  };
}

export const round = (n: number, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

export const tripMs = (t: TripRecord) => Date.parse(t.start.time);

/**
 * Timesheet data of the simulator (api-timesheets.ts): entries, pay-period locks, allowances and
 * payroll groups, with the seeded history. The seed is a pure function of the world (its seed and
 * creation time), so a replayed journal seeds the same history.
 *
 * Seeded history (company 1, the three weeks before the world was built, Monday to Friday): the
 * driver and demo accounts drive a vehicle each, and their shifts follow that vehicle's trips
 * (clock-on 5–25 min before the first trip, clock-off after the last), except that some days run
 * an hour over the vehicle (flagged by the review's telematics check), some are late (after
 * 07:15) and some are missing. Admin and tsadmin work office days, some of them 10-hour days
 * (overtime). Weeks before last are approved, last week is submitted (to review), this week is
 * draft; one entry was rejected with a comment. Company 2's one user has last week submitted.
 */
import type { Ctx } from "./kit";
import { intIn, unit } from "./prng";
import { createOverlay, listTrips } from "./trips";
import type { World } from "./world";

export type Status = "draft" | "submitted" | "approved" | "rejected";
export type Who = { username_id: number; name: string };
export type SimBreak = { start: string; end: string | null };
export type SimEntry = {
  id: number;
  companyid: number;
  username_id: number;
  start: string;
  /** null while clocked on. */
  end: string | null;
  breaks: SimBreak[];
  jobcode_id: number | null;
  jobsite_id: number | null;
  /** The vehicle the person drove (the review compares its activity with the entry). */
  imei: string | null;
  notes: string;
  /** The clock-on photo, as a data URL (image/jpeg, image/png or image/webp). */
  photo: string | null;
  position: { lat: number; lng: number; accuracy_m: number | null } | null;
  status: Status;
  submitted_at: string | null;
  reviewed_by: Who | null;
  reviewed_at: string | null;
  review_comment: string;
  created_at: string;
};
export type LockEvent = { action: "lock" | "reopen"; at: string; by: Who; reason: string };
export type SimLock = {
  companyid: number;
  group_id: number;
  from: string;
  to: string;
  locked: boolean;
  history: LockEvent[];
};
export type AllowanceUnit = "day" | "shift" | "km" | "hour";
export type SimAllowance = {
  id: number;
  companyid: number;
  name: string;
  /** Decimal text, exact ("15.50"). */
  amount: string;
  unit: AllowanceUnit;
  taxable: boolean;
};
export type Tier = { after_hours: number; multiplier: number };
export type OvertimeRules = {
  daily: Tier[];
  weekly: Tier | null;
  seventh_day: Tier[] | null;
  public_holiday_multiplier: number | null;
  /** 0 Sunday … 6 Saturday. */
  week_starts_on: number;
};
export type PayPeriod = "weekly" | "fortnightly" | "monthly";
export type SimMember = { username_id: number; rate: string; payroll_code: string };
export type SimPayrollGroup = {
  id: number;
  companyid: number;
  name: string;
  pay_period: PayPeriod;
  /** First day of one pay period (weekly and fortnightly periods count from it). */
  period_anchor: string;
  /** "none", "us_federal", "california" (the product's presets) or "custom" (rules below). */
  overtime_preset: string;
  overtime_rules: OvertimeRules | null;
  country: string;
  region: string | null;
  members: SimMember[];
  allowance_ids: number[];
};
export type TimesheetState = {
  seq: number;
  entries: SimEntry[];
  locks: SimLock[];
  allowances: SimAllowance[];
  groups: SimPayrollGroup[];
};

const H = 3_600_000;
const DAY = 24 * H;
/** Seeded companies work in Brisbane (UTC+10, no daylight saving). */
const BNE = 10 * H;
const iso = (ms: number) => new Date(ms).toISOString();
const dayText = (ms: number) => new Date(ms + BNE).toISOString().slice(0, 10);

/** Local midnight (Brisbane) of the Monday of the week containing `ms`. */
function mondayOf(ms: number): number {
  const local = Math.floor((ms + BNE) / DAY) * DAY;
  const dow = new Date(local).getUTCDay();
  return local - ((dow + 6) % 7) * DAY - BNE;
}

/** Company 1's vehicles the driver and demo accounts drive: its first two moving trip vehicles. */
export function seededVehicles(world: World): string[] {
  return (world.devicesByCompany.get(1) ?? [])
    .filter((d) => d.sim.profile === "fleet" && !d.sim.stationary && !d.sim.courier)
    .filter((d) => [1, 2, 3, 4, 5, 6, 7, 8].includes(d.device_type_id))
    .slice(0, 2)
    .map((d) => d.imei);
}

export function seedTimesheets(world: World): TimesheetState {
  const entries: SimEntry[] = [];
  let seq = 900;
  const thisMonday = mondayOf(world.createdAt);
  const [v1, v2] = seededVehicles(world);
  const admin: Who = { username_id: 1002, name: "Tess Admin" };
  const add = (
    companyid: number,
    username_id: number,
    start: number,
    end: number,
    extra: Partial<SimEntry>,
  ) => {
    const week = Math.floor((start - thisMonday) / (7 * DAY));
    const status: Status = week >= 0 ? "draft" : week === -1 ? "submitted" : "approved";
    if (end > world.createdAt) return;
    const lunch = start + Math.round((end - start) / 2 / 60_000) * 60_000;
    entries.push({
      id: ++seq,
      companyid,
      username_id,
      start: iso(start),
      end: iso(end),
      breaks: end - start > 5 * H ? [{ start: iso(lunch), end: iso(lunch + 30 * 60_000) }] : [],
      jobcode_id: companyid === 1 ? 701 : 706,
      jobsite_id: companyid === 1 ? 102 : 201,
      imei: null,
      notes: "",
      photo: null,
      position: null,
      status,
      submitted_at: status === "draft" ? null : iso(thisMonday + week * 7 * DAY + 5 * DAY),
      reviewed_by: status === "approved" ? admin : null,
      reviewed_at: status === "approved" ? iso(thisMonday + (week + 1) * 7 * DAY + DAY) : null,
      review_comment: "",
      created_at: iso(start),
      ...extra,
    });
  };
  const overlay = createOverlay();
  for (let week = -3; week <= 0; week++)
    for (let wd = 0; wd < 5; wd++) {
      const midnight = thisMonday + week * 7 * DAY + wd * DAY;
      const k = week * 7 + wd + 100;
      // Office people: 08:00 (some days late) to 16:30, a 10-hour day now and then.
      for (const uid of [1001, 1002]) {
        if (unit(world.seed, uid, k, 1) < 0.08) continue; // a missing shift
        const late = unit(world.seed, uid, k, 2) < 0.15 ? intIn(16, 40, world.seed, uid, k) : 0;
        const start = midnight + 8 * H + late * 60_000;
        const long = unit(world.seed, uid, k, 3) < 0.2;
        add(1, uid, start, midnight + (long ? 18.5 : 16.5) * H, {
          jobcode_id: uid === 1001 ? 701 : 704,
          jobsite_id: 104,
        });
      }
      // Drivers follow their vehicle's day.
      for (const [uid, imei] of [
        [1003, v1],
        [1004, v2],
      ] as const) {
        if (!imei) continue;
        const d = world.devicesByImei.get(imei)!;
        const trips = listTrips(world, overlay, d, midnight, midnight + DAY, world.createdAt);
        if (!trips.length || unit(world.seed, uid, k, 4) < 0.1) continue;
        const first = Date.parse(trips[0]!.start.time);
        const last = Date.parse(trips[trips.length - 1]!.end.time);
        const round = (ms: number) => Math.round(ms / 60_000) * 60_000;
        const start = round(first - intIn(5, 25, world.seed, uid, k) * 60_000);
        const over = unit(world.seed, uid, k, 5) < 0.15 ? H : 0;
        add(1, uid, start, round(last + 10 * 60_000 + over), {
          jobcode_id: 702,
          jobsite_id: 102 + (k % 2),
          imei,
          notes: over ? "Waited at the depot for the last load" : "",
        });
      }
      if (week === -1)
        add(2, 2001, midnight + 7 * H, midnight + 15.5 * H, { jobcode_id: 706, jobsite_id: 201 });
    }
  // One rejected entry (the reviewer asked for a correction) in the week before last.
  const rejected = entries.find(
    (e) =>
      e.username_id === 1003 && e.status === "approved" && e.start >= iso(thisMonday - 14 * DAY),
  );
  if (rejected)
    Object.assign(rejected, {
      status: "rejected",
      reviewed_by: admin,
      review_comment: "Clock-off is an hour after the truck was parked: please correct it",
    });
  return {
    seq,
    entries,
    locks: [],
    allowances: [
      {
        id: 501,
        companyid: 1,
        name: "Meal allowance",
        amount: "15.50",
        unit: "shift",
        taxable: true,
      },
      {
        id: 502,
        companyid: 1,
        name: "Tool allowance",
        amount: "2.35",
        unit: "hour",
        taxable: true,
      },
      {
        id: 503,
        companyid: 1,
        name: "Vehicle allowance",
        amount: "0.88",
        unit: "km",
        taxable: false,
      },
      {
        id: 504,
        companyid: 1,
        name: "Site allowance",
        amount: "12.00",
        unit: "day",
        taxable: true,
      },
      {
        id: 511,
        companyid: 2,
        name: "Travel allowance",
        amount: "20.00",
        unit: "day",
        taxable: false,
      },
    ],
    groups: [
      {
        id: 601,
        companyid: 1,
        name: "Drivers weekly",
        pay_period: "weekly",
        period_anchor: dayText(thisMonday - 28 * DAY),
        overtime_preset: "california",
        overtime_rules: null,
        country: "AU",
        region: "QLD",
        members: [
          { username_id: 1003, rate: "32.50", payroll_code: "DRV-1003" },
          { username_id: 1004, rate: "30.00", payroll_code: "DRV-1004" },
        ],
        allowance_ids: [501],
      },
      {
        id: 602,
        companyid: 1,
        name: "Office fortnightly",
        pay_period: "fortnightly",
        period_anchor: dayText(thisMonday - 28 * DAY),
        overtime_preset: "us_federal",
        overtime_rules: null,
        country: "AU",
        region: "QLD",
        members: [
          { username_id: 1001, rate: "45.00", payroll_code: "OFF-1001" },
          { username_id: 1002, rate: "38.2500", payroll_code: "OFF-1002" },
        ],
        allowance_ids: [504],
      },
      {
        id: 611,
        companyid: 2,
        name: "Plumbers",
        pay_period: "weekly",
        period_anchor: dayText(thisMonday - 28 * DAY),
        overtime_preset: "us_federal",
        overtime_rules: null,
        country: "AU",
        region: "QLD",
        members: [{ username_id: 2001, rate: "40.00", payroll_code: "" }],
        allowance_ids: [511],
      },
    ],
  };
}

export function timesheetData(ctx: Ctx): TimesheetState {
  ctx.state.timesheets ??= seedTimesheets(ctx.state.world);
  return ctx.state.timesheets;
}

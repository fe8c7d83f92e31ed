/** What the timesheet calls share: time zones, pay periods and locks, and checks of an entry's input. */
import { data as jobCodeData } from "./api-jobcodes";
import { JOBSITES } from "./api-jobsites";
import { HttpError, obj, type Ctx } from "./kit";
import {
  timesheetData as data,
  type OvertimeRules,
  type SimBreak,
  type SimEntry,
  type SimPayrollGroup,
  type Tier,
  type Who,
} from "./timesheets-data";
import type { User } from "./world";

export const H = 3_600_000;
export const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
export const MONEY_RE = /^\d{1,7}(\.\d{1,4})?$/;
export const PHOTO_MAX = 820_000;

export const who = (u: User): Who => ({ username_id: u.username_id, name: u.name });
export const can = (u: User, ...perms: string[]) => perms.some((p) => u.permissions[p] === true);
export const reviewer = (u: User) => can(u, "review_timesheet", "admin_timesheet");
export function needs(ctx: Ctx, ...perms: string[]) {
  if (!can(ctx.user, ...perms)) throw new HttpError(403, "You do not have permission to do this");
}

export function timeZone(ctx: Ctx): string {
  const s = ctx.state.world.appSettings.find(
    (x) => x.companyid === ctx.user.companyid && x.type === 1,
  );
  try {
    const tz = (JSON.parse(s?.settings ?? "{}") as { timezone?: unknown }).timezone;
    return typeof tz === "string" ? tz : "UTC";
  } catch {
    return "UTC";
  }
}
export const localDay = (ms: number, tz: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: tz }).format(new Date(ms));
export const localTime = (ms: number, tz: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: tz, hour: "2-digit", minute: "2-digit" }).format(
    new Date(ms),
  );
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export function person(ctx: Ctx, id: unknown): User {
  const n = Number(id);
  const u = ctx.state.world.users.find(
    (x) => x.username_id === n && x.companyid === ctx.user.companyid,
  );
  if (!u) throw new HttpError(404, "Person not found");
  return u;
}

export function time(v: unknown, field: string): number {
  const n = typeof v === "string" ? Date.parse(v) : NaN;
  if (Number.isNaN(n)) throw new HttpError(400, `${field} must be a date and time`);
  return n;
}

// ------------------------------------------------------------------ pay periods and locks

/** The pay period (first and last local day) of a group containing `day`. */
export function periodOf(g: SimPayrollGroup, day: string): { from: string; to: string } {
  if (g.pay_period === "monthly") {
    const from = `${day.slice(0, 7)}-01`;
    const next = new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7), 1));
    return { from, to: addDays(next.toISOString().slice(0, 10), -1) };
  }
  const len = g.pay_period === "weekly" ? 7 : 14;
  const diff = Math.round((Date.parse(day) - Date.parse(g.period_anchor)) / 86_400_000);
  const from = addDays(g.period_anchor, Math.floor(diff / len) * len);
  return { from, to: addDays(from, len - 1) };
}

export function groupOfPerson(ctx: Ctx, username_id: number) {
  return data(ctx).groups.find(
    (g) =>
      g.companyid === ctx.user.companyid && g.members.some((m) => m.username_id === username_id),
  );
}

/** 409 when the day falls in a locked pay period of the person's payroll group. */
export function refuseLocked(ctx: Ctx, username_id: number, startMs: number) {
  const g = groupOfPerson(ctx, username_id);
  if (!g) return;
  const p = periodOf(g, localDay(startMs, timeZone(ctx)));
  const lock = data(ctx).locks.find(
    (l) => l.companyid === g.companyid && l.group_id === g.id && l.from === p.from && l.locked,
  );
  if (lock)
    throw new HttpError(
      409,
      `The pay period ${p.from} to ${p.to} of ${g.name} is locked: ask a payroll administrator to reopen it`,
    );
}

// ------------------------------------------------------------------ entries

export const entryView = (ctx: Ctx) => {
  const users = ctx.state.world.users;
  return ({ companyid: _c, ...e }: SimEntry) => {
    const u = users.find((x) => x.username_id === e.username_id);
    const breakMinutes = e.breaks.reduce(
      (s, b) => s + (b.end ? Math.round((Date.parse(b.end) - Date.parse(b.start)) / 60_000) : 0),
      0,
    );
    return {
      ...e,
      person: { username_id: e.username_id, name: u?.name ?? "", group_ids: u?.group_ids ?? [] },
      break_minutes: breakMinutes,
    };
  };
};

export function ownEntry(ctx: Ctx, id: unknown, write = false): SimEntry {
  const n = Number(id);
  const e = data(ctx).entries.find((x) => x.id === n && x.companyid === ctx.user.companyid);
  const mine = e?.username_id === ctx.user.username_id;
  // Reviewers read and review others' entries; only payroll administrators change them.
  if (!e || (!mine && !(write ? can(ctx.user, "admin_timesheet") : reviewer(ctx.user))))
    throw new HttpError(404, "Timesheet entry not found");
  return e;
}

export function jobCode(ctx: Ctx, v: unknown): number | null {
  if (v === null || v === undefined || v === "") return null;
  const id = Number(v);
  const c = jobCodeData(ctx).codes.find((x) => x.id === id && x.companyid === ctx.user.companyid);
  if (!c) throw new HttpError(400, "jobcode_id is not one of the company's job codes");
  if (!c.active) throw new HttpError(400, `Job code ${c.code} is inactive: pick another`);
  return id;
}
export function jobsite(ctx: Ctx, v: unknown): number | null {
  if (v === null || v === undefined || v === "") return null;
  const id = Number(v);
  // Jobsites added in admin count too (the seed list until the first jobsite call makes the state).
  const sites = ctx.state.jobsites?.sites ?? JOBSITES;
  if (!sites.some((j) => j.id === id && j.companyid === ctx.user.companyid))
    throw new HttpError(400, "jobsite_id is not one of the company's jobsites");
  return id;
}
/** Keeps the job codes' `in_use` honest: the entries booked to each. */
export function countCode(ctx: Ctx, id: number | null, by: number) {
  if (id === null) return;
  const c = jobCodeData(ctx).codes.find((x) => x.id === id);
  if (c) c.in_use = Math.max(0, c.in_use + by);
}

export function photo(v: unknown): string | null {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v !== "string" || !/^data:image\/(jpeg|png|webp);base64,[A-Za-z0-9+/=]+$/.test(v))
    throw new HttpError(400, "photo must be a JPEG, PNG or WebP image");
  if (v.length > PHOTO_MAX) throw new HttpError(400, "photo is too large (at most 600 kB)");
  return v;
}
export function position(v: unknown): SimEntry["position"] {
  if (v === null || v === undefined) return null;
  const p = obj(v);
  const lat = Number(p.lat);
  const lng = Number(p.lng);
  if (!(Math.abs(lat) <= 90 && Math.abs(lng) <= 180) || p.lat === null || p.lng === null)
    throw new HttpError(400, "position must have a latitude and a longitude");
  const acc = p.accuracy_m === null || p.accuracy_m === undefined ? null : Number(p.accuracy_m);
  return { lat, lng, accuracy_m: acc !== null && Number.isFinite(acc) ? Math.round(acc) : null };
}

/** Checks an entry's times against its breaks, its length and the person's other entries. */
export function checkTimes(
  ctx: Ctx,
  username_id: number,
  start: number,
  end: number | null,
  breaks: SimBreak[],
  self: number | null,
) {
  if (end !== null && end <= start) throw new HttpError(400, "The end must be after the start");
  if (end !== null && end - start > 24 * H)
    throw new HttpError(400, "An entry cannot be longer than 24 hours");
  if (start > ctx.now + 5 * 60_000) throw new HttpError(400, "The start cannot be in the future");
  for (const b of breaks) {
    const bs = Date.parse(b.start);
    const be = b.end === null ? null : Date.parse(b.end);
    if (bs < start || (end !== null && (be ?? bs) > end) || (be !== null && be <= bs))
      throw new HttpError(400, "Each break must end after it starts and lie within the entry");
  }
  const tz = timeZone(ctx);
  const stop = end ?? Number.POSITIVE_INFINITY;
  const clash = data(ctx).entries.find(
    (e) =>
      e.companyid === ctx.user.companyid &&
      e.username_id === username_id &&
      e.id !== self &&
      Date.parse(e.start) < stop &&
      (e.end === null ? Number.POSITIVE_INFINITY : Date.parse(e.end)) > start,
  );
  if (clash) {
    const s = Date.parse(clash.start);
    const until = clash.end ? localTime(Date.parse(clash.end), tz) : "now (still clocked on)";
    throw new HttpError(
      409,
      `This overlaps the entry of ${localDay(s, tz)} from ${localTime(s, tz)} to ${until}`,
    );
  }
  refuseLocked(ctx, username_id, start);
}

export function breaksOf(v: unknown): SimBreak[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new HttpError(400, "breaks must be a list");
  return v.map((b) => {
    const o = obj(b);
    const start = time(o.start, "A break's start");
    const end = o.end === null || o.end === undefined ? null : time(o.end, "A break's end");
    return {
      start: new Date(start).toISOString(),
      end: end === null ? null : new Date(end).toISOString(),
    };
  });
}

export function entryInput(ctx: Ctx, b: Record<string, unknown>) {
  const notes = typeof b.notes === "string" ? b.notes.trim() : "";
  if (notes.length > 1000) throw new HttpError(400, "notes must be at most 1000 characters");
  const imei = typeof b.imei === "string" && b.imei ? b.imei : null;
  if (imei) {
    const d = ctx.state.world.devicesByImei.get(imei);
    if (!d || d.companyid !== ctx.user.companyid) throw new HttpError(404, "Device not found");
  }
  return {
    jobcode_id: jobCode(ctx, b.jobcode_id),
    jobsite_id: jobsite(ctx, b.jobsite_id),
    notes,
    imei,
  };
}

export function editable(e: SimEntry) {
  if (e.status === "submitted" || e.status === "approved")
    throw new HttpError(
      409,
      `This entry is ${e.status}: only draft or rejected entries can be changed`,
    );
}

function tiers(v: unknown, field: string): Tier[] {
  if (!Array.isArray(v)) throw new HttpError(400, `${field} must be a list of tiers`);
  return v.map((t) => {
    const o = obj(t);
    const after = Number(o.after_hours);
    const m = Number(o.multiplier);
    if (!(after >= 0 && after <= 24) || !(m >= 1 && m <= 5))
      throw new HttpError(400, `${field}: hours must be 0–24 and multipliers 1–5`);
    return { after_hours: after, multiplier: m };
  });
}

export function overtimeRules(v: unknown): OvertimeRules {
  const o = obj(v);
  const weekly =
    o.weekly === null || o.weekly === undefined
      ? null
      : (() => {
          const w = obj(o.weekly);
          const after = Number(w.after_hours);
          const m = Number(w.multiplier);
          if (!(after > 0 && after <= 168) || !(m >= 1 && m <= 5))
            throw new HttpError(400, "weekly: hours must be 1–168 and the multiplier 1–5");
          return { after_hours: after, multiplier: m };
        })();
  const ph =
    o.public_holiday_multiplier === null || o.public_holiday_multiplier === undefined
      ? null
      : Number(o.public_holiday_multiplier);
  if (ph !== null && !(ph >= 1 && ph <= 5))
    throw new HttpError(400, "public_holiday_multiplier must be 1–5");
  const wso = Number(o.week_starts_on ?? 1);
  if (!Number.isInteger(wso) || wso < 0 || wso > 6)
    throw new HttpError(400, "week_starts_on must be 0–6");
  return {
    daily: tiers(o.daily ?? [], "daily"),
    weekly,
    seventh_day:
      o.seventh_day === null || o.seventh_day === undefined
        ? null
        : tiers(o.seventh_day, "seventh_day"),
    public_holiday_multiplier: ph,
    week_starts_on: wso,
  };
}

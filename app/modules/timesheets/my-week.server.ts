/**
 * My timesheet (timesheet/view, access_timesheet): the week's entries with totals by day and week,
 * clocking on and off (job code, jobsite, vehicle, optional photo and the browser's position),
 * breaks, entries added or edited before submitting, and submitting the week. A reviewer may open
 * the timesheet of a person of their groups (read-only); anyone else's is a 404. When the company
 * asks site declaration questions (covid19), they are answered in the clock-on form: clocking on
 * is refused until each is answered, and the declaration is recorded against the new entry.
 */
import type { FileKind } from "~/lib/file-types";
import { dataUrlOf, kindOf } from "~/services/file-transfer.server";
import { listDevices } from "~/modules/fleet/index.server";
import { dayKey, zonedLocalToUtc, utcToZonedLocal } from "~/lib/zoned-days";
import type { ModuleContext } from "~/services/guard.server";
import { logError } from "~/services/log.server";
import {
  pickers,
  refusal,
  requirePerson,
  timesheetContext,
  type TimesheetContext,
} from "./context.server";
import { declareFromForm } from "./covid.server";
import { listQuestions } from "./leave-upstream.server";
import type { EntryForm } from "./entry-form";
import * as ts from "./upstream.server";
import { dayParam, weekOf, weekTotals } from "./week";
import { formatZoned, isoDay } from "~/lib/zoned-time";

const PHOTO_MAX = 600 * 1024;
const PHOTO_KINDS: readonly FileKind[] = ["jpeg", "png", "webp"];

export async function myWeekPage(ctx: ModuleContext, url: URL, now = Date.now()) {
  const tc = await timesheetContext(ctx);
  const personParam = url.searchParams.get("person");
  const personId = personParam === null ? ctx.user.username_id : Number(personParam);
  if (!Number.isInteger(personId)) throw new Response("Not found", { status: 404 });
  const person = requirePerson(tc, personId);
  const own = person.username_id === ctx.user.username_id;
  const week = weekOf(
    dayParam(url.searchParams.get("week")) ?? dayKey(now, tc.timeZone),
    tc.timeZone,
  );
  const [entries, recent, pick, vehicles, questions] = await Promise.all([
    ts.listEntries(tc.up, {
      from: new Date(week.from).toISOString(),
      to: new Date(week.to).toISOString(),
      username_id: person.username_id,
    }),
    own
      ? ts.listEntries(tc.up, {
          from: new Date(now - 2 * 86_400_000).toISOString(),
          to: new Date(now + 3_600_000).toISOString(),
          username_id: person.username_id,
        })
      : Promise.resolve([]),
    pickers(ctx, tc.up),
    own
      ? listDevices(ctx.auth)
          .then((l) => l.devices.map((d) => ({ imei: d.imei, label: d.nickname })))
          .catch((e: unknown) => {
            logError("timesheets", e);
            return [] as { imei: string; label: string }[];
          })
      : Promise.resolve([] as { imei: string; label: string }[]),
    own ? activeQuestions(tc.up) : Promise.resolve([]),
  ]);
  const open = recent.find((e) => e.end === null) ?? null;
  const editParam = url.searchParams.get("edit");
  const editing = editParam === null ? null : entries.find((e) => String(e.id) === editParam);
  if (editing === undefined || (editing && (!own || !editable(editing))))
    throw new Response("Not found", { status: 404 });
  const totals = weekTotals(entries, week, tc.timeZone, now);
  const toSubmit = entries.filter((e) => e.status === "draft" || e.status === "rejected").length;
  return {
    timeZone: tc.timeZone,
    person: { username_id: person.username_id, name: person.name },
    own,
    week: {
      monday: week.monday,
      days: week.days,
      prev: shift(week.monday, -7),
      next: shift(week.monday, 7),
    },
    entries: entries.map((e) => ({
      ...e,
      photo: e.photo ? true : false,
      editable: own && editable(e),
      day: dayKey(Date.parse(e.start), tc.timeZone),
    })),
    totals,
    toSubmit,
    open: open && {
      id: open.id,
      start: open.start,
      onBreak: open.breaks.some((b) => b.end === null),
      jobcode_id: open.jobcode_id,
      jobsite_id: open.jobsite_id,
    },
    editing: editing && {
      id: editing.id,
      start: utcToZonedLocal(Date.parse(editing.start), tc.timeZone),
      end: editing.end ? utcToZonedLocal(Date.parse(editing.end), tc.timeZone) : "",
      break_minutes: editing.break_minutes,
      jobcode_id: editing.jobcode_id,
      jobsite_id: editing.jobsite_id,
      notes: editing.notes,
    },
    jobCodes: pick.jobCodes.filter((c) => c.active),
    jobsites: pick.jobsites.map(({ id, label }) => ({ id, label })),
    vehicles,
    /** The site declaration asked at clock-on (none: the company asks nothing). */
    questions: open ? [] : questions.map(({ id, text }) => ({ id, text })),
  };
}

const activeQuestions = async (up: TimesheetContext["up"]) =>
  (await listQuestions(up)).filter((q) => q.active);

const editable = (e: ts.Entry) =>
  (e.status === "draft" || e.status === "rejected") && e.end !== null;
const shift = (day: string, n: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000);

export type Outcome = { ok: true; message: string } | { ok: false; message: string };

async function attempt(run: () => Promise<string>): Promise<Outcome> {
  try {
    return { ok: true, message: await run() };
  } catch (e) {
    return { ok: false, message: refusal(e) };
  }
}

/** A photo from the clock-on form as a data URL, or a message why not. */
export async function photoOf(
  form: FormData,
): Promise<{ photo: string | null } | { error: string }> {
  const file = form.get("photo");
  if (!file || typeof file === "string" || file.size === 0) return { photo: null };
  // The bytes say what it is: a "JPEG" that is a page is refused, whatever the browser said.
  const kind = await kindOf(file, PHOTO_KINDS);
  if (!kind) return { error: "The photo must be a JPEG, PNG or WebP image" };
  if (file.size > PHOTO_MAX)
    return {
      error: "The photo is too large (at most 600 kB): take it again at a lower resolution",
    };
  return { photo: await dataUrlOf(file, kind) };
}

const num = (v: FormDataEntryValue | null) => {
  const n = typeof v === "string" && v.trim() ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

export type ClockOnOutcome = Outcome & { missing?: number[] };

export async function clockOn(ctx: ModuleContext, form: FormData): Promise<ClockOnOutcome> {
  const tc = await timesheetContext(ctx);
  const jobcode = num(form.get("jobcode_id"));
  const questions = await activeQuestions(tc.up);
  const missing = questions
    .filter((q) => !["yes", "no"].includes(String(form.get(`q${q.id}`))))
    .map((q) => q.id);
  if (!jobcode) return { ok: false, message: "Pick a job code to clock on", missing };
  if (missing.length)
    return {
      ok: false,
      message: "Answer every site declaration question to clock on",
      missing,
    };
  const pic = await photoOf(form);
  if ("error" in pic) return { ok: false, message: pic.error };
  const lat = num(form.get("lat"));
  const lng = num(form.get("lng"));
  const imei = form.get("imei");
  let entryId = 0;
  const on = await attempt(async () => {
    const e = await ts.clock(tc.up, {
      action: "on",
      jobcode_id: jobcode,
      jobsite_id: num(form.get("jobsite_id")),
      imei: typeof imei === "string" && imei ? imei : null,
      notes: String(form.get("notes") ?? "").slice(0, 1000),
      photo: pic.photo,
      position:
        lat !== null && lng !== null ? { lat, lng, accuracy_m: num(form.get("accuracy")) } : null,
    });
    entryId = e.id;
    return `Clocked on at ${formatZoned(e.start, tc.timeZone, "time")}.`;
  });
  if (!on.ok || !questions.length) return on;
  const d = await declareFromForm(ctx, form, entryId);
  if (!d.ok)
    return { ok: false, message: `${on.message} The declaration was not recorded: ${d.message}` };
  return {
    ok: true,
    message: d.value.flagged
      ? `${on.message} An answer of your declaration needs attention: your reviewer has been told.`
      : `${on.message} Declaration recorded.`,
  };
}

export async function clockAction(
  ctx: ModuleContext,
  action: "off" | "break_start" | "break_end",
): Promise<Outcome> {
  const tc = await timesheetContext(ctx);
  return attempt(async () => {
    const e = await ts.clock(tc.up, { action });
    const at = (ms: string) => formatZoned(ms, tc.timeZone, "time");
    if (action === "off") return `Clocked off at ${at(e.end!)}.`;
    return action === "break_start" ? "Break started." : "Break ended.";
  });
}

export async function saveEntry(
  ctx: ModuleContext,
  id: number | null,
  v: EntryForm,
): Promise<Outcome> {
  const tc = await timesheetContext(ctx);
  const start = zonedLocalToUtc(v.start, tc.timeZone);
  const end = zonedLocalToUtc(v.end, tc.timeZone);
  // One break in the middle of the shift stands for the minutes typed.
  const mid = start + Math.round((end - start) / 2 / 60_000) * 60_000;
  const breaks = v.break_minutes
    ? [
        {
          start: new Date(mid).toISOString(),
          end: new Date(mid + v.break_minutes * 60_000).toISOString(),
        },
      ]
    : [];
  const input = {
    start: new Date(start).toISOString(),
    end: new Date(end).toISOString(),
    breaks,
    jobcode_id: v.jobcode_id,
    jobsite_id: v.jobsite_id ?? null,
    notes: v.notes,
  };
  return attempt(async () => {
    if (id === null) await ts.createEntry(tc.up, input);
    else await ts.updateEntry(tc.up, id, input);
    return id === null ? "Entry added." : "Entry saved.";
  });
}

export async function removeEntry(ctx: ModuleContext, id: number): Promise<Outcome> {
  const tc = await timesheetContext(ctx);
  return attempt(async () => {
    await ts.deleteEntry(tc.up, id);
    return "Entry deleted.";
  });
}

export async function submitWeek(ctx: ModuleContext, monday: string): Promise<Outcome> {
  const tc = await timesheetContext(ctx);
  const week = weekOf(monday, tc.timeZone);
  return attempt(async () => {
    const r = await ts.submitWeek(tc.up, {
      from: new Date(week.from).toISOString(),
      to: new Date(week.to).toISOString(),
    });
    return r.submitted
      ? `Week submitted: ${r.submitted} ${r.submitted === 1 ? "entry" : "entries"} sent for review.`
      : "Nothing to submit this week.";
  });
}

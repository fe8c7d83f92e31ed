/**
 * Scheduled reports: create, edit, enable/disable, delete, "send now" and run history, always
 * within the caller's company (another company's schedule id is a 404).
 */
import { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { findReport, parseRecipients, type BaseParams } from "./catalogue";
import { FREQUENCIES, isValidTimeZone, nextDue, PERIODS, type ScheduleRule } from "./schedule";
import { firstErrors, parseForm } from "~/lib/parse-form";
import { prisma } from "~/services/db.server";
import { sendJob } from "~/services/job-queue.server";
import { logError } from "~/services/log.server";
import { FORMATS } from "./report-render.server";
import { fromDistanceUnit, MEASUREMENTS, type Measurement } from "~/lib/units";
import { isoMinute } from "~/lib/zoned-time";

export const scheduleInput = z
  .object({
    reportKind: z.string().refine((k) => Boolean(findReport(k)), "Choose a report"),
    frequency: z.enum(FREQUENCIES, { errorMap: () => ({ message: "Choose how often" }) }),
    weekdays: z.preprocess(
      (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
      z.array(z.coerce.number().int().min(0).max(6)),
    ),
    monthDay: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce
        .number({ invalid_type_error: "Enter a day from 1 to 31" })
        .int()
        .min(1, "Enter a day from 1 to 31")
        .max(31, "Enter a day from 1 to 31")
        .optional(),
    ),
    timeOfDay: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter a time like 07:00"),
    timeZone: z.string().refine(isValidTimeZone, "Choose a valid time zone"),
    period: z.enum(PERIODS, { errorMap: () => ({ message: "Choose the period it covers" }) }),
    format: z.enum(FORMATS, { errorMap: () => ({ message: "Choose a format" }) }),
    measurement: z
      .enum(MEASUREMENTS, { errorMap: () => ({ message: "Choose the units" }) })
      .default("metric"),
    recipients: z.string().max(20_000),
    subject: z.string().trim().min(1, "Enter a subject").max(200, "At most 200 characters"),
    message: z.string().max(2000, "At most 2000 characters").default(""),
    enabled: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  })
  .superRefine((v, ctx) => {
    if (v.frequency === "weekly" && v.weekdays.length === 0)
      ctx.addIssue({ code: "custom", path: ["weekdays"], message: "Choose at least one day" });
    if (v.frequency === "monthly" && v.monthDay === undefined)
      ctx.addIssue({ code: "custom", path: ["monthDay"], message: "Enter a day from 1 to 31" });
  });

export type ScheduleValues = {
  reportKind: string;
  params: BaseParams & Record<string, unknown>;
  frequency: (typeof FREQUENCIES)[number];
  weekdays: number[];
  monthDay: number | null;
  timeOfDay: string;
  timeZone: string;
  period: (typeof PERIODS)[number];
  format: (typeof FORMATS)[number];
  measurement: Measurement;
  recipients: string[];
  subject: string;
  message: string;
  enabled: boolean;
};

export type ParsedSchedule =
  { ok: true; value: ScheduleValues } | { ok: false; errors: Record<string, string> };

const IMPERIAL_SPEED_ERROR = "Enter a whole speed from 13 to 155 mph";

/** The form with a speed limit typed in mph (`speedUnit=imperial`) in km/h, as it is stored. */
function inKmh(posted: FormData): FormData {
  const typed = Number(posted.get("speedLimit"));
  if (
    posted.get("speedUnit") !== "imperial" ||
    !posted.get("speedLimit") ||
    !Number.isInteger(typed)
  )
    return posted;
  const form = new FormData();
  for (const [k, v] of posted) form.append(k, v);
  form.set("speedLimit", String(Math.round(fromDistanceUnit(typed, "imperial"))));
  return form;
}

/** Form data → a schedule, or field messages (recipients included). Nothing is saved here. */
export function parseScheduleForm(posted: FormData): ParsedSchedule {
  const form = inKmh(posted);
  const submission = parseForm(form, scheduleInput);
  const recipients = parseRecipients(String(form.get("recipients") ?? ""));
  const def = findReport(String(form.get("reportKind") ?? ""));
  // Each report kind has its own parameters, so they are a second schema picked by the first.
  const paramsSubmission = def ? parseForm(form, def.params) : null;
  const errors: Record<string, string> = {
    ...firstErrors(paramsSubmission),
    ...firstErrors(submission),
    ...(recipients.ok ? {} : { recipients: recipients.error }),
  };
  if (posted.get("speedUnit") === "imperial" && errors.speedLimit)
    errors.speedLimit = IMPERIAL_SPEED_ERROR;
  if (submission.status !== "success" || !recipients.ok || paramsSubmission?.status !== "success")
    return { ok: false, errors };
  const params: BaseParams = {
    ...(paramsSubmission.value as BaseParams),
    from: undefined,
    to: undefined,
  };
  const v = submission.value;
  return {
    ok: true,
    value: {
      reportKind: v.reportKind,
      params,
      frequency: v.frequency,
      weekdays: v.frequency === "weekly" ? [...new Set(v.weekdays)].sort() : [],
      monthDay: v.frequency === "monthly" ? (v.monthDay ?? 1) : null,
      timeOfDay: v.timeOfDay,
      timeZone: v.timeZone,
      period: v.period,
      format: v.format,
      measurement: v.measurement,
      recipients: recipients.emails,
      subject: v.subject,
      message: v.message,
      enabled: v.enabled,
    },
  };
}

export const ruleOf = (s: {
  frequency: string;
  weekdays: number[];
  monthDay: number | null;
  timeOfDay: string;
  timeZone: string;
}): ScheduleRule => ({
  frequency: s.frequency as ScheduleRule["frequency"],
  weekdays: s.weekdays,
  monthDay: s.monthDay,
  timeOfDay: s.timeOfDay,
  timeZone: s.timeZone,
});

function nextRunAt(
  v: { enabled: boolean } & Parameters<typeof ruleOf>[0],
  now: number,
): Date | null {
  if (!v.enabled) return null;
  const t = nextDue(ruleOf(v), now);
  return t === null ? null : new Date(t);
}

const LIST_SELECT = {
  id: true,
  userId: true,
  reportKind: true,
  frequency: true,
  weekdays: true,
  monthDay: true,
  timeOfDay: true,
  timeZone: true,
  period: true,
  format: true,
  measurement: true,
  recipients: true,
  subject: true,
  enabled: true,
  nextRunAt: true,
  updatedAt: true,
} as const;

/** The company's schedules, or only those `userId` owns (schedule-actions.server.ts decides). */
export async function listSchedules(companyId: number, userId?: number) {
  const rows = await prisma.reportSchedule.findMany({
    where: { companyId, ...(userId === undefined ? {} : { userId }) },
    orderBy: [{ createdAt: "desc" }],
    select: {
      ...LIST_SELECT,
      runs: {
        orderBy: { startedAt: "desc" },
        take: 1,
        select: { status: true, startedAt: true, error: true },
      },
    },
  });
  return rows;
}

/** The schedule, or a 404 when it is not the company's. */
export async function requireSchedule(companyId: number, id: string) {
  const row = await prisma.reportSchedule.findFirst({ where: { id, companyId } });
  if (!row) throw new Response("Schedule not found", { status: 404 });
  return row;
}

export async function scheduleRuns(companyId: number, id: string, take = 20) {
  return prisma.reportRun.findMany({
    where: { scheduleId: id, schedule: { companyId } },
    orderBy: { startedAt: "desc" },
    take,
    select: {
      id: true,
      dueAt: true,
      status: true,
      startedAt: true,
      finishedAt: true,
      durationMs: true,
      sizeBytes: true,
      recipients: true,
      error: true,
      attempts: true,
      manual: true,
    },
  });
}

export async function createSchedule(
  owner: { userId: number; companyId: number },
  v: ScheduleValues,
  now = Date.now(),
) {
  return prisma.reportSchedule.create({
    data: {
      ...owner,
      ...v,
      params: v.params as Prisma.InputJsonValue,
      nextRunAt: nextRunAt(v, now),
    },
    select: { id: true, nextRunAt: true },
  });
}

export async function updateSchedule(
  companyId: number,
  id: string,
  v: ScheduleValues,
  now = Date.now(),
) {
  await requireSchedule(companyId, id);
  return prisma.reportSchedule.update({
    where: { id },
    data: { ...v, params: v.params as Prisma.InputJsonValue, nextRunAt: nextRunAt(v, now) },
    select: { id: true, nextRunAt: true },
  });
}

export async function setScheduleEnabled(
  companyId: number,
  id: string,
  enabled: boolean,
  now = Date.now(),
) {
  const s = await requireSchedule(companyId, id);
  return prisma.reportSchedule.update({
    where: { id },
    data: { enabled, nextRunAt: nextRunAt({ ...s, enabled }, now) },
    select: { id: true, enabled: true, nextRunAt: true },
  });
}

export async function deleteSchedule(companyId: number, id: string) {
  const { count } = await prisma.reportSchedule.deleteMany({ where: { id, companyId } });
  if (!count) throw new Response("Schedule not found", { status: 404 });
}

/** "Send now"'s idempotency key as the page rendered it; anything else is ignored. */
function sendNowKey(value: unknown, now = new Date()): string {
  if (typeof value === "string" && /^[A-Za-z0-9_-]{16,64}$/.test(value)) return value;
  // A post without the page's key (a script, an old page): one run per schedule and minute.
  return `minute:${isoMinute(now)}`;
}

/**
 * Queues a run now (outside the schedule); the report scheduler job sends it. `requestKey` comes
 * from the page (a hidden field made when it rendered): two clicks, or the same post reaching two
 * processes, make one run (INSERT … ON CONFLICT DO NOTHING on (schedule, key), then read back).
 */
export async function sendNow(companyId: number, id: string, key?: unknown, now = new Date()) {
  const s = await requireSchedule(companyId, id);
  const requestKey = sendNowKey(key, now);
  const { count } = await prisma.reportRun.createMany({
    data: [
      {
        scheduleId: s.id,
        dueAt: now,
        status: "queued",
        manual: true,
        recipients: s.recipients,
        nextAttemptAt: now,
        requestKey,
      },
    ],
    skipDuplicates: true,
  });
  const run = await prisma.reportRun.findUniqueOrThrow({
    where: { scheduleId_requestKey: { scheduleId: s.id, requestKey } },
    select: { id: true },
  });
  return { id: run.id, created: count > 0 };
}

/** The minute cron would also pick a new run up; the nudge sends it within seconds. */
export async function nudgeScheduler() {
  // The queue of jobs.server.ts (REPORT_SCHEDULER_QUEUE; not imported: that module imports this one).
  await sendJob("report-scheduler", {}).catch((e) => logError("reports", e));
}

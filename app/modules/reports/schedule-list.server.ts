/**
 * The scheduled reports list: the user's own schedules (every one of the company for those who
 * manage reports), searched by subject, report or recipient and filtered by state, on the server,
 * so the page and its CSV export show the same rows.
 */
import { formatZoned } from "~/lib/zoned-time";
import type { SessionUser } from "~/lib/user";
import { csvDownload, csvFileName, type CsvColumn } from "~/services/table-csv.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { findReport } from "./catalogue";
import { listSchedules, ruleOf } from "./report-schedules.server";
import { describeRule, PERIOD_LABELS, type SchedulePeriod } from "./schedule";
import { scheduleViewer, visibleOwner } from "./schedule-actions.server";

export const SCHEDULE_STATES = ["enabled", "disabled", "failing"] as const;
type ScheduleState = (typeof SCHEDULE_STATES)[number];
export const SCHEDULE_STATE_LABELS: Record<ScheduleState, string> = {
  enabled: "Enabled",
  disabled: "Disabled",
  failing: "Last run failed",
};

export async function scheduleList(
  user: SessionUser,
  url: URL,
  auth: { token: string; companyId: number },
) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const raw = url.searchParams.get("state") ?? "";
  const state = (SCHEDULE_STATES as readonly string[]).includes(raw)
    ? (raw as ScheduleState)
    : null;
  const viewer = scheduleViewer(user);
  const [all, timeZone] = await Promise.all([
    listSchedules(user.companyid, visibleOwner(viewer)),
    companyTimeZone(auth),
  ]);
  const rows = all.map((s) => ({
    id: s.id,
    mine: s.userId === user.username_id,
    subject: s.subject,
    report: findReport(s.reportKind)?.title ?? s.reportKind,
    when: describeRule(ruleOf(s)),
    period: PERIOD_LABELS[s.period as SchedulePeriod] ?? s.period,
    format: s.format.toUpperCase(),
    recipients: s.recipients.length,
    recipientList: s.recipients,
    enabled: s.enabled,
    // In the schedule's own zone, the zone its rule is written in.
    nextRun: s.nextRunAt ? formatZoned(s.nextRunAt.getTime(), s.timeZone, "full") : null,
    last: s.runs[0] ? { status: s.runs[0].status, at: s.runs[0].startedAt.toISOString() } : null,
  }));
  const text = q.toLowerCase();
  const matching = rows.filter(
    (r) =>
      (!text ||
        r.subject.toLowerCase().includes(text) ||
        r.report.toLowerCase().includes(text) ||
        r.recipientList.some((e) => e.toLowerCase().includes(text))) &&
      (state === null ||
        (state === "enabled" && r.enabled) ||
        (state === "disabled" && !r.enabled) ||
        (state === "failing" && r.last?.status === "failed")),
  );
  return { canCreate: viewer.manager, schedules: matching, total: rows.length, q, state, timeZone };
}

type ScheduleList = Awaited<ReturnType<typeof scheduleList>>;

/** GET /dashboard/scheduled-reports.csv: the list as filtered, with every recipient's address. */
export function scheduleListCsv(data: ScheduleList, now = new Date()): Response {
  const columns: CsvColumn<ScheduleList["schedules"][number]>[] = [
    { header: "Subject", value: (r) => r.subject },
    { header: "Report", value: (r) => r.report },
    { header: "Format", value: (r) => r.format },
    { header: "Period", value: (r) => r.period },
    { header: "When", value: (r) => r.when },
    { header: "Next run", value: (r) => r.nextRun ?? "" },
    { header: "Enabled", value: (r) => (r.enabled ? "Yes" : "No") },
    { header: "Last run", value: (r) => r.last?.status ?? "never" },
    { header: "Recipients", value: (r) => r.recipientList.join(", ") },
  ];
  return csvDownload(csvFileName("scheduled-reports", now, data.timeZone), columns, data.schedules);
}

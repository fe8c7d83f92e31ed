import type { ModuleJobs } from "../job-kit";
import { runReportJobs } from "./report-run.server";
import { reportTick } from "./report-scheduler.server";

export const REPORT_SCHEDULER_QUEUE = "report-scheduler";
export const REPORT_RUN_QUEUE = "report-run";

export const jobs: ModuleJobs = {
  cron: [
    // Scheduled reports that are due, sent by e-mail.
    { name: REPORT_SCHEDULER_QUEUE, cron: "* * * * *", run: () => reportTick() },
    // Reports too large for the page, built in the background.
    { name: REPORT_RUN_QUEUE, cron: "* * * * *", run: () => runReportJobs() },
  ],
};

import type { ModuleJobs } from "../job-kit";
import { runReportJobs } from "./report-run.server";
import { reportTick } from "./report-scheduler.server";
import { pruneResults } from "./report-results.server";

export const REPORT_SCHEDULER_QUEUE = "report-scheduler";
export const REPORT_RUN_QUEUE = "report-run";
export const REPORT_PRUNE_QUEUE = "report-results-prune";

export const jobs: ModuleJobs = {
  cron: [
    // Scheduled reports that are due, sent by e-mail.
    { name: REPORT_SCHEDULER_QUEUE, cron: "* * * * *", run: () => reportTick() },
    // Reports too large for the page, built in the background.
    { name: REPORT_RUN_QUEUE, cron: "* * * * *", run: () => runReportJobs() },
    // Finished results are kept a week: long enough to come back for the download.
    { name: REPORT_PRUNE_QUEUE, cron: "17 * * * *", run: () => pruneResults() },
  ],
};

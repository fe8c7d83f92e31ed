import { cleanupSessions } from "~/services/session-cleanup.server";
import type { ModuleJobs } from "../job-kit";

export const SESSION_CLEANUP_QUEUE = "session-cleanup";

export const jobs: ModuleJobs = {
  cron: [{ name: SESSION_CLEANUP_QUEUE, cron: "*/15 * * * *", run: () => cleanupSessions() }],
};

/** The admin module's server API for other modules (timesheets book entries to job codes). */
export { listJobCodes, type JobCode } from "./jobcodes-upstream.server";

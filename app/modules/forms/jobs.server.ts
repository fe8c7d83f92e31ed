import type { ModuleJobs } from "../job-kit";
import { forwardDueSubmissions } from "./form-forwarding.server";

export const FORM_FORWARD_QUEUE = "form-forward";

/**
 * Sends on the answers of fill-in links that did not reach the upstream at the first attempt (it
 * was down, or nobody of the company was signed in), each after its own pause, until they do.
 */
export async function runFormForwarding(now = Date.now()) {
  return forwardDueSubmissions(now);
}

export const jobs: ModuleJobs = {
  cron: [{ name: FORM_FORWARD_QUEUE, cron: "* * * * *", run: () => runFormForwarding() }],
};

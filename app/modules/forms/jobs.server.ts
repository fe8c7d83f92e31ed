import { forwardDueSubmissions } from "./form-forwarding.server";

/**
 * Sends on the answers of fill-in links that did not reach the upstream at the first attempt (it
 * was down, or nobody of the company was signed in), each after its own pause, until they do.
 */
export async function runFormForwarding(now = Date.now()) {
  return forwardDueSubmissions(now);
}

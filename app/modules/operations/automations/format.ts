/** The run history's retry line, its time in the company's zone (the loader sends it). */
import { formatZoned } from "~/lib/zoned-time";

/** A run's webhook waiting for another try (from its AutomationDelivery). */
export type RetryState = {
  /** The try to come (2 after one failure). */
  nextTry: number;
  of: number;
  /** null while the try is being sent. */
  nextAt: string | null;
  lastError: string | null;
};

/** "Retrying (try 2 of 4, next at 14:05): webhook answered 503", the time in the company's zone. */
export function retryText(r: RetryState, timeZone: string): string {
  const head = r.nextAt
    ? `Retrying (try ${r.nextTry} of ${r.of}, next at ${formatZoned(r.nextAt, timeZone, "time")})`
    : `Sending (try ${r.nextTry} of ${r.of})`;
  return r.lastError ? `${head}: ${r.lastError}` : head;
}

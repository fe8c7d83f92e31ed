import { dayKey } from "~/modules/trips";

/**
 * A report's file name: its kind and the first day of its range in the report's own time zone
 * (a 17–23 Nov Brisbane week starts at 16 Nov 14:00 UTC, and was named after the 16th).
 */
export function reportFileName(kind: string, fromMs: number, timeZone: string, ext: string) {
  return `${kind}-${dayKey(fromMs, timeZone)}.${ext}`;
}

/** Working days of a leave request: Monday to Friday, less the company's public holidays. */
import { addDays } from "~/lib/zoned-days";

/** Days from `from` to `to` ("YYYY-MM-DD", inclusive) that are neither weekend nor in `holidays`. */
export function workingDays(from: string, to: string, holidays: ReadonlySet<string>): number {
  if (to < from) return 0;
  let n = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const dow = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (dow !== 0 && dow !== 6 && !holidays.has(d)) n++;
  }
  return n;
}

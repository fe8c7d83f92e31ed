/** Times on the automation pages, in the company's time zone (the loader sends it). */
const formats = new Map<string, Intl.DateTimeFormat>();

export function zonedTime(iso: string, timeZone: string): string {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "short",
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formats.set(timeZone, f);
  }
  return f.format(new Date(iso));
}

/** A run's webhook waiting for another try (from its AutomationDelivery). */
export type RetryState = {
  /** The try to come (2 after one failure). */
  nextTry: number;
  of: number;
  /** null while the try is being sent. */
  nextAt: string | null;
  lastError: string | null;
};

const clocks = new Map<string, Intl.DateTimeFormat>();

/** "Retrying (try 2 of 4, next at 14:05): webhook answered 503", the time in the company's zone. */
export function retryText(r: RetryState, timeZone: string): string {
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    clocks.set(timeZone, f);
  }
  const head = r.nextAt
    ? `Retrying (try ${r.nextTry} of ${r.of}, next at ${f.format(new Date(r.nextAt))})`
    : `Sending (try ${r.nextTry} of ${r.of})`;
  return r.lastError ? `${head}: ${r.lastError}` : head;
}

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

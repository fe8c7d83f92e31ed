/** Formats instants in a company's time zone; formatters are built once per zone and kind. */
const zoned = new Map<string, Intl.DateTimeFormat>();
type ZonedKind = "datetime" | "time" | "date" | "full";
function zf(timeZone: string, kind: ZonedKind): Intl.DateTimeFormat {
  const key = `${timeZone}|${kind}`;
  let f = zoned.get(key);
  if (!f) {
    const opts: Intl.DateTimeFormatOptions =
      kind === "time"
        ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
        : kind === "date"
          ? { weekday: "short", day: "numeric", month: "short", year: "numeric" }
          : {
              day: "numeric",
              month: "short",
              ...(kind === "full" ? { year: "numeric" } : {}),
              hour: "2-digit",
              minute: "2-digit",
              hourCycle: "h23",
            };
    f = new Intl.DateTimeFormat("en-AU", { timeZone, ...opts });
    zoned.set(key, f);
  }
  return f;
}

/**
 * Times in the company's time zone, the same on the server and in the browser (no hydration drift).
 * "full" names the year too, for instants that may fall in another year (a schedule's next run).
 */
export function formatZoned(
  at: string | number | null | undefined,
  timeZone: string,
  kind: ZonedKind = "datetime",
): string {
  const d = new Date(at ?? Number.NaN);
  return Number.isNaN(d.getTime()) ? "—" : zf(timeZone, kind).format(d);
}

import { useHydrated } from "remix-utils/use-hydrated";
import { formatZoned } from "~/lib/zoned-time";

/**
 * A moment in the viewer's own time zone, for pages without a company zone (public views) and
 * link expiries. The server cannot know the viewer's zone, so it renders UTC, marked as such.
 */
export function LocalTime({ at }: { at: string | number }) {
  const hydrated = useHydrated();
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return <>—</>;
  return (
    <time dateTime={d.toISOString()}>
      {hydrated
        ? d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
        : `${formatZoned(d.getTime(), "UTC")} UTC`}
    </time>
  );
}

import { useHydrated } from "remix-utils/use-hydrated";
import { formatZonedLabelled } from "~/lib/zoned-time";

/**
 * A moment in the viewer's own time zone, for pages without a company zone (public views) and
 * link expiries, in the one date style with the zone named. The server cannot know the viewer's
 * zone, so it renders UTC, named too. Console pages show company data with CompanyTime.
 */
export function LocalTime({ at }: { at: string | number }) {
  const hydrated = useHydrated();
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return <>—</>;
  const zone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : "UTC";
  return <time dateTime={d.toISOString()}>{formatZonedLabelled(d.getTime(), zone)}</time>;
}

import { createContext, useContext } from "react";
import { formatDay, formatZoned } from "~/lib/zoned-time";

/** The company's time zone, given by the shell (ShellData.timeZone) to every page inside it. */
export const CompanyZone = createContext("UTC");

export function useCompanyZone(): string {
  return useContext(CompanyZone);
}

/**
 * A moment of company data (a notification, a report run, a sighting) in the company's time zone:
 * the same text on the server and in the browser, the zone named in the tooltip.
 */
export function CompanyTime({
  at,
  kind = "full",
}: {
  at: string | number | null | undefined;
  kind?: "datetime" | "time" | "date" | "full";
}) {
  const zone = useCompanyZone();
  const d = new Date(at ?? Number.NaN);
  if (Number.isNaN(d.getTime())) return <>—</>;
  return (
    <time dateTime={d.toISOString()} title={`${formatZoned(d.getTime(), zone, "full")} (${zone})`}>
      {formatZoned(d.getTime(), zone, kind)}
    </time>
  );
}

/**
 * A calendar day ("YYYY-MM-DD": a period's end, a holiday) in the one date style; the company's
 * zone decides only what "this year" is.
 */
export function CompanyDay({ day }: { day: string | null | undefined }) {
  const zone = useCompanyZone();
  return day ? <time dateTime={day}>{formatDay(day, zone)}</time> : <>—</>;
}

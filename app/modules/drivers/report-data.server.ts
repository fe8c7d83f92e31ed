/**
 * The data of the driver report for a company: drivers' names, sessions and safety events of a
 * range (fetched in windows the upstream accepts), the company's dismissed events and the scoring
 * settings in force. Everything goes through the caller's token and company.
 */
import type { Auth } from "~/services/company-context.server";
import { dismissedIds, listDrivers, rangeData } from "./data.server";
import type { DriverReportData } from "./report";
import { currentSettings } from "./settings.server";

const DAY = 86_400_000;
/** The upstream answers at most 92 days per call; the cache works in whole UTC days. */
const WINDOW_DAYS = 90;

export async function driverReportData(
  auth: Auth,
  range: { from: number; to: number },
): Promise<DriverReportData> {
  const [drivers, settings, dismissed] = await Promise.all([
    listDrivers(auth),
    currentSettings(auth.companyId),
    dismissedIds(auth.companyId),
  ]);
  const out: DriverReportData = {
    names: Object.fromEntries(drivers.map((d) => [d.id, `${d.first_name} ${d.last_name}`.trim()])),
    sessions: [],
    events: [],
    dismissed: [...dismissed],
    settings: settings.settings,
    settingsVersion: settings.version,
  };
  const to = Math.min(range.to, Date.now() + DAY);
  for (let start = range.from; start < to; start += WINDOW_DAYS * DAY) {
    const end = Math.min(to, start + WINDOW_DAYS * DAY);
    const data = await rangeData(auth, start, end);
    // Windows are widened to whole days: keep each row once, in the window that holds it.
    for (const s of data.sessions)
      if (Date.parse(s.start) >= start && Date.parse(s.start) < end) out.sessions.push(s);
    for (const e of data.events)
      if (Date.parse(e.time) >= start && Date.parse(e.time) < end) out.events.push(e);
  }
  return out;
}

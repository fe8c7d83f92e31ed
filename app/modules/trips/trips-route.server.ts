/** What every trips-area loader needs first: access, the upstream auth, the company's vehicles and time zone. */
import { ruleForPath } from "~/lib/menu";
import { settingsFromCookieHeader } from "~/lib/settings";
import { parseMeasurement, type Measurement } from "~/lib/units";
import { requireAccess } from "~/services/access.server";
import { listVehicles, type Auth, type Vehicle } from "./trips.server";
import { companyTimeZone } from "~/services/company-time-zone.server";

export async function tripsContext(
  request: Request,
  menuPath: string,
): Promise<{ auth: Auth; vehicles: Vehicle[]; timeZone: string; username: string }> {
  const { user, token } = await requireAccess(request, ruleForPath(menuPath));
  const auth = { token, companyId: user.companyid };
  const [vehicles, timeZone] = await Promise.all([listVehicles(auth), companyTimeZone(auth)]);
  return { auth, vehicles, timeZone, username: user.username };
}

/** The user's unit on the server: `?measurement=` first, then the settings cookie mirror, metric by default. */
export function measurementOf(request: Request): Measurement {
  const q = new URL(request.url).searchParams.get("measurement");
  if (q) return parseMeasurement(q);
  return settingsFromCookieHeader(request.headers.get("cookie")).measurement;
}

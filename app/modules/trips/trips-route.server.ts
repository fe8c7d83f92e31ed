/** What every trips-area loader needs first: access, the upstream auth, the company's vehicles and time zone. */
import type { ModuleContext } from "~/services/guard.server";
import { listVehicles, type Vehicle } from "./trips.server";
import { type Auth } from "~/services/company-context.server";
import { companyTimeZone } from "~/services/company-time-zone.server";

export async function tripsContext(
  ctx: ModuleContext,
): Promise<{ auth: Auth; vehicles: Vehicle[]; timeZone: string; username: string }> {
  const { auth, user } = ctx;
  const [vehicles, timeZone] = await Promise.all([listVehicles(auth), companyTimeZone(auth)]);
  return { auth, vehicles, timeZone, username: user.username };
}

/** The review's telematics check from the trips module's trips and the vehicle's track points. */
import { insideJobsite } from "~/modules/fleet/index.server";
import { getTrips } from "~/modules/trips/index.server";
import type { Auth } from "~/services/company-context.server";
import { logError } from "~/services/log.server";
import { remember } from "~/services/remember.server";
import * as up from "~/services/upstream/index.server";
import type { Upstream } from "~/services/upstream/client.server";
import { AROUND_MS, judge, onSiteMinutes, vehicleActiveMinutes, type Check } from "./telematics";
import type { Entry } from "./upstream.server";
import { entryMinutes } from "./week";

type JobsiteFence = Parameters<typeof insideJobsite>[0];
const CONCURRENCY = 4;

async function inBatches<T, R>(items: readonly T[], run: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CONCURRENCY)
    out.push(...(await Promise.all(items.slice(i, i + CONCURRENCY).map(run))));
  return out;
}

/** The check of each entry (by id); a vehicle the upstream cannot answer for gives no figures. */
export async function telematicsChecks(
  auth: Auth,
  client: Upstream,
  entries: readonly Entry[],
  fences: ReadonlyMap<number, JobsiteFence>,
  marginHours: number,
  now = Date.now(),
): Promise<Map<number, Check>> {
  const checks = await inBatches(entries, async (e) => {
    const start = Date.parse(e.start);
    const end = e.end ? Date.parse(e.end) : now;
    const clocked = entryMinutes(e, now);
    if (!e.imei) return [e.id, judge(clocked, null, null, marginHours)] as const;
    try {
      const { trips } = await getTrips(
        auth,
        [e.imei],
        start - AROUND_MS,
        end + AROUND_MS,
        "trips",
        now,
        {
          waitMs: 3000,
        },
      );
      const vehicle = vehicleActiveMinutes(
        trips.map((t) => ({ start: Date.parse(t.start.time), end: Date.parse(t.end.time) })),
        start,
        end,
      );
      const fence = e.jobsite_id === null ? undefined : fences.get(e.jobsite_id);
      let onSite: number | null = null;
      if (fence) {
        const tp = await remember(
          `tp:${auth.companyId}:${e.imei}:${start}:${end}`,
          10 * 60_000,
          () =>
            up.trackpoints(client, e.imei!, {
              from: new Date(start).toISOString(),
              to: new Date(end).toISOString(),
              intervalS: 60,
            }),
        );
        onSite = onSiteMinutes(
          tp.points.map((p) => ({ time: Date.parse(p.time), lat: p.lat, lng: p.lng })),
          (lat, lng) => insideJobsite(fence, lat, lng),
          start,
          end,
        );
      }
      return [e.id, judge(clocked, vehicle, onSite, marginHours)] as const;
    } catch (err) {
      if (err instanceof Response) throw err;
      logError("timesheets", err);
      return [e.id, judge(clocked, null, null, marginHours)] as const;
    }
  });
  return new Map(checks);
}

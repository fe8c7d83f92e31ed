/**
 * Reads a hire's evidence: the machine's trips from the on-hire day (company time zone) to now,
 * and the site's fence (the contract's jobsite). The trips come through the trips module's cache
 * (a page listing many hires does not ask the upstream for each again). The upstream answers at
 * most 93 days of trips a call, so a longer hire reads its first and its last 93 days (arrival and
 * first engine use are at the start, departure and last use at the end).
 */
import { type companyJobsites, insideJobsite } from "~/modules/fleet/index.server";
import { startOfDay } from "~/lib/zoned-days";
import { getTrips } from "~/modules/trips/index.server";
import type { Auth } from "~/services/company-context.server";
import { hireEvidence, type Evidence } from "./hire-evidence";
import type { HireContract } from "./suppliers-upstream.server";

type MapJobsite = Awaited<ReturnType<typeof companyJobsites>>["jobsites"][number];

const WINDOW_MS = 93 * 86_400_000;

export async function readEvidence(
  auth: Auth,
  c: Pick<HireContract, "imei" | "on_hire" | "jobsite_id">,
  sites: readonly MapJobsite[],
  timeZone: string,
  now = Date.now(),
): Promise<Evidence & { site: string | null }> {
  const site = c.jobsite_id === null ? null : (sites.find((s) => s.id === c.jobsite_id) ?? null);
  const inside = site ? (lat: number, lng: number) => insideJobsite(site.fence, lat, lng) : null;
  const from = startOfDay(c.on_hire, timeZone);
  if (from >= now) return { ...hireEvidence([], inside), site: site?.name ?? null };
  const windows: Array<[number, number]> =
    now - from <= WINDOW_MS
      ? [[from, now]]
      : [
          [from, from + WINDOW_MS],
          [now - WINDOW_MS, now],
        ];
  const seen = new Map<
    string,
    {
      start: { time: string; lat: number; lng: number };
      end: { time: string; lat: number; lng: number };
    }
  >();
  const lists = await Promise.all(
    windows.map(([a, b]) => getTrips(auth, [c.imei], a, b, "trips", now)),
  );
  for (const t of lists.flatMap((l) => l.trips)) {
    const { start, end } = t;
    // A trip typed into the logbook by hand is no evidence of where the machine was.
    if (
      t.manual ||
      start.lat === null ||
      start.lng === null ||
      end.lat === null ||
      end.lng === null
    )
      continue;
    seen.set(t.id, {
      start: { time: start.time, lat: start.lat, lng: start.lng },
      end: { time: end.time, lat: end.lat, lng: end.lng },
    });
  }
  return { ...hireEvidence([...seen.values()], inside), site: site?.name ?? null };
}

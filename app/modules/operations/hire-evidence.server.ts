/**
 * Reads a hire's evidence: the machine's trips from the on-hire day (company time zone) to now,
 * and the site's fence (the contract's jobsite). The upstream answers at most 93 days of trips a
 * call, so a longer hire reads its first and its last 93 days (arrival and first engine use are at
 * the start, departure and last use at the end).
 */
import { type companyJobsites, insideJobsite } from "~/modules/fleet/index.server";
import { startOfDay } from "~/lib/zoned-days";
import type { Upstream } from "~/services/upstream/client.server";
import { trips } from "~/services/upstream/index.server";
import { hireEvidence, type Evidence } from "./hire-evidence";
import type { HireContract } from "./suppliers-upstream.server";

type MapJobsite = Awaited<ReturnType<typeof companyJobsites>>["jobsites"][number];

const WINDOW_MS = 93 * 86_400_000;

export async function readEvidence(
  up: Upstream,
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
  for (const [a, b] of windows) {
    const list = await trips(up, c.imei, {
      from: new Date(a).toISOString(),
      to: new Date(b).toISOString(),
      points: false,
    });
    for (const t of list) seen.set(t.id, { start: t.start, end: t.end });
  }
  return { ...hireEvidence([...seen.values()], inside), site: site?.name ?? null };
}

/**
 * The company's jobsites for the map, from the upstream through a per-company memory cache:
 * fresh for FRESH_MS, then served at once while a refresh runs in the background; when the upstream
 * is down the last known list is served marked stale (and an empty one when none is known yet), so
 * the map never waits for or fails on jobsites.
 */
import type { JobsiteFence, JobsitesPayload, MapJobsite } from "./jobsite-layer";
import { upstream } from "~/services/api.server";
import type { Auth } from "~/services/company-context.server";
import { logError } from "~/services/log.server";
import { listJobsites, type Jobsite } from "./jobsites-upstream.server";
import { singleton } from "~/services/singleton.server";

const FRESH_MS = 5 * 60_000;
/** After a failure, the next attempt waits this long (the upstream client has its own breaker too). */
const RETRY_MS = 30_000;

type Entry = {
  jobsites: MapJobsite[];
  fetchedAt: number | null;
  failedAt: number | null;
  refreshing?: Promise<void>;
};
const entries = () => singleton("jobsites", () => new Map<number, Entry>());

function fenceOf(j: Jobsite): JobsiteFence | null {
  const g = j.geofence;
  if (!g) return null;
  if (g.type === "circle")
    return { kind: "circle", lat: g.lat, lng: g.lng, radius: g.radius_meters };
  return { kind: "polygon", points: g.points.map((p) => [p.lat, p.lng] as [number, number]) };
}

/** Upstream jobsites to what the map draws: active ones with a geofence. */
export function toMapJobsites(list: Jobsite[]): MapJobsite[] {
  return list.flatMap((j) => {
    const fence = fenceOf(j);
    return fence && j.active !== false
      ? [{ id: j.id, name: j.name, address: j.address ?? null, fence }]
      : [];
  });
}

function refresh(auth: Auth, e: Entry): Promise<void> {
  e.refreshing ??= listJobsites(upstream(auth.token))
    .then((list) => {
      e.jobsites = toMapJobsites(list);
      e.fetchedAt = Date.now();
      e.failedAt = null;
    })
    .catch((err: unknown) => {
      e.failedAt = Date.now();
      logError("jobsites", err);
    })
    .finally(() => (e.refreshing = undefined));
  return e.refreshing;
}

/** The jobsites of the session's company (tenant isolation: the cache is per company, filled with its own token). */
export async function companyJobsites(auth: Auth): Promise<JobsitesPayload> {
  let e = entries().get(auth.companyId);
  if (!e) entries().set(auth.companyId, (e = { jobsites: [], fetchedAt: null, failedAt: null }));
  const now = Date.now();
  const due =
    (e.fetchedAt === null || now - e.fetchedAt >= FRESH_MS) &&
    (e.failedAt === null || now - e.failedAt >= RETRY_MS);
  if (due) {
    const r = refresh(auth, e);
    // Only the very first read waits; later ones are answered from the cache at once.
    if (e.fetchedAt === null) await r;
  }
  const stale = e.failedAt !== null;
  return {
    jobsites: e.jobsites,
    stale,
    asOf: e.fetchedAt === null ? null : new Date(e.fetchedAt).toISOString(),
  };
}

/** Forget every company's jobsites (tests; and admin/jobsites after a change, so the map shows it). */
export function clearJobsiteCache() {
  entries().clear();
}

import { useEffect, useState } from "react";
import type { JobsitesPayload, MapJobsite } from "../../jobsite-layer";

const REFRESH_MS = 5 * 60_000;

/**
 * The company's jobsites, loaded only while the jobsiteGeofences preference is on. A failure keeps
 * what was loaded before: the map works without jobsites.
 */
export function useJobsites(enabled: boolean): MapJobsite[] {
  const [jobsites, setJobsites] = useState<MapJobsite[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const ctrl = new AbortController();
    const load = () =>
      fetch("/api/jobsites", { credentials: "same-origin", signal: ctrl.signal })
        .then((r) => (r.ok ? (r.json() as Promise<JobsitesPayload>) : null))
        .then((p) => p && setJobsites(p.jobsites))
        .catch(() => undefined);
    void load();
    const t = setInterval(load, REFRESH_MS);
    return () => {
      ctrl.abort();
      clearInterval(t);
    };
  }, [enabled]);
  return jobsites;
}

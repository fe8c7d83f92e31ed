import { Alert } from "@mantine/core";
import type { SyncInfo } from "~/lib/sync-info";
import { formatZonedLabelled } from "~/lib/zoned-time";
import { useCompanyZone } from "./company-time";

/**
 * The last good copy's time in the company's zone, named: the banner is read on its own, and the
 * server's zone (which dayjs used) is nobody's.
 */
export function formatAsOf(okAt: string | null, timeZone: string, now = Date.now()): string {
  return okAt ? formatZonedLabelled(okAt, timeZone, "datetime", now) : "never";
}

/** Shown while the upstream cannot be reached: the page works from the cache and says how old it is. */
export function StaleBanner({ sync }: { sync: SyncInfo }) {
  const zone = useCompanyZone();
  if (!sync.stale) return null;
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="stale-banner">
      Data as of {formatAsOf(sync.okAt, zone)} — the live feed is unavailable
    </Alert>
  );
}

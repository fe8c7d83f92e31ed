import { Alert } from "@mantine/core";
import dayjs from "dayjs";
import type { SyncInfo } from "~/lib/sync-info";

export function formatAsOf(okAt: string | null): string {
  return okAt ? dayjs(okAt).format("D MMM YYYY HH:mm:ss") : "never";
}

/** Shown while the upstream cannot be reached: the page works from the cache and says how old it is. */
export function StaleBanner({ sync }: { sync: SyncInfo }) {
  if (!sync.stale) return null;
  return (
    <Alert color="yellow" variant="light" role="status" data-testid="stale-banner">
      <span suppressHydrationWarning>
        Data as of {formatAsOf(sync.okAt)} — the live feed is unavailable
      </span>
    </Alert>
  );
}

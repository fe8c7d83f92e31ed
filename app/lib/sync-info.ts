/** How fresh a cached list is: the last good and failed syncs with the upstream, and whether to warn. */
export type SyncInfo = { okAt: string | null; failedAt: string | null; stale: boolean };

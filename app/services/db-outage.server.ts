import { singleton } from "./singleton.server";

/**
 * Whether PostgreSQL is in an outage, process-wide: the log says so once when it starts and once
 * when it ends (log.server.ts), instead of a line with a stack for every request that fails while
 * the database is down.
 */
type Outage = { since: number; failures: number };

const state = singleton("db-outage", (): { outage: Outage | null } => ({ outage: null }));

/** Counts a failure; true when it is the first of a new outage (the one to log). */
export function outageFailure(now = Date.now()): boolean {
  if (state.outage) {
    state.outage.failures++;
    return false;
  }
  state.outage = { since: now, failures: 1 };
  return true;
}

/** Ends the outage on a query that worked: what it was, or null when there was none. */
export function outageOver(now = Date.now()): { ms: number; failures: number } | null {
  const o = state.outage;
  if (!o) return null;
  state.outage = null;
  return { ms: now - o.since, failures: o.failures };
}

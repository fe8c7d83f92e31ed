import { singleton } from "./singleton.server";

/**
 * Whether PostgreSQL is in an outage, process-wide: the log says so once when it starts and once
 * when it ends (log.server.ts), instead of a line with a stack for every request that fails while
 * the database is down. A failure just after the end (a task whose query began in the outage)
 * belongs to the outage that ended: it is counted without a second warning and end line.
 */
type Outage = { since: number; failures: number; quiet: boolean };

const AFTERMATH_MS = 10_000;

const state = singleton("db-outage", (): { outage: Outage | null; endedAt: number } => ({
  outage: null,
  endedAt: -Infinity,
}));

/** Counts a failure; true when it is the first of a new outage (the one to log). */
export function outageFailure(now = Date.now()): boolean {
  if (state.outage) {
    state.outage.failures++;
    return false;
  }
  const quiet = now - state.endedAt < AFTERMATH_MS;
  state.outage = { since: now, failures: 1, quiet };
  return !quiet;
}

/** Ends the outage on a query that worked: what it was, or null when there was none to tell. */
export function outageOver(now = Date.now()): { ms: number; failures: number } | null {
  const o = state.outage;
  if (!o) return null;
  state.outage = null;
  state.endedAt = now;
  return o.quiet ? null : { ms: now - o.since, failures: o.failures };
}

/**
 * Heartbeats of running background work (ReportJob, ReportRun), so a worker whose process died is
 * noticed within JOB_STALE_MS instead of never. A claim bumps the row's `attempts`; that number is
 * the worker's lease: each beat and each write of the worker is `WHERE attempts = <its claim>`, so
 * a worker that was taken for dead (and its row claimed again) can no longer change the row.
 * Times are the database's clock, one clock for every process.
 */
import { Prisma } from "~/generated/prisma/client";
import { getEnv } from "~/services/env.server";
import { logError } from "~/services/log.server";

/** Claims of one job or run in all, crash re-claims and failure retries alike. */
export const MAX_ATTEMPTS = 3;

/** The database's "now" as Prisma stores DateTime (timestamp without time zone, in UTC). */
export const DB_NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

/** SQL condition: the row's worker has been silent longer than JOB_STALE_MS. */
export function staleSql(): Prisma.Sql {
  return Prisma.sql`coalesce("heartbeatAt", "startedAt") < ${DB_NOW} - (${getEnv().JOB_STALE_MS}::int * interval '1 millisecond')`;
}

export class LeaseLost extends Error {
  constructor() {
    super("This work was taken over by another worker");
  }
}

export type Lease = {
  /** True once a beat found the row no longer this worker's. */
  readonly lost: boolean;
  /** Throws LeaseLost when lost: call it before each step with effects outside the database. */
  check(): void;
};

/**
 * Runs `fn` while `beat` runs every JOB_HEARTBEAT_MS. `beat` answers false when the row is no
 * longer this worker's (its attempt was claimed again, or the row ended); the lease is then lost.
 * A beat that fails (database briefly away) is logged and tried again at the next interval.
 */
export async function withHeartbeat<T>(
  beat: () => Promise<boolean>,
  fn: (lease: Lease) => Promise<T>,
): Promise<T> {
  let lost = false;
  let beating = false;
  const lease: Lease = {
    get lost() {
      return lost;
    },
    check() {
      if (lost) throw new LeaseLost();
    },
  };
  const timer = setInterval(() => {
    if (beating || lost) return;
    beating = true;
    beat()
      .then(
        (ok) => void (ok || (lost = true)),
        (e) => logError("jobs", e),
      )
      .finally(() => (beating = false));
  }, getEnv().JOB_HEARTBEAT_MS);
  timer.unref?.();
  try {
    return await fn(lease);
  } finally {
    clearInterval(timer);
  }
}

/**
 * Who keeps the device cache fresh: the scheduled job (jobs.server.ts, one run a minute for the
 * whole cluster) refreshes every company with an active session whose cache nobody else keeps
 * fresh, and while a browser watches the live feed the company is polled every
 * SYNC_INTERVAL_SECONDS by ONE process of the cluster: the one holding the company's poller lock
 * (a PostgreSQL advisory lock on its LISTEN session). The others only relay what it writes
 * (live-feed.server.ts). Tokens come from the companies' own sessions: the upstream only answers a
 * user's bearer token.
 */
import { prisma } from "~/services/db.server";
import { tokenForCompany } from "~/services/session.server";
import { syncDevices } from "./devices-sync.server";
import { type Auth } from "~/services/company-context.server";
import { subscriberCount } from "./live.server";
import { logError } from "~/services/log.server";
import { getEnv } from "~/services/env.server";
import { singleton } from "~/services/singleton.server";
import {
  holdsAdvisoryLock,
  releaseAdvisoryLock,
  tryAdvisoryLock,
} from "~/services/pg-listen.server";

/** pg_try_advisory_lock(POLLER_LOCK, company): held by the company's one live poller. */
export const POLLER_LOCK = 0x7473;

/** One refresh of every company that has someone signed in. Returns per-company outcomes. */
export async function syncActiveCompanies(
  now = Date.now(),
): Promise<Record<number, number | string>> {
  const companies = await prisma.session.findMany({
    where: { expiresAt: { gt: new Date(now) } },
    distinct: ["companyId"],
    select: { companyId: true },
  });
  const out: Record<number, number | string> = {};
  // A company a live poller refreshed moments ago needs no second call to the upstream.
  const fresh = await prisma.syncState.findMany({
    where: { okAt: { gt: new Date(now - 2 * intervalMs()) } },
    select: { key: true },
  });
  const skip = new Set(fresh.map((r) => r.key));
  for (const { companyId } of companies) {
    if (skip.has(`devices:${companyId}`)) continue;
    const token = await tokenForCompany(companyId, now);
    if (!token) continue;
    try {
      // Position deltas, with the full list every few minutes (syncDevices decides): a full list of
      // 10,000 devices every minute would keep the server busy for nothing.
      out[companyId] = await syncDevices({ token, companyId });
    } catch (e) {
      logError("device-sync", e);
      out[companyId] = (e as Error).message;
    }
  }
  return out;
}

const pollers = () => singleton("devicePollers", () => new Map<number, NodeJS.Timeout>());

function intervalMs() {
  return getEnv().SYNC_INTERVAL_SECONDS * 1000;
}

/**
 * Polls the company's positions while anyone watches its live feed in this process (checked on
 * every tick, so the poller stops by itself when the last tab closes), if this process holds the
 * company's poller lock or can take it: one poller per company for the whole cluster. Failures are
 * recorded by syncDevices and retried on the next tick.
 */
export function ensureLivePolling(auth: Auth) {
  if (pollers().has(auth.companyId)) return;
  let token = auth.token;
  const companyId = auth.companyId;
  const tick = async () => {
    if (subscriberCount(companyId) === 0) {
      pollers().delete(companyId);
      // Another process with watchers takes over at its next tick.
      await releaseAdvisoryLock(POLLER_LOCK, companyId).catch(() => undefined);
      return;
    }
    try {
      const leader =
        holdsAdvisoryLock(POLLER_LOCK, companyId) ||
        (await tryAdvisoryLock(POLLER_LOCK, companyId));
      if (leader) {
        token = (await tokenForCompany(companyId)) ?? token;
        await syncDevices({ token, companyId });
      }
    } catch (e) {
      logError("device-sync", e);
    }
    if (pollers().has(companyId)) pollers().set(companyId, setTimeout(tick, intervalMs()));
  };
  pollers().set(companyId, setTimeout(tick, Math.min(1000, intervalMs())));
}

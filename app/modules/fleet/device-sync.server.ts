/**
 * Who keeps the device cache fresh: the scheduled job (server/jobs/device-sync.ts) refreshes every
 * company with an active session each minute, and while a browser watches the live feed the
 * company is polled every SYNC_INTERVAL_SECONDS. Tokens come from the companies' own sessions:
 * the upstream only answers a user's bearer token.
 */
import { prisma } from "~/services/db.server";
import { tokenForCompany } from "~/services/session.server";
import { syncDevices } from "./devices-sync.server";
import { type Auth } from "~/services/company-context.server";
import { subscriberCount } from "./live.server";
import { logError } from "~/services/log.server";
import { getEnv } from "~/services/env.server";
import { singleton } from "~/services/singleton.server";

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
  for (const { companyId } of companies) {
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
 * Polls the company's positions while anyone watches its live feed (checked on every tick, so
 * the poller stops by itself when the last tab closes). Failures are recorded by syncDevices and
 * retried on the next tick.
 */
export function ensureLivePolling(auth: Auth) {
  if (pollers().has(auth.companyId)) return;
  let token = auth.token;
  const tick = async () => {
    if (subscriberCount(auth.companyId) === 0) {
      pollers().delete(auth.companyId);
      return;
    }
    try {
      token = (await tokenForCompany(auth.companyId)) ?? token;
      await syncDevices({ token, companyId: auth.companyId });
    } catch (e) {
      logError("device-sync", e);
    }
    if (pollers().has(auth.companyId))
      pollers().set(auth.companyId, setTimeout(tick, intervalMs()));
  };
  pollers().set(auth.companyId, setTimeout(tick, Math.min(1000, intervalMs())));
}

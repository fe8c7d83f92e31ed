/**
 * Automations in the background: every minute, each company with an enabled automation
 * has its new events (upstream alert events, schedule occurrences, form submissions) run through
 * the engine. The cursor is SyncState `automations:<company>` (okAt: events up to then are done);
 * runs are claimed per rule and event, so an overlap re-reads without acting twice. Runs older than
 * 30 days are dropped nightly.
 */
import { backgroundToken } from "~/modules/notifications/index.server";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { logError, logInfo } from "~/services/log.server";
import { defaultPorts, automationOf, processEvents } from "./runner.server";
import {
  byTime,
  deviceFacts,
  formEvents,
  fromUpstream,
  scheduleEvents,
  upstreamEvents,
} from "./sources.server";

const FIRST_LOOKBACK_MS = 5 * 60_000;
const OVERLAP_MS = 60_000;

export async function runAutomations(companyId: number, now = Date.now()) {
  const key = `automations:${companyId}`;
  const rows = await prisma.automation.findMany({ where: { companyId, enabled: true } });
  if (!rows.length) return null;
  const token = await backgroundToken(companyId, new Date(now));
  if (!token) return null;
  const cursor = await prisma.syncState.findUnique({ where: { key } });
  const from = (cursor?.okAt?.getTime() ?? now - FIRST_LOOKBACK_MS) - OVERLAP_MS;
  try {
    const [raw, facts, forms] = await Promise.all([
      upstreamEvents(upstream(token), from, undefined, 20),
      deviceFacts(companyId),
      formEvents(companyId, from, now),
    ]);
    const events = [
      ...raw.events
        .filter((e) => e.companyid === companyId)
        .map((e) => fromUpstream(e, facts.get(e.imei))),
      ...scheduleEvents(rows.map(automationOf), from, now),
      ...forms,
    ].sort(byTime);
    const summary = await processEvents(
      companyId,
      events,
      defaultPorts(async () => token),
    );
    await prisma.syncState.upsert({
      where: { key },
      create: { key, okAt: new Date(now) },
      update: { okAt: new Date(now), error: null },
    });
    return summary;
  } catch (e) {
    const error = (e as Error).message;
    await prisma.syncState.upsert({
      where: { key },
      create: { key, failedAt: new Date(now), error },
      update: { failedAt: new Date(now), error },
    });
    logError("automations", `company ${companyId}: ${error}`);
    return null;
  }
}

export async function runAllAutomations() {
  const companies = await prisma.automation.findMany({
    where: { enabled: true },
    distinct: ["companyId"],
    select: { companyId: true },
  });
  let fired = 0;
  for (const { companyId } of companies) fired += (await runAutomations(companyId))?.fired ?? 0;
  if (fired) logInfo("automations", `${fired} automation(s) fired`);
}

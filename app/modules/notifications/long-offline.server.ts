/**
 * "Offline for at least N hours" (an alert rule's threshold): the upstream reports a device going
 * offline at once, so the app raises the longer silences itself, from the device cache, once per
 * silence and threshold (the event id holds the device, its last contact and N). Only silences
 * that crossed N within the last day are raised, so a new rule does not page anyone about devices
 * lost for months.
 */
import { prisma } from "~/services/db.server";
import type { UpstreamEvent } from "~/services/upstream/schemas";
import type { AppEvent } from "./event-sync.server";

const HOUR_MS = 3_600_000;
const CROSSED_WITHIN_MS = 24 * HOUR_MS;

export async function longOfflineEvents(companyId: number, now: Date): Promise<AppEvent[]> {
  const rules = await prisma.alertRule.findMany({
    where: { companyId, enabled: true, offlineHours: { not: null }, kinds: { has: "offline" } },
    select: { userId: true, offlineHours: true },
  });
  if (!rules.length) return [];
  const usersByHours = new Map<number, Set<number>>();
  for (const r of rules)
    usersByHours.set(
      r.offlineHours!,
      (usersByHours.get(r.offlineHours!) ?? new Set()).add(r.userId),
    );
  const longest = Math.max(...usersByHours.keys());
  const devices = await prisma.device.findMany({
    where: {
      companyId,
      lastContactAt: {
        not: null,
        gte: new Date(now.getTime() - longest * HOUR_MS - CROSSED_WITHIN_MS),
      },
    },
    select: { imei: true, lastContactAt: true },
  });
  const out: AppEvent[] = [];
  for (const [hours, users] of usersByHours)
    for (const d of devices) {
      const crossedAt = d.lastContactAt!.getTime() + hours * HOUR_MS;
      if (crossedAt > now.getTime() || now.getTime() - crossedAt > CROSSED_WITHIN_MS) continue;
      const event: UpstreamEvent = {
        id: `offline-${hours}h:${d.imei}:${d.lastContactAt!.getTime()}`,
        kind: "offline",
        imei: d.imei,
        companyid: companyId,
        time: new Date(crossedAt).toISOString(),
        details: { lastContact: d.lastContactAt!.toISOString(), sustainedHours: hours },
      };
      out.push({ event, userIds: [...users] });
    }
  return out;
}

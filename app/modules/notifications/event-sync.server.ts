/**
 * Turns upstream alert events (GET /v2/events) into notifications, per company with users who
 * have alert rules or push subscriptions. Background work has no user request, so it acts with
 * the upstream token of the most recent live session of a user in that company; without one the
 * company is marked stale (EventCursor.staleSince, SyncState `events:<company>`) until someone
 * signs in again.
 *
 * Idempotent: an AlertDispatch row per (event, user) is claimed before any channel fires, so a
 * second worker or a re-run after a crash never notifies twice; its in-app notices and e-mails
 * (to the outbox) are written in the claim's transaction (alert-claim.server.ts); the cursor moves only after a
 * page is dispatched, so a crash re-reads that page rather than skipping it.
 */
import { describeEvent } from "./alert-events";
import {
  dispatchFor,
  isAlertKind,
  type AlertKind,
  type EventTarget,
  type RuleLike,
} from "./alert-rule-match";
import { longOfflineEvents } from "./long-offline.server";
import { formatZonedLabelled } from "~/lib/zoned-time";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { claimAlerts } from "./alert-claim.server";
import { prisma } from "~/services/db.server";
import { logError, logInfo } from "~/services/log.server";
import { liveToken } from "~/services/session.server";
import {
  events as fetchEvents,
  iotDevices,
  isUpstreamError,
  type UpstreamEvent,
} from "~/services/upstream/index.server";
import { queueWebhook } from "./webhook.server";

/** How far back the first sync of a company looks. */
const FIRST_LOOKBACK_MS = 5 * 60_000;
const PAGE = 500;
const MAX_PAGES = 20;

export type SyncOutcome = {
  companyId: number;
  status: "ok" | "stale" | "error";
  events: number;
  dispatched: number;
  error?: string;
};

/** Companies worth polling: some user has a rule or a push subscription. */
export async function companiesToSync(): Promise<number[]> {
  const [rules, subs] = await Promise.all([
    prisma.alertRule.findMany({
      where: { enabled: true },
      distinct: ["companyId"],
      select: { companyId: true },
    }),
    prisma.pushSubscription.findMany({ distinct: ["companyId"], select: { companyId: true } }),
  ]);
  return [...new Set([...rules, ...subs].map((r) => r.companyId))].sort((a, b) => a - b);
}

/** The upstream token of the company's most recently used live session, or null. */
export async function backgroundToken(companyId: number, now = new Date()): Promise<string | null> {
  const sessions = await prisma.session.findMany({
    where: { companyId, expiresAt: { gt: now } },
    orderBy: { lastSeenAt: "desc" },
    take: 20,
    select: { data: true },
  });
  for (const s of sessions) {
    const token = liveToken(s.data, now.getTime());
    if (token) return token;
  }
  return null;
}

async function markStale(companyId: number, error: string, now: Date) {
  await prisma.eventCursor.upsert({
    where: { companyId },
    create: { companyId, staleSince: now, error },
    update: { error },
  });
  await prisma.eventCursor.updateMany({
    where: { companyId, staleSince: null },
    data: { staleSince: now },
  });
  const key = `events:${companyId}`;
  await prisma.syncState.upsert({
    where: { key },
    create: { key, failedAt: now, error },
    update: { failedAt: now, error },
  });
}

/** The people of a company to dispatch to, with their rules (none = the default rule). */
async function audience(companyId: number) {
  const [rules, subs] = await Promise.all([
    prisma.alertRule.findMany({ where: { companyId } }),
    prisma.pushSubscription.findMany({
      where: { companyId },
      distinct: ["userId"],
      select: { userId: true },
    }),
  ]);
  const byUser = new Map<number, RuleLike[]>();
  for (const s of subs) byUser.set(s.userId, []);
  for (const r of rules) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
  return byUser;
}

type DeviceInfo = { nickname: string; groupIds: number[] };

async function deviceInfo(
  companyId: number,
  imeis: string[],
  token: string,
): Promise<Map<string, DeviceInfo>> {
  const rows = await prisma.device.findMany({
    where: { companyId, imei: { in: imeis } },
    select: { imei: true, nickname: true, groups: true },
  });
  const groupIds = (g: unknown) =>
    Array.isArray(g) ? g.map((x) => Number((x as { id?: number }).id)).filter(Number.isFinite) : [];
  const map = new Map(
    rows.map((r) => [r.imei, { nickname: r.nickname, groupIds: groupIds(r.groups) }]),
  );
  if (imeis.some((i) => !map.has(i))) {
    try {
      for (const d of await iotDevices(upstream(token)))
        if (!map.has(d.imei))
          map.set(d.imei, { nickname: d.nickname, groupIds: d.groups.map((g) => g.id) });
    } catch (e) {
      logError("events", `device names unavailable: ${(e as Error).message}`);
    }
  }
  return map;
}

const numberOr = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** What rules match an event on: kind, vehicle, groups and the figures thresholds compare. */
/** An upstream event, or one the app raises with a kind of its own (e.g. sensor_out_of_range). */
type AnyEvent = Omit<UpstreamEvent, "kind"> & { kind: UpstreamEvent["kind"] | AlertKind };

function targetOf(event: AnyEvent, groupIds: number[]): EventTarget {
  return {
    kind: event.kind,
    imei: event.imei,
    groupIds,
    speed: numberOr(event.details.speed),
    sustainedHours: numberOr(event.details.sustainedHours),
  };
}

type Planned = { event: AnyEvent; userId: number; d: ReturnType<typeof dispatchFor> };

/** Fires the channels of one page of events for every user they concern. Returns dispatches. */
export async function dispatchEvents(
  companyId: number,
  list: UpstreamEvent[],
  token: string,
  now = new Date(),
): Promise<number> {
  const events = list.filter((e) => e.companyid === companyId);
  if (!events.length) return 0;
  const users = await audience(companyId);
  if (!users.size) return 0;
  const devices = await deviceInfo(companyId, [...new Set(events.map((e) => e.imei))], token);

  const planned: Planned[] = [];
  for (const event of events) {
    const dev = devices.get(event.imei);
    for (const [userId, rules] of users) {
      const d = dispatchFor(rules, targetOf(event, dev?.groupIds ?? []), now);
      if (d.channels.size) planned.push({ event, userId, d });
    }
  }
  return fire(companyId, planned, devices, token);
}

/** An event the app itself raises (not read from the upstream), with the people it concerns. */
export type AppEvent = { event: AnyEvent; userIds: number[] };

/**
 * Dispatches events the app derives itself (e.g. maintenance due) to named users, through each
 * user's alert rules (none = the default rule), with the same once-only claim per (event id, user)
 * as upstream events: running it again for the same event ids notifies nobody twice.
 */
export async function dispatchToUsers(
  companyId: number,
  list: AppEvent[],
  token: string,
  now = new Date(),
): Promise<number> {
  const items = list.filter((x) => x.event.companyid === companyId && x.userIds.length);
  if (!items.length) return 0;
  const userIds = [...new Set(items.flatMap((x) => x.userIds))];
  const rules = await prisma.alertRule.findMany({
    where: { companyId, userId: { in: userIds } },
  });
  const byUser = new Map<number, RuleLike[]>(userIds.map((u) => [u, []]));
  for (const r of rules) byUser.get(r.userId)!.push(r);
  const devices = await deviceInfo(companyId, [...new Set(items.map((x) => x.event.imei))], token);
  const planned: Planned[] = [];
  for (const { event, userIds: to } of items) {
    const groupIds = devices.get(event.imei)?.groupIds ?? [];
    for (const userId of new Set(to)) {
      const d = dispatchFor(byUser.get(userId) ?? [], targetOf(event, groupIds), now);
      if (d.channels.size) planned.push({ event, userId, d });
    }
  }
  return fire(companyId, planned, devices, token);
}

/** Claims each (event, user) once, then fires the channels of the claims won. */
async function fire(
  companyId: number,
  planned: Planned[],
  devices: Map<string, DeviceInfo>,
  token: string,
): Promise<number> {
  if (!planned.length) return 0;
  // Texts name days and times on the company's clock (an email is read far from the page).
  const timeZone = await companyTimeZone({ token, companyId });
  const textOf = (event: AnyEvent) =>
    describeEvent(event, devices.get(event.imei)?.nickname ?? null, timeZone);
  const todo = await claimAlerts(companyId, planned, (event) => ({
    ...textOf(event),
    when: formatZonedLabelled(event.time, timeZone, "full"),
  }));

  for (const { event, d } of todo) {
    for (const hook of d.webhooks) {
      await queueWebhook(hook.ruleId, {
        id: event.id,
        kind: event.kind,
        imei: event.imei,
        companyid: companyId,
        time: event.time,
        title: textOf(event).title,
        body: textOf(event).body,
        details: event.details,
      });
    }
  }
  return todo.length;
}

/** One company: read pages after the cursor, dispatch, advance the cursor. */
export async function syncCompany(companyId: number, now = new Date()): Promise<SyncOutcome> {
  const token = await backgroundToken(companyId, now);
  if (!token) {
    await markStale(
      companyId,
      "No signed-in user of this company: alerts resume when someone signs in",
      now,
    );
    return { companyId, status: "stale", events: 0, dispatched: 0 };
  }
  const cursor = await prisma.eventCursor.findUnique({ where: { companyId } });
  let since = cursor?.next ?? new Date(now.getTime() - FIRST_LOOKBACK_MS).toISOString();
  let count = 0;
  let dispatched = 0;
  try {
    const client = upstream(token);
    for (let page = 0; page < MAX_PAGES; page++) {
      const res = await fetchEvents(client, { since, limit: PAGE });
      // The feed also carries device events that are no alerts (ignition, for automations).
      const alerts = res.events.filter((e) => isAlertKind(e.kind));
      count += alerts.length;
      dispatched += await dispatchEvents(companyId, alerts, token, now);
      since = res.next;
      await prisma.eventCursor.upsert({
        where: { companyId },
        create: { companyId, next: since, okAt: now },
        update: { next: since, okAt: now, staleSince: null, error: null },
      });
      if (!res.hasMore) break;
    }
    dispatched += await dispatchToUsers(
      companyId,
      await longOfflineEvents(companyId, now),
      token,
      now,
    );
    const key = `events:${companyId}`;
    await prisma.syncState.upsert({
      where: { key },
      create: { key, okAt: now },
      update: { okAt: now, error: null },
    });
    return { companyId, status: "ok", events: count, dispatched };
  } catch (e) {
    const message = isUpstreamError(e) ? `${e.message} (${e.status})` : (e as Error).message;
    await markStale(companyId, message, now);
    logError("events", `company ${companyId}: ${message}`);
    return { companyId, status: "error", events: count, dispatched, error: message };
  }
}

export async function syncAllCompanies(now = new Date()): Promise<SyncOutcome[]> {
  const out: SyncOutcome[] = [];
  for (const companyId of await companiesToSync()) out.push(await syncCompany(companyId, now));
  const sum = out.reduce((n, o) => n + o.dispatched, 0);
  if (sum)
    logInfo(
      "events",
      `dispatched ${sum} alert(s) for ${out.length} compan${out.length === 1 ? "y" : "ies"}`,
    );
  return out;
}

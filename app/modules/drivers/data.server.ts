/**
 * The drivers module's reads from the tracking service, scoped by the caller's token (so by its
 * company), with a short per-company cache: a page shows several periods of one range, and the
 * leaderboard, incident list and scorecard all come from the same fetch. Writes clear the cache.
 */
import { upstream } from "~/services/api.server";
import type { Auth } from "~/services/company-context.server";
import { prisma } from "~/services/db.server";
import { singleton } from "~/services/singleton.server";
import * as dup from "./upstream.server";

const TTL_MS = 60_000;
const DAY = 86_400_000;

type Entry = { at: number; value: Promise<unknown> };
const cache = singleton("drivers-data-cache", () => new Map<string, Entry>());

function cached<T>(key: string, make: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value as Promise<T>;
  const value = make();
  cache.set(key, { at: now, value });
  value.catch(() => cache.delete(key));
  if (cache.size > 500) cache.delete(cache.keys().next().value!);
  return value;
}

/** Forgets what was read for a company (after any driver write). */
export function forgetCompany(companyId: number) {
  for (const k of [...cache.keys()]) if (k.startsWith(`${companyId}:`)) cache.delete(k);
}

export const listDrivers = (auth: Auth) =>
  cached(`${auth.companyId}:drivers`, () => dup.drivers(upstream(auth.token)));

export const listTags = (auth: Auth) =>
  cached(`${auth.companyId}:tags`, () => dup.driverTags(upstream(auth.token)));

/** Events and sessions of [from, to), whole UTC days (the cache key), at most 92 days. */
export function rangeData(auth: Auth, from: number, to: number) {
  const f = Math.floor(from / DAY) * DAY;
  const t = Math.ceil(to / DAY) * DAY;
  const q = { from: new Date(f).toISOString(), to: new Date(t).toISOString() };
  return cached(`${auth.companyId}:range:${f}:${t}`, async () => {
    const up = upstream(auth.token);
    const [events, sessions] = await Promise.all([
      dup.safetyEvents(up, q),
      dup.driverSessions(up, q),
    ]);
    return { events, sessions };
  });
}

import type { ReviewStatus } from "./schemas";
export type { ReviewStatus };
export type ReviewEntry = {
  status: ReviewStatus;
  reason: string | null;
  note: string | null;
  by: string;
  at: string;
};
export type Review = {
  eventId: string;
  status: ReviewStatus;
  reason: string | null;
  note: string | null;
  history: ReviewEntry[];
};

/** The company's reviews of the given events (absent = needs review). */
export async function reviewsOf(
  companyId: number,
  eventIds: string[],
): Promise<Map<string, Review>> {
  const rows = await prisma.driverEventReview.findMany({
    where: { companyId, eventId: { in: eventIds } },
  });
  return new Map(
    rows.map((r) => [
      r.eventId,
      {
        eventId: r.eventId,
        status: r.status as ReviewStatus,
        reason: r.reason,
        note: r.note,
        history: (r.history as ReviewEntry[]) ?? [],
      },
    ]),
  );
}

/**
 * The status of every event the company reviewed (the rest need review) and the dismissed ones
 * (they do not count in scores): one light read, ids and statuses only.
 */
export async function reviewStatuses(companyId: number) {
  const rows = await prisma.driverEventReview.findMany({
    where: { companyId },
    select: { eventId: true, status: true },
  });
  const byEvent = new Map(rows.map((r) => [r.eventId, r.status as ReviewStatus]));
  const dismissed = new Set(rows.filter((r) => r.status === "dismissed").map((r) => r.eventId));
  return { byEvent, dismissed };
}

/** The ids of the company's dismissed events (they do not count in scores). */
export async function dismissedIds(companyId: number): Promise<Set<string>> {
  const rows = await prisma.driverEventReview.findMany({
    where: { companyId, status: "dismissed" },
    select: { eventId: true },
  });
  return new Set(rows.map((r) => r.eventId));
}

/** Records a review step, keeping who did what when. */
export async function saveReview(
  companyId: number,
  eventId: string,
  step: Omit<ReviewEntry, "at">,
  at = new Date(),
) {
  const prev = await prisma.driverEventReview.findUnique({
    where: { companyId_eventId: { companyId, eventId } },
  });
  const history = [
    ...(((prev?.history as ReviewEntry[] | undefined) ?? []) as ReviewEntry[]),
    { ...step, at: at.toISOString() },
  ];
  await prisma.driverEventReview.upsert({
    where: { companyId_eventId: { companyId, eventId } },
    create: { companyId, eventId, ...pick(step), history, updatedBy: step.by },
    update: { ...pick(step), history, updatedBy: step.by },
  });
}

const pick = (s: Omit<ReviewEntry, "at">) => ({
  status: s.status,
  reason: s.status === "dismissed" ? s.reason : null,
  note: s.note,
});

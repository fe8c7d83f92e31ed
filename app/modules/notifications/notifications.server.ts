/**
 * The in-app feed: creating notifications, the unread count, marking read, and live delivery.
 * Live delivery goes through PostgreSQL LISTEN/NOTIFY (the process's one LISTEN session,
 * pg-listen.server.ts), so a notification created by the worker (or another server process)
 * reaches every open tab of its user on any process, also after the database was away.
 */
import type { FeedItem } from "./feed-item";
import { prisma } from "~/services/db.server";
import { logError } from "~/services/log.server";
import { queuePush } from "./push.server";
import { getEnv } from "~/services/env.server";
import { singleton } from "~/services/singleton.server";
import { listen, readyWithin, type Listening } from "~/services/pg-listen.server";

export const FEED_PAGE_SIZE = 30;
const CHANNEL = "tracksmith_notifications";

export type NotificationInput = {
  userId: number;
  companyId: number;
  kind: string;
  title: string;
  body: string;
  link?: string | null;
  imei?: string | null;
  /** Makes the call idempotent: one notification per (user, eventId). */
  eventId?: string | null;
};

export type { FeedItem };

const FEED_SELECT = {
  id: true,
  kind: true,
  title: true,
  body: true,
  link: true,
  imei: true,
  createdAt: true,
  readAt: true,
} as const;

function toItem(r: {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  imei: string | null;
  createdAt: Date;
  readAt: Date | null;
}): FeedItem {
  return { ...r, createdAt: r.createdAt.toISOString(), readAt: r.readAt?.toISOString() ?? null };
}

/**
 * Creates in-app notifications (duplicates by (user, eventId) are skipped) and tells the open
 * tabs of their users. Returns the rows actually created.
 */
export async function createNotifications(inputs: NotificationInput[]): Promise<FeedItem[]> {
  const rows = await insertNotifications(prisma, inputs);
  await announceNotifications(rows);
  return rows.map((r) => r.item);
}

type Inserted = { userId: number; item: FeedItem };

/**
 * The write alone, in `db` (a transaction that records the fact owing them); after its commit,
 * `announceNotifications` tells the open tabs.
 */
export async function insertNotifications(
  db: Pick<typeof prisma, "notification">,
  inputs: NotificationInput[],
): Promise<Inserted[]> {
  if (!inputs.length) return [];
  const rows = await db.notification.createManyAndReturn({
    data: inputs.map((n) => ({
      userId: n.userId,
      companyId: n.companyId,
      kind: n.kind,
      title: n.title.slice(0, 200),
      body: n.body.slice(0, 2000),
      link: n.link ?? null,
      imei: n.imei ?? null,
      eventId: n.eventId ?? null,
    })),
    skipDuplicates: true,
    select: { ...FEED_SELECT, userId: true },
  });
  return rows.map((r) => ({ userId: r.userId, item: toItem(r) }));
}

export const announceNotifications = (rows: Inserted[]) => announce(rows);

/**
 * The one call other areas use (e.g. "your report is ready"): an in-app notification, plus a
 * browser push to the user's subscriptions unless `push: false`.
 */
export async function notifyUser(
  input: NotificationInput & { push?: boolean },
): Promise<FeedItem | null> {
  const [item] = await createNotifications([input]);
  if (!item) return null;
  if (input.push !== false) {
    try {
      await queuePush(`n:${item.id}`, [input.userId], {
        title: item.title,
        body: item.body,
        link: item.link,
        kind: item.kind,
        id: item.id,
      });
    } catch (e) {
      logError("push", e);
    }
  }
  return item;
}

export async function unreadCount(userId: number): Promise<number> {
  return prisma.notification.count({ where: { userId, readAt: null } });
}

/** Newest first; `before` is the createdAt cursor of the previous page. */
export async function feed(
  userId: number,
  opts: { unreadOnly?: boolean; before?: Date | null; take?: number } = {},
) {
  const take = Math.min(opts.take ?? FEED_PAGE_SIZE, 100);
  const rows = await prisma.notification.findMany({
    where: {
      userId,
      ...(opts.unreadOnly ? { readAt: null } : {}),
      ...(opts.before ? { createdAt: { lt: opts.before } } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: take + 1,
    select: FEED_SELECT,
  });
  return { items: rows.slice(0, take).map(toItem), more: rows.length > take };
}

/** Marks one of the user's notifications read; false when it is not theirs. */
export async function markRead(userId: number, id: string): Promise<boolean> {
  const found = await prisma.notification.findFirst({
    where: { id, userId },
    select: { id: true },
  });
  if (!found) return false;
  await prisma.notification.updateMany({
    where: { id, userId, readAt: null },
    data: { readAt: new Date() },
  });
  await announce([{ userId, item: null }]);
  return true;
}

export async function markAllRead(userId: number): Promise<number> {
  const { count } = await prisma.notification.updateMany({
    where: { userId, readAt: null },
    data: { readAt: new Date() },
  });
  await announce([{ userId, item: null }]);
  return count;
}

// ------------------------------------------------------------------ live delivery

type Announcement = { userId: number; item: FeedItem | null };

/** NOTIFY payloads are limited to 8000 bytes: send ids only and let listeners read the rows. */
async function announce(list: Announcement[]) {
  if (!list.length) return;
  const byUser = new Map<number, string[]>();
  for (const a of list) {
    const ids = byUser.get(a.userId) ?? [];
    if (a.item) ids.push(a.item.id);
    byUser.set(a.userId, ids);
  }
  try {
    for (const [userId, ids] of byUser) {
      for (let i = 0; i === 0 || i < ids.length; i += 50) {
        await prisma.$executeRaw`select pg_notify(${CHANNEL}, ${JSON.stringify({ u: userId, ids: ids.slice(i, i + 50) })})`;
      }
    }
  } catch (e) {
    logError("notifications", e);
  }
}

export type LiveUpdate = { unread: number; items: FeedItem[] };
type Listener = (update: LiveUpdate) => void;
/** A listener and what it has been given: the newest createdAt, and the ids at or near it. */
type Entry = { fn: Listener; since: Date; recent: Set<string> };

/**
 * The open streams of this process, on the process's one LISTEN session (pg-listen.server.ts).
 * After that session was lost and opened again, each stream gets the notifications created since
 * the newest it had, and a fresh unread count (`resync`).
 */
class Hub {
  private listening: Listening | null = null;
  private listeners = new Map<number, Set<Entry>>();
  private queue: Promise<void> = Promise.resolve();

  constructor(readonly url: string) {}

  async add(userId: number, fn: Listener): Promise<() => void> {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    const entry: Entry = { fn, since: new Date(0), recent: new Set() };
    set.add(entry);
    // One at a time, in arrival order: a later count must never be overtaken by an earlier one.
    if (!this.listening?.alive())
      this.listening = listen(CHANNEL, {
        notify: (payload) => this.enqueue(() => this.dispatch(payload)),
        resync: () => this.enqueue(() => this.resync()),
      });
    const off = () => {
      set!.delete(entry);
      if (!set!.size) this.listeners.delete(userId);
      if (!this.listeners.size) {
        this.listening?.close();
        this.listening = null;
      }
    };
    try {
      await readyWithin(this.listening, getEnv().DB_CONNECT_TIMEOUT_MS);
      // What a later resync catches up from: the newest notification there is now.
      const newest = await prisma.notification.findFirst({
        where: { userId },
        orderBy: { createdAt: "desc" },
        select: { createdAt: true, id: true },
      });
      if (newest && newest.createdAt > entry.since) {
        entry.since = newest.createdAt;
        entry.recent.add(newest.id);
      }
    } catch (e) {
      off();
      throw e;
    }
    return off;
  }

  private enqueue(op: () => Promise<void>) {
    this.queue = this.queue.then(op).catch((e) => logError("notifications", e));
  }

  private async dispatch(payload: string) {
    let msg: { u: number; ids: string[] };
    try {
      msg = JSON.parse(payload);
    } catch {
      return;
    }
    const set = this.listeners.get(msg.u);
    if (!set?.size) return;
    const [unread, rows] = await Promise.all([
      unreadCount(msg.u),
      msg.ids.length
        ? prisma.notification.findMany({
            where: { id: { in: msg.ids }, userId: msg.u },
            select: FEED_SELECT,
            orderBy: { createdAt: "asc" },
          })
        : [],
    ]);
    for (const e of set) give(e, unread, rows);
  }

  private async resync() {
    for (const [userId, set] of this.listeners) {
      const unread = await unreadCount(userId);
      for (const e of set) {
        const rows = await prisma.notification.findMany({
          where: { userId, createdAt: { gte: e.since }, id: { notIn: [...e.recent] } },
          select: FEED_SELECT,
          orderBy: [{ createdAt: "asc" }, { id: "asc" }],
          take: FEED_PAGE_SIZE,
        });
        give(e, unread, rows);
      }
    }
  }
}

type Row = Parameters<typeof toItem>[0];

/** Sends a listener the rows it has not had yet, and the count. */
function give(e: Entry, unread: number, rows: Row[]) {
  const fresh = rows.filter((r) => !e.recent.has(r.id));
  for (const r of fresh) {
    if (r.createdAt > e.since) {
      e.since = r.createdAt;
      e.recent.clear();
    }
    e.recent.add(r.id);
  }
  e.fn({ unread, items: fresh.map(toItem) });
}

/** Calls `fn` with the unread count (and any new notifications) whenever the user's feed changes. */
export async function onFeedChange(userId: number, fn: Listener): Promise<() => void> {
  const url = getEnv().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  // A new DATABASE_URL (tests switch databases) needs its own hub.
  const slot = singleton("feedHub", (): { hub?: Hub } => ({}));
  if (!slot.hub || slot.hub.url !== url) slot.hub = new Hub(url);
  return slot.hub.add(userId, fn);
}

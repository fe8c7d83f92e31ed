/**
 * One dedicated PostgreSQL session per process for LISTEN and session-level advisory locks, shared
 * by the live map (fleet), the notifications bell and the company pollers. The session survives
 * a database outage: on an error, an end, or a heartbeat that gets no answer (a frozen server), it
 * is dropped and opened again with capped backoff, every LISTEN is issued again, and each listener
 * is told to `resync` (what was announced meanwhile was lost: read the current state again). Locks
 * die with the session; holders see holdsAdvisoryLock() turn false and take them again.
 */
import pg from "pg";
import { getEnv } from "./env.server";
import { logError, logInfo } from "./log.server";
import { singleton } from "./singleton.server";

export type ListenHandlers = { notify: (payload: string) => void; resync?: () => void };
export type Listening = {
  /** Resolves once the channel is listened to (never rejects; waits through an outage). */
  ready: Promise<void>;
  /** False once closed, or when its session was closed (shutdown, another DATABASE_URL). */
  alive(): boolean;
  close(): void;
};

const BACKOFF_MIN_MS = 200;
const BACKOFF_MAX_MS = 5000;
const HEARTBEAT_MS = 10_000;
const CHANNEL = /^[a-z_][a-z0-9_]*$/;

class Session {
  private client: pg.Client | null = null;
  private connecting = false;
  private listening = new Set<string>();
  private subs = new Map<string, Set<ListenHandlers>>();
  private waiters = new Map<string, (() => void)[]>();
  private locks = new Set<string>();
  /** Something may have been missed since the last good connection: resync on the next one. */
  private lost = false;
  private reported = false;
  private delay = BACKOFF_MIN_MS;
  private retry: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(readonly url: string) {}

  listen(channel: string, h: ListenHandlers): Listening {
    if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
    let set = this.subs.get(channel);
    if (!set) {
      this.subs.set(channel, (set = new Set()));
      const c = this.client;
      if (c)
        c.query(`LISTEN ${channel}`).then(
          () => c === this.client && this.listened(channel),
          (e) => this.fail(c, e),
        );
    }
    set.add(h);
    const ready = this.listening.has(channel)
      ? Promise.resolve()
      : new Promise<void>((r) =>
          this.waiters.set(channel, [...(this.waiters.get(channel) ?? []), r]),
        );
    this.ensure();
    return {
      ready,
      alive: () => !this.closed && set.has(h),
      close: () => {
        if (!set.delete(h) || set.size) return;
        this.subs.delete(channel);
        this.listening.delete(channel);
        void this.client?.query(`UNLISTEN ${channel}`).catch(() => undefined);
        this.idle();
      },
    };
  }

  async tryLock(a: number, b: number): Promise<boolean> {
    const key = `${a}:${b}`;
    if (this.client && this.locks.has(key)) return true;
    this.ensure(true);
    const c = this.client;
    if (!c) return false;
    try {
      const r = await c.query<{ ok: boolean }>("select pg_try_advisory_lock($1, $2) as ok", [a, b]);
      if (c !== this.client) return false;
      if (r.rows[0]?.ok) this.locks.add(key);
      return Boolean(r.rows[0]?.ok);
    } catch (e) {
      this.fail(c, e);
      return false;
    }
  }

  holds(a: number, b: number) {
    return this.client !== null && this.locks.has(`${a}:${b}`);
  }

  async unlock(a: number, b: number) {
    if (!this.locks.delete(`${a}:${b}`)) return;
    await this.client?.query("select pg_advisory_unlock($1, $2)", [a, b]).catch(() => undefined);
    this.idle();
  }

  close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.drop();
  }

  private wanted() {
    return this.subs.size > 0 || this.locks.size > 0;
  }

  private ensure(force = false) {
    if (this.client || this.connecting || this.retry || this.closed) return;
    if (!force && !this.wanted()) return;
    this.connecting = true;
    void this.connect();
  }

  private async connect() {
    const env = getEnv();
    const client = new pg.Client({
      connectionString: this.url,
      application_name: "tracksmith-listen",
      connectionTimeoutMillis: env.DB_CONNECT_TIMEOUT_MS,
      // Its queries are tiny: one that gets no answer means a frozen server.
      query_timeout: env.DB_CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    client.on("notification", (m) => this.dispatch(m.channel, m.payload ?? ""));
    client.on("error", (e) => this.fail(client, e));
    client.on("end", () => this.fail(client, new Error("the LISTEN connection ended")));
    try {
      await client.connect();
      for (const channel of this.subs.keys()) await client.query(`LISTEN ${channel}`);
    } catch (e) {
      this.connecting = false;
      destroy(client);
      this.report(e);
      this.schedule();
      return;
    }
    this.connecting = false;
    if (this.closed) return destroy(client);
    this.client = client;
    this.delay = BACKOFF_MIN_MS;
    for (const channel of this.subs.keys()) this.listened(channel);
    this.heartbeat = setInterval(() => {
      client.query("select 1").catch((e) => this.fail(client, e));
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
    if (this.reported) logInfo("pg-listen", "connection to PostgreSQL re-established");
    this.reported = false;
    if (!this.lost) return;
    this.lost = false;
    for (const set of this.subs.values())
      for (const h of [...set]) {
        try {
          h.resync?.();
        } catch (e) {
          logError("pg-listen", e);
        }
      }
  }

  private listened(channel: string) {
    this.listening.add(channel);
    for (const r of this.waiters.get(channel) ?? []) r();
    this.waiters.delete(channel);
  }

  private dispatch(channel: string, payload: string) {
    for (const h of [...(this.subs.get(channel) ?? [])]) {
      try {
        h.notify(payload);
      } catch (e) {
        logError("pg-listen", e);
      }
    }
  }

  /** The session is gone (error, end, no answer): drop it and open another after a pause. */
  private fail(client: pg.Client, e: unknown) {
    if (client !== this.client) return;
    this.report(e);
    this.drop();
    this.schedule();
  }

  private report(e: unknown) {
    this.lost = true;
    if (this.reported || this.closed) return;
    this.reported = true;
    logError("pg-listen", e);
  }

  private drop() {
    const c = this.client;
    this.client = null;
    this.listening.clear();
    this.locks.clear();
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (c) destroy(c);
  }

  private schedule() {
    if (this.retry || this.closed || !this.wanted()) return;
    const wait = this.delay * (0.5 + Math.random() / 2);
    this.delay = Math.min(this.delay * 2, BACKOFF_MAX_MS);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.ensure();
    }, wait);
    this.retry.unref();
  }

  /** Nobody listens and no lock is held: give the connection back. */
  private idle() {
    if (this.wanted()) return;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.drop();
  }
}

function destroy(client: pg.Client) {
  client.removeAllListeners("notification");
  client.removeAllListeners("end");
  client.on("error", () => undefined);
  // end() waits for the server; a frozen one never answers, so the socket is cut as well.
  void client.end().catch(() => undefined);
  (
    client as unknown as { connection?: { stream?: { destroy(): void } } }
  ).connection?.stream?.destroy();
}

const slot = singleton("pgListen", (): { session?: Session } => ({}));

function session(): Session {
  const url = getEnv().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set");
  // A new DATABASE_URL (tests switch databases) needs a session of its own.
  if (!slot.session || slot.session.url !== url) {
    slot.session?.close();
    slot.session = new Session(url);
  }
  return slot.session;
}

/** Calls `handlers.notify` with each payload NOTIFY sends on `channel`, in order. */
export function listen(channel: string, handlers: ListenHandlers): Listening {
  return session().listen(channel, handlers);
}

/** Waits for `listening.ready`, at most `ms`; false when it was not ready in time. */
export function readyWithin(listening: Listening, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    listening.ready.then(() => true),
    new Promise<boolean>((r) => (timer = setTimeout(() => r(false), ms))),
  ]).finally(() => clearTimeout(timer));
}

/** Takes a session-level advisory lock (a, b) without waiting; true when this process holds it. */
export function tryAdvisoryLock(a: number, b: number): Promise<boolean> {
  return session().tryLock(a, b);
}

/** Whether this process still holds the lock (a lost connection loses it). */
export function holdsAdvisoryLock(a: number, b: number): boolean {
  return session().holds(a, b);
}

export function releaseAdvisoryLock(a: number, b: number): Promise<void> {
  return session().unlock(a, b);
}

/** Closes the session (shutdown, tests). */
export function closeListener() {
  slot.session?.close();
  slot.session = undefined;
}

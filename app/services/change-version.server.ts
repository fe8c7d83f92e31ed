/**
 * Per-company change counters that every process follows: a write bumps its own counter and
 * announces the company with NOTIFY; every process LISTENs and bumps its copy. A process-local
 * cache of rows from PostgreSQL keys its entries by `version(companyId)` and is stale when it
 * differs. While the channel is not listened to (start-up, database away) there is no version
 * (null): nothing may be cached, as another process's change could go unseen; a reconnect bumps
 * every company at once, since announcements may have been lost meanwhile.
 */
import { prisma } from "./db.server";
import { logError } from "./log.server";
import { listen, type Listening } from "./pg-listen.server";
import { singleton } from "./singleton.server";

type State = {
  counts: Map<number, number>;
  epoch: number;
  ready: boolean;
  listening?: Listening;
};

export type ChangeVersions = {
  /** The company's version, or null while changes of other processes could go unseen. */
  version(companyId: number): string | null;
  /** After a committed write of the company's rows: this process at once, the others by NOTIFY. */
  changed(companyId: number): Promise<void>;
};

export function changeVersions(channel: string): ChangeVersions {
  const state = singleton(`changeVersions:${channel}`, (): State => ({
    counts: new Map(),
    epoch: 0,
    ready: false,
  }));
  const bump = (companyId: number) =>
    state.counts.set(companyId, (state.counts.get(companyId) ?? 0) + 1);
  const follow = () => {
    if (state.listening?.alive()) return;
    state.ready = false;
    const listening = listen(channel, {
      notify: (payload) => {
        const companyId = Number(payload);
        if (Number.isInteger(companyId)) bump(companyId);
      },
      resync: () => state.epoch++,
    });
    state.listening = listening;
    void listening.ready.then(() => {
      if (state.listening !== listening) return;
      state.epoch++;
      state.ready = true;
    });
  };
  return {
    version(companyId) {
      follow();
      return state.ready ? `${state.epoch}:${state.counts.get(companyId) ?? 0}` : null;
    },
    async changed(companyId) {
      bump(companyId);
      try {
        await prisma.$executeRaw`select pg_notify(${channel}, ${String(companyId)})`;
      } catch (e) {
        // The write is committed; the others' entries age out (their cache's own time limit).
        logError("change-version", e);
      }
    },
  };
}

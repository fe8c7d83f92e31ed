/**
 * The live feed's change log (issue 16, item 1) in one process: resuming after an id, resuming
 * across pruned rows or from an id the database never gave (resync), and catching up after the
 * LISTEN session was cut (item 2: nothing announced meanwhile is lost).
 */
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { follow, pruneLiveChanges, recordChanges } from "~/modules/fleet/live-feed.server";
import type { DeviceChange } from "~/modules/fleet/live.server";
import { until } from "../support/cluster";
import { useTestDatabase } from "../support/db";

let url = "";
beforeAll(async () => {
  url = await useTestDatabase();
});

type Seen = {
  batches: DeviceChange[][];
  ids: (string | null)[];
  resyncs: string[];
  ready: string[];
};

function watch(companyId: number, from?: string | null) {
  const seen: Seen = { batches: [], ids: [], resyncs: [], ready: [] };
  const feed = follow(
    companyId,
    {
      changes: (b, id) => {
        seen.batches.push(b);
        seen.ids.push(id);
      },
      ready: (id) => seen.ready.push(id),
      resync: (id) => seen.resyncs.push(id),
    },
    { from, flushMs: 10 },
  );
  return { seen, feed };
}

describe("the live change log", () => {
  it("resumes after an id with the changes since, merged, and names the last one", async () => {
    const a = await recordChanges(7, [{ imei: "a", lat: 1 }]);
    const b = await recordChanges(7, [{ imei: "a", lat: 2, speed: 5 }]);
    await recordChanges(8, [{ imei: "other", lat: 9 }]);
    const c = await recordChanges(7, [{ imei: "b", lat: 3 }]);
    const { seen, feed } = watch(7, String(a));
    await feed.ready;
    feed.close();
    expect(seen.batches).toEqual([
      [
        { imei: "a", lat: 2, speed: 5 },
        { imei: "b", lat: 3 },
      ],
    ]);
    expect(seen.ids).toEqual([String(c)]);
    expect(seen.ready).toEqual([String(c)]);
    expect(seen.resyncs).toEqual([]);
    expect(b! < c!).toBe(true);
  });

  it("tells a stream to resync when what it missed was pruned, or its id is unknown", async () => {
    const old = await recordChanges(9, [{ imei: "x", lat: 1 }]);
    await recordChanges(9, [{ imei: "x", lat: 2 }]);
    const newest = await recordChanges(9, [{ imei: "x", lat: 3 }]);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`update "LiveChange" set "at" = now() - interval '1 day'`);
    await c.end();
    expect(await pruneLiveChanges()).toBeGreaterThan(0);
    const gap = watch(9, String(old));
    await gap.feed.ready;
    gap.feed.close();
    expect(gap.seen.resyncs).toEqual([String(newest)]);
    expect(gap.seen.batches).toEqual([]);
    const future = watch(9, "999999999");
    await future.feed.ready;
    future.feed.close();
    expect(future.seen.resyncs).toEqual([String(newest)]);
  });

  it("delivers what was written while its LISTEN session was cut, after it reconnects", async () => {
    const { seen, feed } = watch(10);
    await feed.ready;
    await recordChanges(10, [{ imei: "before", lat: 1 }]);
    await until("the first change", () => seen.batches.flat().some((c) => c.imei === "before"));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = 'tracksmith-listen' and datname = current_database()`,
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    // Written at once: the NOTIFY of this one finds no listener of this process.
    const last = await recordChanges(10, [{ imei: "during", lat: 2 }]);
    await until("the change written while away", () =>
      seen.batches.flat().some((c) => c.imei === "during"),
    );
    expect(seen.ids.at(-1)).toBe(String(last));
    feed.close();
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LogEntry } from "~/services/upstream/schemas";
import {
  businessPercent,
  driversOf,
  filterEntries,
  kmByPeriod,
  summarize,
  summarizeLogEntries,
} from "./logbook-summary";
import {
  dedupeEntries,
  fromLogEntry,
  isDuplicateTrip,
  purposeOf,
  sortEntries,
  toLogEntry,
} from "./logbook-entries";
import { dayKey, periodKey, startOfDay, weekKey } from "~/lib/zoned-days";
import { formatDistance } from "~/lib/units";

let seq = 0;
function entry(
  start: string,
  stop: string,
  odoStart: number,
  odoEnd: number,
  purpose: "business" | "private" = "business",
  extra: Partial<LogEntry[2]> = {},
): LogEntry {
  return [
    { obdodometer: odoStart, address: "A" },
    { obdodometer: odoEnd, address: "B" },
    {
      id: `t${++seq}`,
      logstart: start,
      logstop: stop,
      description: purpose === "business" ? "Delivery" : "Private",
      imei: "1",
      purpose,
      driver: "Sam",
      ...extra,
    },
  ];
}

describe("summary (SPEC §5)", () => {
  it("an empty logbook is all zeros, never NaN", () => {
    const s = summarizeLogEntries([]);
    expect(s).toMatchObject({
      businessKmsTravelled: 0,
      totalKmsTravelled: 0,
      businessPercent: 0,
      trips: 0,
      startOdometer: null,
      endOdometer: null,
    });
    for (const v of [
      s.businessKmsTravelled,
      s.totalKmsTravelled,
      s.businessPercent,
      s.privateKmsTravelled,
    ])
      expect(Number.isNaN(v)).toBe(false);
  });

  it("a single entry: total is its end minus its start", () => {
    const s = summarizeLogEntries([
      entry("2026-01-01T01:00:00Z", "2026-01-01T02:00:00Z", 1000, 1042.5),
    ]);
    expect(s.totalKmsTravelled).toBe(42.5);
    expect(s.businessKmsTravelled).toBe(42.5);
    expect(s.businessPercent).toBe(100);
  });

  it("total = last entry's end odometer − first entry's start odometer, gaps included", () => {
    const s = summarizeLogEntries([
      entry("2026-01-01T01:00:00Z", "2026-01-01T02:00:00Z", 1000, 1010),
      entry("2026-01-01T03:00:00Z", "2026-01-01T04:00:00Z", 1015, 1045, "private"),
      entry("2026-01-02T03:00:00Z", "2026-01-02T04:00:00Z", 1050, 1070),
    ]);
    expect(s.totalKmsTravelled).toBe(70);
    expect(s.businessKmsTravelled).toBe(30);
    expect(s.privateKmsTravelled).toBe(30);
    expect(s.businessPercent).toBeCloseTo((30 / 70) * 100, 10);
    expect(s.issues).toEqual([]);
  });

  it("entries out of order are sorted by logstart first", () => {
    const a = entry("2026-01-01T01:00:00Z", "2026-01-01T02:00:00Z", 1000, 1010);
    const b = entry("2026-01-03T01:00:00Z", "2026-01-03T02:00:00Z", 1100, 1150, "private");
    const c = entry("2026-01-02T01:00:00Z", "2026-01-02T02:00:00Z", 1020, 1030);
    const s = summarizeLogEntries([b, c, a]);
    expect(s.totalKmsTravelled).toBe(150);
    expect(s.startOdometer).toBe(1000);
    expect(s.endOdometer).toBe(1150);
    expect(s.issues).toEqual([]);
    expect(sortEntries([b, c, a].map(fromLogEntry)).map((e) => e.startOdometer)).toEqual([
      1000, 1020, 1100,
    ]);
  });

  it("a zero total distance gives 0 percent (0/0 is not a number)", () => {
    const s = summarizeLogEntries([
      entry("2026-01-01T01:00:00Z", "2026-01-01T02:00:00Z", 500, 500),
    ]);
    expect(s.totalKmsTravelled).toBe(0);
    expect(s.businessPercent).toBe(0);
    expect(businessPercent(0, 0)).toBe(0);
    expect(businessPercent(5, 0)).toBe(0);
    expect(businessPercent(Number.NaN, 10)).toBe(0);
    expect(businessPercent(5, 10)).toBe(50);
  });

  it("a reading that goes down between trips is flagged and never makes a negative total", () => {
    const s = summarizeLogEntries([
      entry("2026-01-01T01:00:00Z", "2026-01-01T02:00:00Z", 1000, 1010),
      entry("2026-01-01T03:00:00Z", "2026-01-01T04:00:00Z", 900, 920),
    ]);
    expect(s.issues).toEqual([
      expect.objectContaining({ kind: "decreasing", where: "between", from: 1010, to: 900 }),
    ]);
    // Two trips that disagree: one is left out (the later readings are kept) and named.
    expect(s.totalKmsTravelled).toBe(20);
    expect(s.leftOut).toEqual([
      expect.objectContaining({ startOdometer: 1000, endOdometer: 1010, reason: "sequence" }),
    ]);
  });

  it("one hand-typed trip with a bad odometer (100 → 120 on a vehicle at 247,160 km) is left out, not summed", () => {
    // Issue 38: the drop was skipped but the climb back counted, so Total read 247,124.2 km.
    const good = [
      entry("2026-01-05T01:00:00Z", "2026-01-05T02:00:00Z", 247_100, 247_121.4),
      entry("2026-01-05T03:00:00Z", "2026-01-05T04:00:00Z", 247_121.4, 247_140, "private"),
      entry("2026-01-06T01:00:00Z", "2026-01-06T02:00:00Z", 247_141.2, 247_160.3),
    ];
    const bad = entry("2026-01-05T05:00:00Z", "2026-01-05T06:00:00Z", 100, 120, "business", {
      id: "typed",
    });
    const clean = summarizeLogEntries(good);
    expect(clean.totalKmsTravelled).toBe(60.3);
    const s = summarizeLogEntries([...good, bad]);
    expect(s.totalKmsTravelled).toBe(60.3);
    expect(s.businessKmsTravelled).toBe(clean.businessKmsTravelled);
    expect(s.businessPercent).toBeCloseTo(clean.businessPercent, 10);
    expect(s.leftOut).toEqual([
      {
        id: "typed",
        logstart: "2026-01-05T05:00:00Z",
        startOdometer: 100,
        endOdometer: 120,
        reason: "sequence",
      },
    ]);
    // Wherever the outlier sits: first, last, or too high instead of too low.
    for (const odd of [
      entry("2026-01-04T05:00:00Z", "2026-01-04T06:00:00Z", 100, 120, "business", { id: "x" }),
      entry("2026-01-07T05:00:00Z", "2026-01-07T06:00:00Z", 100, 120, "business", { id: "x" }),
      entry("2026-01-05T05:00:00Z", "2026-01-05T06:00:00Z", 947_100, 947_120, "business", {
        id: "x",
      }),
    ]) {
      const t = summarizeLogEntries([...good, odd]);
      expect(t.totalKmsTravelled).toBe(60.3);
      expect(t.leftOut.map((l) => l.id)).toEqual(["x"]);
    }
  });

  it("a trip whose end reading is below its start is flagged and counts 0 km", () => {
    const s = summarizeLogEntries([
      entry("2026-01-01T01:00:00Z", "2026-01-01T02:00:00Z", 1010, 1000),
    ]);
    expect(s.issues).toEqual([expect.objectContaining({ kind: "decreasing", where: "within" })]);
    expect(s.leftOut).toEqual([expect.objectContaining({ reason: "within" })]);
    expect(s.totalKmsTravelled).toBe(0);
    expect(s.businessKmsTravelled).toBe(0);
    expect(s.businessPercent).toBe(0);
  });

  it("an odometer rollover is flagged as such and the total keeps only real distance", () => {
    const s = summarizeLogEntries([
      entry("2026-01-01T01:00:00Z", "2026-01-01T02:00:00Z", 999_990, 999_999),
      entry("2026-01-01T03:00:00Z", "2026-01-01T04:00:00Z", 0, 12, "private"),
    ]);
    expect(s.issues[0]).toMatchObject({ kind: "rollover", where: "between" });
    expect(s.totalKmsTravelled).toBe(21);
    expect(s.businessPercent).toBeCloseTo((9 / 21) * 100, 10);
  });

  it("duplicate trips (same imei, logstart and logstop) count once", () => {
    const a = entry("2026-01-01T01:00:00Z", "2026-01-01T02:00:00Z", 1000, 1010);
    const dup = entry("2026-01-01T01:00:00Z", "2026-01-01T02:00:00Z", 1000, 1010);
    const s = summarizeLogEntries([a, dup]);
    expect(s.trips).toBe(1);
    expect(s.duplicates).toBe(1);
    expect(s.totalKmsTravelled).toBe(10);
    expect(s.businessKmsTravelled).toBe(10);
    const other = entry("2026-01-01T01:00:00Z", "2026-01-01T02:00:01Z", 1000, 1010);
    expect(dedupeEntries([a, dup, other].map(fromLogEntry)).duplicates).toBe(1);
    expect(
      isDuplicateTrip([fromLogEntry(a)], "1", "2026-01-01T01:00:00.000Z", "2026-01-01T02:00:00Z"),
    ).toBe(true);
    expect(
      isDuplicateTrip([fromLogEntry(a)], "1", "2026-01-01T01:00:00Z", "2026-01-01T02:00:05Z"),
    ).toBe(false);
    expect(
      isDuplicateTrip([fromLogEntry(a)], "2", "2026-01-01T01:00:00Z", "2026-01-01T02:00:00Z"),
    ).toBe(false);
  });

  it("sums carry no float noise", () => {
    const s = summarizeLogEntries([
      entry("2026-01-01T01:00:00Z", "2026-01-01T02:00:00Z", 0.1, 0.2),
      entry("2026-01-01T03:00:00Z", "2026-01-01T04:00:00Z", 0.2, 0.4),
    ]);
    expect(s.totalKmsTravelled).toBe(0.3);
    expect(s.businessKmsTravelled).toBe(0.3);
  });

  it("imperial shows the same totals converted", () => {
    const s = summarizeLogEntries([
      entry("2026-01-01T01:00:00Z", "2026-01-01T02:00:00Z", 0, 160.9344),
    ]);
    expect(formatDistance(s.totalKmsTravelled, "imperial")).toBe("100.0 mi");
    expect(formatDistance(s.businessKmsTravelled, "metric")).toBe("160.9 km");
  });

  it("property: totals are never negative or NaN, business ≤ total, percent in [0, 100]", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 0, max: 1e6 }),
            fc.float({ min: -1e6, max: 1e6, noNaN: true }),
            fc.float({ min: -1e6, max: 1e6, noNaN: true }),
            fc.boolean(),
          ),
          { maxLength: 40 },
        ),
        (rows) => {
          const list = rows.map(([t, a, b, biz]) =>
            entry(
              new Date(1.7e12 + t * 60_000).toISOString(),
              new Date(1.7e12 + t * 60_000 + 60_000).toISOString(),
              a,
              b,
              biz ? "business" : "private",
            ),
          );
          const s = summarizeLogEntries(list);
          expect(s.totalKmsTravelled).toBeGreaterThanOrEqual(0);
          expect(s.businessKmsTravelled).toBeLessThanOrEqual(s.totalKmsTravelled + 1e-6);
          expect(s.businessPercent).toBeGreaterThanOrEqual(0);
          expect(s.businessPercent).toBeLessThanOrEqual(100 + 1e-9);
          expect(Number.isNaN(s.businessPercent)).toBe(false);
        },
      ),
    );
  });

  it("property: with rising readings the total is exactly last end − first start, in any input order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 500 })), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer(),
        (steps, seed) => {
          let odo = 1000;
          const list = steps.map(([gap, km], i) => {
            const start = odo + gap;
            odo = start + km;
            // A day apart: any gap up to 500 km can be driven in between.
            return entry(
              new Date(1.7e12 + i * 86_400_000).toISOString(),
              new Date(1.7e12 + i * 86_400_000 + 60_000).toISOString(),
              start,
              odo,
            );
          });
          const shuffled = [...list].sort(
            (x, y) => ((x[2].id!.length * 31 + seed) % 7) - ((y[2].id!.length * 17 + seed) % 5),
          );
          const s = summarizeLogEntries(shuffled);
          expect(s.totalKmsTravelled).toBe(odo - list[0]![0].obdodometer);
          expect(s.issues).toEqual([]);
          expect(s.leftOut).toEqual([]);
        },
      ),
    );
  });
});

describe("entries", () => {
  it("reads ISO instants exactly like Date.parse", async () => {
    const { isoMs } = await import("./logbook-entries");
    for (const s of [
      "2026-03-01T13:30:00.000Z",
      "2026-03-01T13:30:00Z",
      "1999-12-31T23:59:59.999Z",
      "2026-03-01T23:30:00+10:00",
      "2026-03-01",
      "nonsense",
    ]) {
      expect(Object.is(isoMs(s), Date.parse(s)), s).toBe(true);
    }
    fc.assert(
      fc.property(
        fc.date({ min: new Date(0), max: new Date(4102444800000), noInvalidDate: true }),
        (d) => {
          const iso = d.toISOString();
          expect(isoMs(iso)).toBe(d.getTime());
          expect(isoMs(iso.replace(/\.\d{3}Z$/, "Z"))).toBe(Math.floor(d.getTime() / 1000) * 1000);
        },
      ),
    );
  });

  it("the summary of objects and of raw triples agree, duplicates anywhere in the input", () => {
    const base = [
      entry("2026-01-01T01:00:00Z", "2026-01-01T02:00:00Z", 1000, 1010),
      entry("2026-01-01T01:00:00Z", "2026-01-01T03:00:00Z", 1010, 1020, "private"),
      entry("2026-01-02T01:00:00Z", "2026-01-02T02:00:00Z", 1020, 1030),
    ];
    const withDups = [base[2]!, base[0]!, base[1]!, base[0]!, base[2]!];
    const a = summarizeLogEntries(withDups);
    const b = summarize(withDups.map(fromLogEntry));
    expect(a).toEqual(b);
    expect(a).toMatchObject({
      trips: 3,
      duplicates: 2,
      totalKmsTravelled: 30,
      businessKmsTravelled: 20,
    });
  });

  it("round-trips to the upstream triple", () => {
    const e = entry("2026-01-01T01:00:00Z", "2026-01-01T02:00:00Z", 1, 2, "private");
    const back = toLogEntry(fromLogEntry(e));
    expect(back[0].obdodometer).toBe(1);
    expect(back[1].obdodometer).toBe(2);
    expect(back[2]).toMatchObject({
      id: e[2].id,
      logstart: e[2].logstart,
      logstop: e[2].logstop,
      imei: "1",
      purpose: "private",
    });
  });

  it("infers the purpose when the upstream leaves it out", () => {
    expect(purposeOf(undefined, "Private run")).toBe("private");
    expect(purposeOf(undefined, "Client visit")).toBe("business");
    expect(purposeOf(undefined, null)).toBe("business");
    expect(purposeOf("private", "Client visit")).toBe("private");
  });

  it("filters by date range, purpose and driver", () => {
    const list = [
      entry("2026-01-01T01:00:00Z", "2026-01-01T02:00:00Z", 0, 1, "business", { driver: "Ann" }),
      entry("2026-01-02T01:00:00Z", "2026-01-02T02:00:00Z", 1, 2, "private", { driver: "Bob" }),
      entry("2026-01-03T01:00:00Z", "2026-01-03T02:00:00Z", 2, 3, "business", { driver: "Bob" }),
    ].map(fromLogEntry);
    expect(filterEntries(list, { purpose: "private" })).toHaveLength(1);
    expect(filterEntries(list, { driver: "Bob" })).toHaveLength(2);
    expect(
      filterEntries(list, {
        from: Date.parse("2026-01-02T00:00:00Z"),
        to: Date.parse("2026-01-03T00:00:00Z"),
      }),
    ).toHaveLength(1);
    expect(filterEntries(list, { purpose: "all", driver: "" })).toHaveLength(3);
    expect(driversOf(list)).toEqual(["Ann", "Bob"]);
  });
});

describe("days in the company's time zone", () => {
  const tz = "Australia/Brisbane";

  it("a trip crossing midnight belongs to the day it started", () => {
    // 23:30 on 1 March in Brisbane is 13:30 UTC; the trip ends 00:40 on 2 March.
    const e = fromLogEntry(entry("2026-03-01T13:30:00Z", "2026-03-01T14:40:00Z", 0, 40));
    expect(dayKey(e.startMs, tz)).toBe("2026-03-01");
    expect(dayKey(e.stopMs, tz)).toBe("2026-03-02");
    expect(kmByPeriod([e], "day", tz)).toEqual(new Map([["2026-03-01", 40]]));
  });

  it("the same instant is a different day in UTC", () => {
    const ms = Date.parse("2026-03-01T15:00:00Z");
    expect(dayKey(ms, tz)).toBe("2026-03-02");
    expect(dayKey(ms, "UTC")).toBe("2026-03-01");
  });

  it("groups by ISO week (Monday) and by month", () => {
    expect(weekKey("2026-03-01")).toBe("2026-02-23"); // a Sunday
    expect(weekKey("2026-03-02")).toBe("2026-03-02"); // a Monday
    expect(periodKey(Date.parse("2026-03-31T15:00:00Z"), "month", tz)).toBe("2026-04");
    const list = [
      entry("2026-03-02T01:00:00Z", "2026-03-02T02:00:00Z", 0, 10),
      entry("2026-03-04T01:00:00Z", "2026-03-04T02:00:00Z", 10, 15),
      entry("2026-03-09T01:00:00Z", "2026-03-09T02:00:00Z", 15, 16),
    ].map(fromLogEntry);
    expect(kmByPeriod(list, "week", tz)).toEqual(
      new Map([
        ["2026-03-02", 15],
        ["2026-03-09", 1],
      ]),
    );
    expect(kmByPeriod(list, "month", tz)).toEqual(new Map([["2026-03", 16]]));
  });

  it("start of a day, also across daylight saving", () => {
    expect(new Date(startOfDay("2026-03-02", tz)).toISOString()).toBe("2026-03-01T14:00:00.000Z");
    // Sydney leaves daylight saving on 5 April 2026: that day starts at +11.
    expect(new Date(startOfDay("2026-04-05", "Australia/Sydney")).toISOString()).toBe(
      "2026-04-04T13:00:00.000Z",
    );
    expect(new Date(startOfDay("2026-04-06", "Australia/Sydney")).toISOString()).toBe(
      "2026-04-05T14:00:00.000Z",
    );
  });
});

describe("wall clock in the company's time zone", () => {
  it("converts typed local times both ways", async () => {
    const { zonedLocalToUtc, utcToZonedLocal, addDays } = await import("~/lib/zoned-days");
    expect(new Date(zonedLocalToUtc("2026-03-01T23:30", "Australia/Brisbane")).toISOString()).toBe(
      "2026-03-01T13:30:00.000Z",
    );
    expect(utcToZonedLocal(Date.parse("2026-03-01T13:30:00Z"), "Australia/Brisbane")).toBe(
      "2026-03-01T23:30",
    );
    expect(Number.isNaN(zonedLocalToUtc("not a date", "UTC"))).toBe(true);
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});

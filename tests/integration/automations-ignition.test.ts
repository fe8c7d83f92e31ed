/**
 * Issue 26: the automations' ignition triggers against the simulator's own event feed (it emits
 * ignition_on / ignition_off from its movement model): the minute job records fired runs, the dry
 * run lists the firings, and the notification rules, which read the same feed, send nothing for
 * them.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { syncCompany } from "~/modules/notifications/event-sync.server";
import { dispatchFor, EVENT_KINDS } from "~/modules/notifications/alert-rule-match";
import { runAutomations } from "~/modules/operations/automations/automation-jobs.server";
import { dryRun } from "~/modules/operations/automations/dry-run.server";
import { automationOf } from "~/modules/operations/automations/runner.server";
import { prisma } from "~/services/db.server";
import { eventsBetween } from "../../server/sim/events";
import { truncate, useTestDatabase } from "../support/db";
import { sessionCookie } from "../support/sign-in";
import { upstreamAuth, useSimulator } from "../support/upstream";

let url = "";
let adminId = 0;
let sim: Awaited<ReturnType<typeof useSimulator>>;
const HOUR = 3_600_000;

beforeAll(async () => {
  url = await useTestDatabase();
  sim = await useSimulator();
  await sessionCookie("admin", "admin123");
  adminId = (await prisma.session.findFirstOrThrow({ where: { companyId: 1 } })).userId;
}, 60_000);
beforeEach(async () => {
  await truncate(url, [
    "Automation",
    "AutomationRun",
    "AlertRule",
    "AlertDispatch",
    "EventCursor",
    "Notification",
    "SyncState",
  ]);
});

/** The simulator's ignition events of company 1 in (since, until]. */
const ignitionEvents = (since: number, until: number) =>
  eventsBetween(sim.world, 1, since, until, 1e9).filter((e) => e.kind.startsWith("ignition_"));

const ignitionRule = (on: "on" | "off") =>
  prisma.automation.create({
    data: {
      companyId: 1,
      createdBy: adminId,
      name: `Ignition ${on}`,
      trigger: { type: "ignition", on },
      conditions: [],
      actions: [{ kind: "notify", channels: ["inapp"], email: null }],
      cooldownMinutes: 0,
      maxPerHour: 0,
    },
  });

describe("ignition triggers on the simulator's events", () => {
  it("the minute job fires an 'ignition on' automation for the feed's ignition_on events and records the runs", async () => {
    const auto = await ignitionRule("on");
    const now = Date.now();
    // The job last ran a day ago: it reads the day's events (a first run reads five minutes).
    await prisma.syncState.create({
      data: { key: "automations:1", okAt: new Date(now - 24 * HOUR) },
    });
    const summary = await runAutomations(1, now);
    // The simulator answers with events up to its own clock, a moment after `now`.
    const ons = (until: number) =>
      ignitionEvents(now - 24 * HOUR - 60_000, until).filter((e) => e.kind === "ignition_on");
    const expected = ons(now);
    expect(expected.length).toBeGreaterThan(5);
    const runs = await prisma.automationRun.findMany({ where: { automationId: auto.id } });
    const late = ons(Date.now()).slice(expected.length);
    expect(runs.length - late.length).toBeLessThanOrEqual(expected.length);
    expect(runs.length).toBeGreaterThanOrEqual(expected.length);
    expect(summary).toMatchObject({ fired: runs.length, failed: 0, skipped: 0 });
    expect(runs.every((r) => r.outcome === "fired")).toBe(true);
    expect(
      runs
        .map((r) => r.eventId)
        .slice(0, expected.length)
        .sort(),
    ).toEqual(expected.map((e) => e.id).sort());
    expect(new Set(runs.map((r) => r.subject))).toEqual(new Set(expected.map((e) => e.imei)));
    expect(runs[0]!.reason).toMatch(/ignition on/);
    expect(
      await prisma.notification.count({ where: { userId: adminId, kind: "automation" } }),
    ).toBe(runs.length);
    expect(
      (await prisma.automation.findUniqueOrThrow({ where: { id: auto.id } })).lastFiredAt,
    ).not.toBeNull();

    // The next minute re-reads its overlap: what was claimed does not fire again.
    const again = await runAutomations(1, Date.now());
    const total = await prisma.automationRun.count({ where: { automationId: auto.id } });
    expect(total).toBe(runs.length + (again?.fired ?? 0));
    expect(total).toBe(ons(Date.now()).length);
  });

  it("the dry run lists what an 'ignition off' automation would have fired over 7 days", async () => {
    const auto = await ignitionRule("off");
    const { token } = await upstreamAuth("admin", "admin123");
    const now = Date.now();
    const r = await dryRun(1, token, automationOf(auto), now);
    const offs = (until: number) =>
      ignitionEvents(now - 7 * 24 * HOUR + 1000, until).filter((e) => e.kind === "ignition_off");
    expect(offs(now).length).toBeGreaterThan(100);
    expect(r.fired).toBeGreaterThanOrEqual(offs(now).length);
    expect(r.fired).toBeLessThanOrEqual(offs(Date.now()).length);
    expect(r.skipped).toBe(0);
    expect(r.rows.length).toBeGreaterThan(0);
    for (const row of r.rows) expect(row).toMatchObject({ outcome: "fired" });
    expect(r.rows[0]!.reason).toMatch(/ignition off/);
    const newest = offs(Date.now())[r.fired - 1]!;
    expect(r.rows[0]).toMatchObject({ time: newest.time, subject: newest.imei });
    // Nothing was sent or recorded.
    expect(await prisma.automationRun.count()).toBe(0);
    expect(await prisma.notification.count()).toBe(0);
  });
});

describe("notification rules read the same feed", () => {
  it("ignition events reach no one: not a rule with every alert kind, not the default rule", async () => {
    await prisma.alertRule.create({
      data: {
        userId: adminId,
        companyId: 1,
        name: "Everything",
        kinds: [...EVENT_KINDS],
        imeis: [],
        groupIds: [],
        channels: ["inapp"],
      },
    });
    const now = Date.now();
    const since = new Date(now - 6 * HOUR);
    await prisma.eventCursor.create({
      data: { companyId: 1, next: since.toISOString(), okAt: since },
    });
    const sync = await syncCompany(1, new Date(now));
    expect(sync.status).toBe("ok");
    expect(ignitionEvents(since.getTime(), now).length).toBeGreaterThan(0);
    const got = await prisma.notification.findMany({ where: { userId: adminId } });
    // Every alert of those hours is one notification; no ignition event became one.
    expect(got.length).toBe(sync.events);
    expect(got.length).toBeGreaterThan(0);
    expect(got.filter((n) => n.kind.startsWith("ignition_"))).toEqual([]);
    expect(await prisma.alertDispatch.count({ where: { eventId: { startsWith: "ig-" } } })).toBe(0);
    for (const kind of ["ignition_on", "ignition_off"])
      expect(
        dispatchFor([], { kind, imei: "354800100000001", groupIds: [] }, new Date()).channels.size,
      ).toBe(0);
  });
});

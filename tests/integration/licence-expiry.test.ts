/**
 * Licence expiry notifications (issue 18) against PostgreSQL and the simulator: a driver whose
 * licence expires within 30 days or has expired is notified to the company's driver managers,
 * once per driver and expiry date; a renewed date is notified again; users without drivers_manage
 * and other companies hear nothing of it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import * as dup from "~/modules/drivers/upstream.server";
import { notifyLicenceExpiry } from "~/modules/drivers/licence-alerts.server";
import { licenceNotices, licenceState } from "~/modules/drivers/licence";
import { formatDay } from "~/lib/zoned-time";
import { useTestDatabase } from "../support/db";
import { call, formPost } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";

const DAY = 86_400_000;
const day = (t: number) => new Date(t).toISOString().slice(0, 10);
let admin: { token: string; companyId: number };
const userIds: Record<string, number> = {};

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  // Signed-in users: the job finds the managers among the live sessions.
  for (const [username, password] of [
    ["admin", "admin123"],
    ["driver", "driver123"],
    ["other", "other123"],
  ] as const) {
    const res = await call(loginAction, formPost("/login", { username, password }));
    expect(res.status).toBe(302);
    const s = await prisma.session.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
    userIds[username] = s.userId;
  }
  admin = await upstreamAuth("admin", "admin123");
}, 60_000);

const licenceRows = (userId: number, driverId: number) =>
  prisma.notification.findMany({
    where: {
      userId,
      kind: "licence_expiry",
      eventId: { startsWith: `licence-expiry:${driverId}:` },
    },
    orderBy: { createdAt: "asc" },
  });

describe("licence expiry", () => {
  it("the state: expired, expiring within 30 days, valid, unknown", () => {
    const now = Date.parse("2026-03-10T12:00:00Z");
    expect(licenceState("2026-03-01", now)).toBe("expired");
    expect(licenceState("2026-04-08", now)).toBe("expiring");
    expect(licenceState("2026-04-10", now)).toBe("valid");
    expect(licenceState(null, now)).toBe("unknown");
    const d = { first_name: "Ann", last_name: "Lee", active: true };
    expect(
      licenceNotices(
        [
          { ...d, id: 1, licence_expiry: "2026-03-20" },
          { ...d, id: 2, licence_expiry: "2026-03-01" },
          { ...d, id: 3, licence_expiry: "2027-01-01" },
          { ...d, id: 4, licence_expiry: "2026-03-20", active: false },
        ],
        now,
      ).map((n) => [n.driverId, n.state, n.key]),
    ).toEqual([
      [1, "expiring", "licence-expiry:1:2026-03-20"],
      [2, "expired", "licence-expiry:2:2026-03-01"],
    ]);
  });

  it("notifies driver managers once per driver and expiry date; a new date is notified again; others hear nothing", async () => {
    const up = upstream(admin.token);
    const drivers = (await dup.drivers(up)).filter((d) => d.active);
    const [soon, gone, fine] = drivers;
    const now = Date.now();
    await dup.updateDriver(up, soon!.id, { licence_expiry: day(now + 10 * DAY) });
    await dup.updateDriver(up, gone!.id, { licence_expiry: day(now - 3 * DAY) });
    await dup.updateDriver(up, fine!.id, { licence_expiry: day(now + 200 * DAY) });

    const first = await notifyLicenceExpiry(now);
    expect(first[admin.companyId]).toBeGreaterThanOrEqual(2);
    const mine = await licenceRows(userIds.admin!, soon!.id);
    expect(mine.map((n) => [n.title, n.link])).toEqual([
      [
        `${soon!.first_name} ${soon!.last_name}'s licence expires soon`,
        "/dashboard/drivermanagement",
      ],
    ]);
    expect(mine[0]!.body).toContain(formatDay(day(now + 10 * DAY), "UTC", now));
    expect((await licenceRows(userIds.admin!, gone!.id)).map((n) => n.title)).toEqual([
      `${gone!.first_name} ${gone!.last_name}'s licence has expired`,
    ]);
    expect(await licenceRows(userIds.admin!, fine!.id)).toEqual([]);
    // A driver (no drivers_manage) is not told; another company's managers hear only of their own drivers.
    expect(
      await prisma.notification.count({
        where: { userId: userIds.driver!, kind: "licence_expiry" },
      }),
    ).toBe(0);
    const theirs = await dup.drivers(upstream((await upstreamAuth("other", "other123")).token));
    const ours = new Set(drivers.map((d) => d.id));
    expect(theirs.some((d) => ours.has(d.id))).toBe(false);
    for (const n of await prisma.notification.findMany({
      where: { userId: userIds.other!, kind: "licence_expiry" },
    }))
      expect(ours.has(Number(n.eventId!.split(":")[1]))).toBe(false);

    // Running again (the next hour, or hours later) notifies nothing new.
    expect((await notifyLicenceExpiry(now + 3_600_000))[admin.companyId]).toBe(0);
    expect((await notifyLicenceExpiry(now + 6 * 3_600_000))[admin.companyId]).toBe(0);
    expect(await licenceRows(userIds.admin!, soon!.id)).toHaveLength(1);

    // Renewed to another date that is also near: a new notification for the new date.
    await dup.updateDriver(up, soon!.id, { licence_expiry: day(now + 20 * DAY) });
    expect((await notifyLicenceExpiry(now))[admin.companyId]).toBe(1);
    const after = await licenceRows(userIds.admin!, soon!.id);
    expect(after.map((n) => n.eventId)).toEqual([
      `licence-expiry:${soon!.id}:${day(now + 10 * DAY)}`,
      `licence-expiry:${soon!.id}:${day(now + 20 * DAY)}`,
    ]);
  }, 60_000);
});

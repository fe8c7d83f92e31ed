/**
 * Issue 22, sensor limits on channels other than temperature: a humidity excursion raises exactly
 * one `sensor_out_of_range` notification, linked to the sensor's environment page (not the vehicle
 * dashboard), and the job's next run (with the look-back window moved on) does not repeat it even
 * though the excursion began before the window.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSensorAlerts } from "~/modules/environment/jobs.server";
import { deleteLimit, saveLimit } from "~/modules/environment/upstream.server";
import { loader as deviceLoader } from "~/routes/dashboard.environment.$imei";
import { loader as listLoader } from "~/routes/dashboard.environment._index";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { useTestDatabase } from "../support/db";
import { call, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { upstreamAuth, useSimulator } from "../support/upstream";

const MIN = 60_000;
const HOUR = 60 * MIN;
let admin = "";
let token = "";
let env = "";
let limitId = 0;

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  admin = await sessionCookie("admin", "admin123");
  token = (await upstreamAuth("admin", "admin123")).token;
  const rows = (
    (await (await call(listLoader, get("/dashboard/environment", admin))).json()) as {
      rows: Array<{ imei: string; typeId: number }>;
    }
  ).rows;
  env = rows.find((r) => r.typeId === 57)!.imei;
}, 60_000);

afterAll(async () => {
  if (limitId) await deleteLimit(upstream(token), limitId);
});

/** A past moment whose look-back (6 h) and the next run's have no gap in the humidity series. */
async function gapFreeMoment(): Promise<number> {
  const res = await call(
    deviceLoader,
    get(`/dashboard/environment/${env}?channel=humidity&range=24h`, admin),
    { params: { imei: env } },
  );
  const gaps = ((await res.json()) as { view: { gaps: Array<{ from: number; to: number }> } }).view
    .gaps;
  for (let t = Date.now() - 2 * HOUR; t > Date.now() - 16 * HOUR; t -= 5 * MIN) {
    const from = t - 6 * HOUR - 15 * MIN;
    const to = t + 15 * MIN;
    if (!gaps.some((g) => g.from < to && g.to > from)) return t;
  }
  throw new Error("no gap-free six hours in the last day");
}

describe("humidity limit", () => {
  it("an excursion notifies exactly once, linked to the environment page", async () => {
    // Saved straight upstream (the page's save would also check the present at once).
    limitId = (
      await saveLimit(upstream(token), {
        imei: env,
        channel: "humidity",
        min: null,
        max: 20,
        unit: "%",
        min_duration_s: 0,
      })
    ).id;
    const at = await gapFreeMoment();
    const mine = () =>
      prisma.notification.findMany({ where: { kind: "sensor_out_of_range", imei: env } });
    expect(await mine()).toHaveLength(0);

    await runSensorAlerts(at);
    const made = await mine();
    const users = new Set(made.map((n) => n.userId));
    // One per user who may see it: a single excursion.
    expect(made).toHaveLength(users.size);
    expect(users.size).toBeGreaterThan(0);
    expect(new Set(made.map((n) => n.eventId)).size).toBe(1);
    expect(made[0]!.link).toBe(`/dashboard/environment/${env}`);
    expect(made[0]!.title).toMatch(/^Sensor out of range: /);
    expect(made[0]!.body).toMatch(/humidity reads [\d.]+ %, above its maximum of 20 %\./);

    // Five minutes later the window starts later, the excursion is the same one: nothing new.
    await runSensorAlerts(at + 5 * MIN);
    await runSensorAlerts(at + 10 * MIN);
    expect(await mine()).toHaveLength(made.length);
  });
});

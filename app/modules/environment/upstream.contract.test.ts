/** Contract test of the sensor and ftc calls: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
import { evaluateLoad, findGaps, type Tier } from "./series";
import {
  deleteLimit,
  getLoad,
  getSeries,
  listLimits,
  listLoads,
  listProfiles,
  listSensorDevices,
  saveLimit,
  signOffLoad,
} from "./upstream.server";

const up = useContractSimulator();
const admin = () => up.signIn("admin", "admin123");
const other = () => up.signIn("other", "other123");
const HOUR = 3_600_000;

describe("sensors", () => {
  it("lists the environment and cold-chain devices with their channels and latest readings", async () => {
    const list = await listSensorDevices(await admin());
    const env = list.find((d) => d.device_type_id === 57)!;
    expect(env.kind).toBe("environment");
    expect(env.channels.map((c) => c.channel)).toContain("humidity");
    expect(list.some((d) => d.kind === "reefer")).toBe(true);
    expect(env.latest.temperature).not.toBeNull();
    expect((await listSensorDevices(await other())).map((d) => d.imei)).not.toContain(env.imei);
  });

  it("serves a series every 5 minutes, the same on every call, with gaps and late uploads placed at their measured time", async () => {
    const api = await admin();
    const env = (await listSensorDevices(api)).find((d) => d.device_type_id === 57)!;
    const to = Date.now();
    const q = { imei: env.imei, channel: "temperature" as const, from: to - 30 * 24 * HOUR, to };
    const a = await getSeries(api, q);
    const b = await getSeries(api, q);
    expect(b.t).toEqual(a.t);
    expect(b.v).toEqual(a.v);
    expect(a.t.length).toBeGreaterThan(7000);
    expect(a.t.every((x, i) => i === 0 || x > a.t[i - 1]!)).toBe(true);
    expect(findGaps(a, 300_000).length).toBeGreaterThan(0);
    expect(a.late.length).toBeGreaterThan(0);
    for (const l of a.late.slice(0, 5)) {
      expect(a.t).toContain(l.time);
      expect(l.received).toBeGreaterThan(l.time);
    }
    const inRange = a.v.filter((v) => v >= 2 && v <= 8).length / a.v.length;
    expect(inRange).toBeGreaterThan(0.8);
  });

  it("refuses a bad channel (400), a foreign imei (404) and a range over 400 days (400)", async () => {
    const api = await admin();
    const theirs = (await listSensorDevices(await other()))[0]!;
    const to = Date.now();
    expect(
      (
        await rejection(
          getSeries(api, { imei: theirs.imei, channel: "temperature", from: to - HOUR, to }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await rejection(
          getSeries(api, {
            imei: theirs.imei,
            channel: "temperature",
            from: to - 500 * 24 * HOUR,
            to,
          }),
        )
      ).status,
    ).toBe(404);
    const mine = (await listSensorDevices(api))[0]!;
    expect(
      (
        await rejection(
          getSeries(api, {
            imei: mine.imei,
            channel: "temperature",
            from: to - 500 * 24 * HOUR,
            to,
          }),
        )
      ).status,
    ).toBe(400);
  });

  it("saves one limit per device and channel, with clear refusals, and deletes it", async () => {
    const api = await admin();
    const env = (await listSensorDevices(api)).find((d) => d.device_type_id === 57)!;
    const base = {
      imei: env.imei,
      channel: "temperature" as const,
      unit: "C",
      min_duration_s: 600,
    };
    const e1 = await rejection(saveLimit(api, { ...base, min: 9, max: 3 }));
    expect([e1.status, e1.message]).toEqual([400, "min must not be above max"]);
    expect((await rejection(saveLimit(api, { ...base, min: 2, max: 8, unit: "K" }))).message).toBe(
      "unit must be one of C, F for temperature",
    );
    expect(
      (await rejection(saveLimit(api, { ...base, min: 2, max: 8, min_duration_s: -5 }))).status,
    ).toBe(400);
    const saved = await saveLimit(api, { ...base, min: 1, max: 9 });
    expect(saved).toMatchObject({ min: 1, max: 9, min_duration_s: 600 });
    const mine = (await listLimits(api)).filter(
      (l) => l.imei === env.imei && l.channel === "temperature",
    );
    expect(mine).toHaveLength(1);
    await deleteLimit(api, saved.id);
    expect((await listLimits(api)).map((l) => l.id)).not.toContain(saved.id);
    const theirs = (await listLimits(await other()))[0]!;
    expect((await rejection(deleteLimit(api, theirs.id))).status).toBe(404);
  });
});

describe("freight temperature control", () => {
  it("seeds profiles with tiered limits and loads, one of which fails its profile", async () => {
    const api = await admin();
    const profiles = await listProfiles(api);
    expect(profiles.map((p) => p.name)).toEqual([
      "2–8 °C pharmaceuticals",
      "≤ −18 °C frozen",
      "20–25 °C controlled room temperature",
    ]);
    const loads = await listLoads(api);
    const vaccines = loads.find((l) => l.product.startsWith("Vaccines"))!;
    const peas = loads.find((l) => l.product.startsWith("Frozen peas"))!;
    const judge = async (l: typeof vaccines) => {
      const p = profiles.find((x) => x.id === l.profile_id)!;
      const s = await getSeries(api, {
        imei: l.imei,
        channel: "temperature",
        from: Date.parse(l.start),
        to: Date.parse(l.end!),
      });
      const tiers: Tier[] = p.tiers.map((t) => ({ ...t, allowanceMs: t.allowance_s * 1000 }));
      return evaluateLoad(
        s,
        tiers,
        [{ from: Date.parse(l.start), to: Date.parse(l.start) + p.startup_ignore_s * 1000 }],
        300_000,
      );
    };
    const failed = await judge(vaccines);
    expect(failed.pass).toBe(false);
    expect(Math.max(...failed.tiers[0]!.excursions.map((e) => e.peak.v))).toBeGreaterThan(12);
    expect((await getLoad(api, vaccines.id)).reference).toBe("HL-24021");
    const e = await rejection(signOffLoad(api, peas.id, { name: "", note: "" }));
    expect(e.status).toBe(400);
    const signed = await signOffLoad(api, peas.id, { name: "Alex Admin", note: "Checked" });
    expect(signed.signoff).toMatchObject({ name: "Alex Admin", note: "Checked" });
    expect((await rejection(signOffLoad(api, peas.id, { name: "Again", note: "" }))).status).toBe(
      409,
    );
  });

  it("another company's load is a 404", async () => {
    const theirs = (await listLoads(await other()))[0]!;
    expect(theirs.product).toBe("Insulin pens, 4 cartons");
    const api = await admin();
    expect((await rejection(getLoad(api, theirs.id))).status).toBe(404);
    expect((await rejection(signOffLoad(api, theirs.id, { name: "X", note: "" }))).status).toBe(
      404,
    );
  });
});

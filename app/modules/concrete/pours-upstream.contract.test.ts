/** Contract test of the pour, sensor, link, limit and rule calls: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
import {
  claimNotice,
  createLimit,
  createLink,
  createPour,
  createRule,
  deleteLink,
  getPour,
  getReadings,
  getSensor,
  getWeather,
  listLimits,
  listLinks,
  listPeople,
  listPours,
  listRules,
  listSensors,
  registerSensor,
  signOffPour,
  updateLimit,
  updatePour,
  updateRule,
  type PourInput,
} from "./pours-upstream.server";

const up = useContractSimulator();
const admin = () => up.signIn("admin", "admin123");
const other = () => up.signIn("other", "other123");
const HOUR = 3600_000;

describe("concrete pours upstream", () => {
  it("lists sensors (type-77 devices and registered probes) with battery, last reading and pour", async () => {
    const sensors = await listSensors(await admin());
    expect(sensors.length).toBeGreaterThanOrEqual(8);
    expect(sensors.some((s) => !s.registered)).toBe(true);
    const core = sensors.find((s) => s.imei === "354800190000004")!;
    expect(core).toMatchObject({ current_pour_id: 802, nickname: "CureSense 04" });
    expect(core.battery).toBeGreaterThan(0);
    expect(core.last_reading!.temperature_c).toBeGreaterThan(40);
    expect((await listSensors(await other())).map((s) => s.imei)).toEqual(["354800290000001"]);
    expect((await rejection(getSensor(await other(), core.imei))).status).toBe(404);
  });

  it("registers a probe; an imei already known is a 409", async () => {
    const api = await admin();
    const s = await registerSensor(api, { imei: "354800199999999", nickname: "New probe" });
    expect(s).toMatchObject({
      registered: true,
      current_pour_id: null,
      battery: expect.any(Number),
    });
    expect((await rejection(registerSensor(api, s))).status).toBe(409);
    expect((await rejection(registerSensor(api, { imei: "12", nickname: "x" }))).status).toBe(400);
  });

  it("readings every 15 minutes follow a hydration curve: the mass pour's core runs hotter than its surface", async () => {
    const api = await admin();
    const pour = await getPour(api, 802);
    const placed = Date.parse(pour.placed_at);
    const from = new Date(placed + 34 * HOUR);
    const to = new Date(placed + 40 * HOUR);
    const core = await getReadings(api, "354800190000004", from, to);
    const surface = await getReadings(api, "354800190000005", from, to);
    expect(core.interval_s).toBe(900);
    expect(core.readings.length).toBeGreaterThanOrEqual(24);
    const diffs = core.readings.map((r, i) => r.c - surface.readings[i]!.c);
    expect(Math.min(...diffs)).toBeGreaterThan(19.4);
    // The same range twice gives the same readings: a pure function of the sensor and the time.
    expect((await getReadings(api, "354800190000004", from, to)).readings).toEqual(core.readings);
    expect((await rejection(getReadings(api, "354800190000004", new Date(0), to))).status).toBe(
      400,
    );
  });

  it("gives a jobsite's hourly weather for evaporation", async () => {
    const w = await getWeather(await admin(), 101, new Date(Date.now() - 24 * HOUR), new Date());
    expect(w.readings.length).toBeGreaterThanOrEqual(24);
    for (const r of w.readings) {
      expect(r.humidity_pct).toBeGreaterThanOrEqual(25);
      expect(r.wind_kmh).toBeGreaterThanOrEqual(0);
    }
  });

  it("creates and edits pours; another company's pour is a 404", async () => {
    const api = await admin();
    const pours = await listPours(api);
    expect(pours.filter((p) => p.status === "active").map((p) => p.id)).toEqual(
      expect.arrayContaining([801, 802]),
    );
    expect(pours.map((p) => p.id)).not.toContain(811);
    const input: PourInput = {
      element: "Column C4",
      jobsite_id: 105,
      mix_design_id: null,
      volume_m3: 3.2,
      thickness_m: 0.6,
      placed_at: new Date().toISOString(),
      ended_at: null,
      limit_set_ids: [902],
      targets: [{ name: "Strip formwork", percent: 70 }],
      notes: "",
    };
    const made = await createPour(api, input);
    expect(made).toMatchObject({ element: "Column C4", status: "active", signed_off: null });
    expect((await updatePour(api, made.id, { ...input, volume_m3: 4 })).volume_m3).toBe(4);
    expect(
      (await signOffPour(api, made.id, { name: "A. Engineer", note: "OK" })).signed_off,
    ).toMatchObject({
      name: "A. Engineer",
    });
    expect(
      (await rejection(updatePour(api, made.id, { ...input, limit_set_ids: [911] }))).status,
    ).toBe(404);
    expect((await rejection(getPour(api, 811))).status).toBe(404);
    expect((await rejection(updatePour(api, 811, input))).status).toBe(404);
  });

  it("links a sensor to a pour; a sensor already on an active pour is a 409 naming it", async () => {
    const api = await admin();
    expect((await listLinks(api, 802)).map((l) => l.position).sort()).toEqual([
      "ambient",
      "core",
      "core",
      "surface",
    ]);
    const e = await rejection(
      createLink(api, {
        pour_id: 801,
        imei: "354800190000004",
        position: "core",
        depth_mm: 100,
        from: new Date().toISOString(),
        to: null,
      }),
    );
    expect(e.status).toBe(409);
    expect(e.message).toContain('already linked to the active pour "Raft foundation, core A"');
    const spare = "354800100000020";
    const l = await createLink(api, {
      pour_id: 801,
      imei: spare,
      position: "core",
      depth_mm: 100,
      from: new Date().toISOString(),
      to: null,
    });
    expect((await getSensor(api, spare)).current_pour_id).toBe(801);
    await deleteLink(api, l.id);
    expect((await rejection(listLinks(api, 811))).status).toBe(404);
  });

  it("limit sets refuse a minimum above the maximum; rules are one per limit set", async () => {
    const api = await admin();
    const made = await createLimit(api, {
      name: "Columns",
      max_temp_c: 70,
      min_temp_c: 10,
      max_diff_c: 19.4,
      max_cooling_c_per_h: 2,
    });
    const e = await rejection(updateLimit(api, made.id, { ...made, min_temp_c: 75 }));
    expect(e.status).toBe(400);
    expect(e.message).toBe("The minimum temperature (75 °C) must be below the maximum (70 °C)");
    expect((await listLimits(api)).find((l) => l.id === made.id)!.min_temp_c).toBe(10);
    const people = await listPeople(api);
    const rule = await createRule(api, {
      limit_id: made.id,
      user_ids: [people[0]!.id],
      channels: ["inapp", "email"],
      after_minutes: 15,
      active: true,
    });
    expect((await rejection(createRule(api, rule))).status).toBe(409);
    expect((await updateRule(api, made.id, { ...rule, after_minutes: 60 })).after_minutes).toBe(60);
    expect((await listRules(api)).some((r) => r.limit_id === 901)).toBe(true);
    expect((await rejection(updateLimit(api, 911, made))).status).toBe(404);
  });

  it("claims a breach notice once", async () => {
    const api = await admin();
    const n = {
      breach_id: "802:901:difference:2026-01-01T00:00:00.000Z",
      pour_id: 802,
      limit_id: 901,
      kind: "difference",
      started_at: "2026-01-01T00:00:00.000Z",
      user_ids: [1],
      channels: ["inapp"],
    };
    expect((await claimNotice(api, n)).created).toBe(true);
    expect((await claimNotice(api, n)).created).toBe(false);
    expect((await rejection(claimNotice(await other(), n))).status).toBe(404);
  });
});

/**
 * The sensor world's seed (api-sensors.ts): product profiles of companies 1 and 2, loads on
 * company 1's cold-chain trailers (one fails its profile: a compressor fault mid-route), and
 * limits; company 2 has one probe, one limit and one load for tenant tests. Times are relative
 * to when the world was built, so the loads are always recent.
 */
import { sensorKind, type Channel, type Incident } from "./sensors";
import type { World } from "./world";

export type SimSensorLimit = {
  id: number;
  companyid: number;
  imei: string;
  channel: Channel;
  min: number | null;
  max: number | null;
  unit: string;
  min_duration_s: number;
};
export type SimTier = {
  label: string;
  min: number | null;
  max: number | null;
  allowance_s: number;
};
export type SimProfile = {
  id: number;
  companyid: number;
  name: string;
  description: string;
  setpoint: number;
  tiers: SimTier[];
  startup_ignore_s: number;
  defrost_recovery_s: number | null;
  door_recovery_s: number | null;
};
export type SimLoad = {
  id: number;
  companyid: number;
  imei: string;
  profile_id: number;
  product: string;
  reference: string;
  start: string;
  end: string | null;
  signoff: { name: string; user_id: number; at: string; note: string } | null;
};
export type SensorState = {
  seq: number;
  limits: SimSensorLimit[];
  profiles: SimProfile[];
  loads: SimLoad[];
  incidents: Incident[];
};

const HOUR = 3_600_000;
const MIN = 60_000;

function profilesFor(companyid: number, base: number): SimProfile[] {
  const p = (
    n: number,
    name: string,
    description: string,
    setpoint: number,
    tiers: SimTier[],
    startup: number,
    defrost: number | null,
    door: number | null,
  ): SimProfile => ({
    id: base + n,
    companyid,
    name,
    description,
    setpoint,
    tiers,
    startup_ignore_s: startup,
    defrost_recovery_s: defrost,
    door_recovery_s: door,
  });
  return [
    p(
      1,
      "2–8 °C pharmaceuticals",
      "Vaccines and biologics (cold chain, GDP).",
      5,
      [
        { label: "2–8 °C", min: 2, max: 8, allowance_s: 3600 },
        { label: "0–12 °C", min: 0, max: 12, allowance_s: 0 },
      ],
      1800,
      1200,
      900,
    ),
    p(
      2,
      "≤ −18 °C frozen",
      "Frozen food (FDA Food Code, Codex).",
      -21,
      [
        { label: "≤ −18 °C", min: null, max: -18, allowance_s: 7200 },
        { label: "≤ −12 °C", min: null, max: -12, allowance_s: 0 },
      ],
      3600,
      1800,
      900,
    ),
    p(
      3,
      "20–25 °C controlled room temperature",
      "USP <659> controlled room temperature.",
      22.5,
      [
        { label: "20–25 °C", min: 20, max: 25, allowance_s: 4 * 3600 },
        { label: "15–30 °C", min: 15, max: 30, allowance_s: 0 },
      ],
      0,
      null,
      600,
    ),
  ];
}

export function seedSensors(world: World): SensorState {
  const at = Math.floor(world.createdAt / HOUR) * HOUR;
  const iso = (t: number) => new Date(t).toISOString();
  const devices = (c: number) =>
    (world.devicesByCompany.get(c) ?? []).filter((d) => sensorKind(d) !== null);
  const first = (c: number, kind: string, skip = 0) =>
    devices(c).filter((d) => sensorKind(d) === kind)[skip]?.imei;
  const profiles = [...profilesFor(1, 800), ...profilesFor(2, 850)];
  const loads: SimLoad[] = [];
  const incidents: Incident[] = [];
  let id = 900;
  const load = (
    companyid: number,
    imei: string | undefined,
    profile_id: number,
    product: string,
    reference: string,
    start: number,
    end: number | null,
  ) => {
    if (!imei) return;
    loads.push({
      id: ++id,
      companyid,
      imei,
      profile_id,
      product,
      reference,
      start: iso(start),
      end: end === null ? null : iso(end),
      signoff: null,
    });
  };
  const r1 = first(1, "reefer");
  const r2 = first(1, "reefer", 1);
  const r3 = first(1, "reefer", 2) ?? r1;
  load(1, r1, 802, "Frozen peas, 18 pallets", "HL-24017", at - 30 * HOUR, at - 6 * HOUR);
  // The load that fails its profile: a compressor fault mid-route, three hours up to 13.5 °C.
  load(1, r3, 801, "Vaccines, batch VX-2291", "HL-24021", at - 20 * HOUR, at - 2 * HOUR);
  if (r3)
    incidents.push({
      imei: r3,
      start: at - 14 * HOUR,
      end: at - 14 * HOUR + 180 * MIN,
      peak: 13.5,
    });
  load(1, r2, 803, "Tablets, 12 cartons", "HL-23990", at - 48 * HOUR, at - 24 * HOUR);
  load(1, r1, 802, "Ice cream, 22 pallets", "HL-24030", at - 4 * HOUR, null);
  const probe = first(2, "probe");
  load(2, probe, 851, "Insulin pens, 4 cartons", "SP-118", at - 10 * HOUR, at - HOUR);
  const limits: SimSensorLimit[] = [];
  let lid = 600;
  const env = first(1, "environment");
  if (env) {
    limits.push({
      id: ++lid,
      companyid: 1,
      imei: env,
      channel: "temperature",
      min: 2,
      max: 8,
      unit: "C",
      min_duration_s: 900,
    });
    limits.push({
      id: ++lid,
      companyid: 1,
      imei: env,
      channel: "humidity",
      min: 30,
      max: 70,
      unit: "%",
      min_duration_s: 1800,
    });
  }
  if (r1)
    limits.push({
      id: ++lid,
      companyid: 1,
      imei: r1,
      channel: "temperature",
      min: null,
      max: -12,
      unit: "C",
      min_duration_s: 1200,
    });
  if (probe)
    limits.push({
      id: ++lid,
      companyid: 2,
      imei: probe,
      channel: "temperature",
      min: 2,
      max: 8,
      unit: "C",
      min_duration_s: 600,
    });
  return { seq: 1000, limits, profiles, loads, incidents };
}

/**
 * The pours API's state (api-concrete.ts) and its seed: company 1 has an active slab, an active mass
 * raft running hot enough to breach its core–surface limit, and an ended slab; company 2 one pour.
 */
import type { Ctx } from "./kit";

export type SimPour = {
  id: number;
  companyid: number;
  element: string;
  jobsite_id: number | null;
  mix_design_id: number | null;
  volume_m3: number;
  thickness_m: number;
  placed_at: string;
  ended_at: string | null;
  limit_set_ids: number[];
  targets: Array<{ name: string; percent: number }>;
  notes: string;
  signed_off: { name: string; at: string; note: string } | null;
};
export type SimPourLink = {
  id: number;
  companyid: number;
  pour_id: number;
  imei: string;
  position: "core" | "surface" | "ambient";
  depth_mm: number;
  from: string;
  to: string | null;
};
export type SimLimitSet = {
  id: number;
  companyid: number;
  name: string;
  max_temp_c: number;
  min_temp_c: number;
  max_diff_c: number;
  max_cooling_c_per_h: number;
};
export type SimLimitRule = {
  id: number;
  companyid: number;
  limit_id: number;
  user_ids: number[];
  channels: Array<"push" | "email" | "inapp">;
  after_minutes: number;
  active: boolean;
};
export type SimSensor = {
  imei: string;
  companyid: number;
  nickname: string;
  model: string;
  registered_at: string;
};
export type SimBreachNotice = {
  id: number;
  companyid: number;
  breach_id: string;
  pour_id: number;
  limit_id: number;
  kind: string;
  started_at: string;
  user_ids: number[];
  channels: string[];
  sent_at: string;
};
export type ConcretePourState = {
  seq: number;
  pours: SimPour[];
  links: SimPourLink[];
  limits: SimLimitSet[];
  rules: SimLimitRule[];
  sensors: SimSensor[];
  notices: SimBreachNotice[];
};

export const HOUR = 3600_000;
export const DAY = 24 * HOUR;
export const iso = (ms: number) => new Date(ms).toISOString();
export const SENSOR_MODEL = "CureSense concrete probe";
export const TARGETS = [
  { name: "Strip formwork", percent: 70 },
  { name: "Stress tendons", percent: 85 },
  { name: "Design strength", percent: 100 },
];
/** Mix design ids of the mix-design calls (api-concrete-mix.ts) the seeded pours use. */
export const SEED_MIX = { normal: 2404, mass: 2406, other: 2407 } as const;

/** Seeded probe imeis: 3548 + company + 9 + index, so they never clash with world devices. */
export const probeImei = (company: number, i: number) =>
  `3548${String(company).padStart(3, "0")}9${String(i).padStart(7, "0")}`;

function seed(ctx: Ctx): ConcretePourState {
  const t0 = ctx.state.world.createdAt;
  const admin = ctx.state.world.users.find((u) => u.username === "admin");
  const sensors: SimSensor[] = [
    ...[1, 2, 3, 4, 5, 6, 7].map((i) => ({
      imei: probeImei(1, i),
      companyid: 1,
      nickname: `CureSense ${String(i).padStart(2, "0")}`,
      model: SENSOR_MODEL,
      registered_at: iso(t0 - 60 * DAY),
    })),
    {
      imei: probeImei(2, 1),
      companyid: 2,
      nickname: "Driveway probe",
      model: SENSOR_MODEL,
      registered_at: iso(t0 - 20 * DAY),
    },
  ];
  const pour = (
    id: number,
    companyid: number,
    p: Partial<SimPour> & Pick<SimPour, "element" | "placed_at">,
  ): SimPour => ({
    id,
    companyid,
    jobsite_id: null,
    mix_design_id: null,
    volume_m3: 0,
    thickness_m: 0.2,
    ended_at: null,
    limit_set_ids: [],
    targets: TARGETS,
    notes: "",
    signed_off: null,
    ...p,
  });
  const slabAt = t0 - 30 * HOUR;
  const raftAt = t0 - 40 * HOUR;
  const bayAt = t0 - 20 * DAY;
  let linkId = 870;
  const link = (
    companyid: number,
    pour_id: number,
    imei: string,
    position: SimPourLink["position"],
    depth_mm: number,
    from: number,
    to: number | null = null,
  ): SimPourLink => ({
    id: ++linkId,
    companyid,
    pour_id,
    imei,
    position,
    depth_mm,
    from: iso(from),
    to: to === null ? null : iso(to),
  });
  const s = (i: number) => probeImei(1, i);
  return {
    seq: 990,
    limits: [
      {
        id: 901,
        companyid: 1,
        name: "Mass concrete (ACI 301)",
        max_temp_c: 70,
        min_temp_c: 5,
        max_diff_c: 19.4,
        max_cooling_c_per_h: 2,
      },
      {
        id: 902,
        companyid: 1,
        name: "Suspended slabs",
        max_temp_c: 60,
        min_temp_c: 5,
        max_diff_c: 25,
        max_cooling_c_per_h: 3,
      },
      {
        id: 911,
        companyid: 2,
        name: "Driveways",
        max_temp_c: 65,
        min_temp_c: 5,
        max_diff_c: 20,
        max_cooling_c_per_h: 3,
      },
    ],
    rules: [
      {
        id: 951,
        companyid: 1,
        limit_id: 901,
        user_ids: admin ? [admin.username_id] : [],
        channels: ["inapp", "push", "email"],
        after_minutes: 30,
        active: true,
      },
    ],
    pours: [
      pour(801, 1, {
        element: "Level 3 slab, pour 2",
        jobsite_id: 105,
        mix_design_id: SEED_MIX.normal,
        volume_m3: 86,
        thickness_m: 0.25,
        placed_at: iso(slabAt),
        limit_set_ids: [902],
      }),
      pour(802, 1, {
        element: "Raft foundation, core A",
        jobsite_id: 101,
        mix_design_id: SEED_MIX.mass,
        volume_m3: 640,
        thickness_m: 2.4,
        placed_at: iso(raftAt),
        limit_set_ids: [901],
        notes: "Insulated blankets on the top face from day 1.",
      }),
      pour(803, 1, {
        element: "Ground slab, bay 4",
        jobsite_id: 102,
        mix_design_id: SEED_MIX.normal,
        volume_m3: 120,
        thickness_m: 0.2,
        placed_at: iso(bayAt),
        ended_at: iso(bayAt + 14 * DAY),
        limit_set_ids: [902],
      }),
      pour(811, 2, {
        element: "Driveway slab",
        jobsite_id: 201,
        mix_design_id: SEED_MIX.other,
        volume_m3: 14,
        thickness_m: 0.15,
        placed_at: iso(t0 - 3 * DAY),
        limit_set_ids: [911],
      }),
    ],
    links: [
      link(1, 801, s(1), "core", 125, slabAt),
      link(1, 801, s(2), "surface", 20, slabAt),
      link(1, 801, s(3), "ambient", 0, slabAt),
      link(1, 802, s(4), "core", 1200, raftAt),
      link(1, 802, s(5), "surface", 50, raftAt),
      link(1, 802, s(6), "ambient", 0, raftAt),
      link(1, 802, s(7), "core", 1800, raftAt),
      link(1, 803, s(1), "core", 100, bayAt, bayAt + 14 * DAY),
      link(2, 811, probeImei(2, 1), "core", 75, t0 - 3 * DAY),
    ],
    sensors,
    notices: [],
  };
}

export function concreteData(ctx: Ctx): ConcretePourState {
  if (!ctx.state.concretePours) ctx.state.concretePours = seed(ctx);
  return ctx.state.concretePours;
}

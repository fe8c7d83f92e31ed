/**
 * Concrete pours, their sensors and limits (designed; SPEC §2.4 names the screens, issue 24 the
 * data). Sensors are the company's devices of type 77 plus probes registered here; their readings
 * (every 15 minutes) and the jobsites' weather are computed on request (concrete-readings.ts).
 *
 * `GET|POST /concrete/sensors`, `GET /concrete/sensors/{imei}`, `GET /concrete/readings?imei=&from=&to=`,
 * `GET /concrete/weather?jobsite_id=&from=&to=`, `GET|POST /concrete/pours`, `GET|PUT
 * /concrete/pours/{id}`, `POST /concrete/poursignoff/{id}`, `GET|POST /concrete/pourlinks`
 * (`?pour_id=`), `PUT|DELETE /concrete/pourlinks/{id}`, `GET|POST /concrete/limits`, `PUT|DELETE
 * /concrete/limits/{id}`, `GET|POST /concrete/rules`, `PUT|DELETE /concrete/rules/{limit_id}`,
 * `GET /concrete/people`, `GET|POST /concrete/breachnotices`.
 *
 * A sensor linked to an active pour cannot be linked to another active pour (409); a limit set's
 * minimum must be below its maximum (400); one rule per limit set. Another company's id is a 404.
 */
import { readingsFor, placementsOf, sensorCode } from "./concrete-links";
import { READING_MS, probeBattery, probeTemperature, weatherAt } from "./concrete-readings";
import { HttpError, obj, ok, routes, timeParam, type Ctx } from "./kit";
import { idOf } from "./maintenance";

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

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
export const SENSOR_MODEL = "CureSense concrete probe";
const TARGETS = [
  { name: "Strip formwork", percent: 70 },
  { name: "Stress tendons", percent: 85 },
  { name: "Design strength", percent: 100 },
];
/** Mix design ids of the mix-design calls (api-concrete-mix.ts) the seeded pours use. */
export const SEED_MIX = { normal: 2404, mass: 2406, other: 2407 } as const;

/** Seeded probe imeis: 3548 + company + 9 + index, so they never clash with world devices. */
const probeImei = (company: number, i: number) =>
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

// ── sensors ────────────────────────────────────────────────────────────────────────────────────

type SensorRef = {
  imei: string;
  nickname: string;
  model: string;
  since: number;
  registered: boolean;
};

/** The company's sensors: its type-77 devices, then the probes registered here. */
function sensorsOf(ctx: Ctx): SensorRef[] {
  const world = (ctx.state.world.devicesByCompany.get(ctx.user.companyid) ?? [])
    .filter((d) => d.device_type_id === 77)
    .map((d) => ({
      imei: d.imei,
      nickname: d.nickname,
      model: d.model,
      since: ctx.state.world.createdAt - 90 * DAY,
      registered: false,
    }));
  const own = concreteData(ctx)
    .sensors.filter((s) => s.companyid === ctx.user.companyid)
    .map((s) => ({
      imei: s.imei,
      nickname: s.nickname,
      model: s.model,
      since: Date.parse(s.registered_at),
      registered: true,
    }));
  return [...world, ...own];
}

function sensorOf(ctx: Ctx, imei: string): SensorRef {
  const s = sensorsOf(ctx).find((x) => x.imei === imei);
  if (!s) throw new HttpError(404, "Sensor not found");
  return s;
}

const isActive = (p: SimPour, now: number) =>
  Date.parse(p.placed_at) <= now && (p.ended_at === null || Date.parse(p.ended_at) > now);
const linkOpen = (l: SimPourLink, now: number) => l.to === null || Date.parse(l.to) > now;

function sensorView(ctx: Ctx, s: SensorRef) {
  const d = concreteData(ctx);
  const now = ctx.now;
  const slot = Math.floor(now / READING_MS) * READING_MS;
  const placements = placementsOf(d, ctx.user.companyid, s.imei);
  const current = d.links.find(
    (l) =>
      l.imei === s.imei &&
      l.companyid === ctx.user.companyid &&
      linkOpen(l, now) &&
      Date.parse(l.from) <= now &&
      d.pours.some((p) => p.id === l.pour_id && isActive(p, now)),
  );
  const battery = probeBattery(ctx.state.world.seed, sensorCode(s.imei), s.since, now);
  return {
    imei: s.imei,
    nickname: s.nickname,
    model: s.model,
    registered: s.registered,
    battery,
    last_reading:
      battery > 0
        ? {
            time: iso(slot),
            temperature_c: probeTemperature(
              ctx.state.world.seed,
              sensorCode(s.imei),
              slot,
              placements(slot),
            ),
          }
        : null,
    current_pour_id: current?.pour_id ?? null,
  };
}

function sensorInput(ctx: Ctx) {
  const b = obj(ctx.body);
  const imei = typeof b.imei === "string" ? b.imei.trim() : "";
  if (!/^\d{15}$/.test(imei)) throw new HttpError(400, "imei must be 15 digits");
  const nickname = typeof b.nickname === "string" ? b.nickname.trim() : "";
  if (!nickname || nickname.length > 64)
    throw new HttpError(400, "nickname is required (at most 64 characters)");
  const holder =
    ctx.state.world.devicesByImei.get(imei)?.companyid ??
    concreteData(ctx).sensors.find((s) => s.imei === imei)?.companyid;
  // Another company's device is not found, as anywhere else (no probing of who holds an imei).
  if (holder !== undefined && holder !== ctx.user.companyid)
    throw new HttpError(404, "Device not found");
  if (holder !== undefined)
    throw new HttpError(409, `A device with imei ${imei} is already registered`);
  return { imei, nickname };
}

// ── pours ──────────────────────────────────────────────────────────────────────────────────────

function pourOf(ctx: Ctx, id: number): SimPour {
  const p = concreteData(ctx).pours.find((x) => x.id === id && x.companyid === ctx.user.companyid);
  if (!p) throw new HttpError(404, "Pour not found");
  return p;
}

const num = (v: unknown, field: string, min: number, max: number): number => {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  if (typeof n !== "number" || !Number.isFinite(n) || n < min || n > max)
    throw new HttpError(400, `${field} must be a number from ${min} to ${max}`);
  return n;
};
const time = (v: unknown, field: string): string => {
  const ms = typeof v === "string" ? Date.parse(v) : NaN;
  if (Number.isNaN(ms)) throw new HttpError(400, `${field} must be an ISO date-time`);
  return iso(ms);
};
const optionalTime = (v: unknown, field: string): string | null =>
  v === null || v === undefined || v === "" ? null : time(v, field);

function pourInput(ctx: Ctx) {
  const b = obj(ctx.body);
  const d = concreteData(ctx);
  const element = typeof b.element === "string" ? b.element.trim() : "";
  if (!element || element.length > 120)
    throw new HttpError(400, "element is required (at most 120 characters)");
  const jobsite_id =
    b.jobsite_id === null || b.jobsite_id === undefined
      ? null
      : num(b.jobsite_id, "jobsite_id", 1, 1e9);
  const mix_design_id =
    b.mix_design_id === null || b.mix_design_id === undefined
      ? null
      : num(b.mix_design_id, "mix_design_id", 1, 1e9);
  const placed_at = time(b.placed_at, "placed_at");
  const ended_at = optionalTime(b.ended_at, "ended_at");
  if (ended_at && ended_at <= placed_at)
    throw new HttpError(400, "ended_at must be after placed_at");
  const ids = Array.isArray(b.limit_set_ids) ? b.limit_set_ids.map(Number) : [];
  for (const id of ids) limitOf(ctx, id);
  const targets = Array.isArray(b.targets)
    ? b.targets.map((t, i) => {
        const o = obj(t);
        const name = typeof o.name === "string" ? o.name.trim().slice(0, 60) : "";
        if (!name) throw new HttpError(400, `targets[${i}].name is required`);
        return { name, percent: num(o.percent, `targets[${i}].percent`, 1, 200) };
      })
    : TARGETS;
  return {
    element,
    jobsite_id,
    mix_design_id,
    volume_m3: num(b.volume_m3, "volume_m3", 0.1, 100_000),
    thickness_m: num(b.thickness_m, "thickness_m", 0.05, 20),
    placed_at,
    ended_at,
    limit_set_ids: [...new Set(ids)],
    targets,
    notes: typeof b.notes === "string" ? b.notes.trim().slice(0, 2000) : "",
  };
}

const pourView = (pour: SimPour, now: number) => {
  const { companyid: _c, ...p } = pour;
  return {
    ...p,
    status:
      Date.parse(p.placed_at) > now
        ? ("planned" as const)
        : isActive(pour, now)
          ? ("active" as const)
          : ("ended" as const),
  };
};

// ── links ──────────────────────────────────────────────────────────────────────────────────────

const POSITIONS = new Set(["core", "surface", "ambient"]);

function linkInput(ctx: Ctx, self: SimPourLink | null) {
  const b = obj(ctx.body);
  const d = concreteData(ctx);
  const pour = pourOf(ctx, self ? self.pour_id : num(b.pour_id, "pour_id", 1, 1e9));
  const imei = self ? self.imei : typeof b.imei === "string" ? b.imei.trim() : "";
  const sensor = sensorOf(ctx, imei);
  const position = String(b.position ?? "");
  if (!POSITIONS.has(position))
    throw new HttpError(400, "position must be core, surface or ambient");
  const depth_mm = num(b.depth_mm ?? 0, "depth_mm", 0, pour.thickness_m * 1000);
  const from = b.from ? time(b.from, "from") : pour.placed_at;
  const to = optionalTime(b.to, "to");
  if (to && to <= from) throw new HttpError(400, "The monitoring window must end after it starts");
  if (linkOpen({ to } as SimPourLink, ctx.now)) {
    for (const l of d.links) {
      if (l.imei !== imei || l.id === self?.id || !linkOpen(l, ctx.now)) continue;
      const other = d.pours.find((p) => p.id === l.pour_id)!;
      if (other.id === pour.id)
        throw new HttpError(409, `${sensor.nickname} is already linked to this pour`);
      if (
        isActive(other, ctx.now) &&
        (isActive(pour, ctx.now) || Date.parse(pour.placed_at) > ctx.now)
      )
        throw new HttpError(
          409,
          `${sensor.nickname} (${imei}) is already linked to the active pour "${other.element}": end that link first`,
        );
    }
  }
  return {
    pour_id: pour.id,
    imei,
    position: position as SimPourLink["position"],
    depth_mm: position === "ambient" ? 0 : depth_mm,
    from,
    to,
  };
}

function linkOf(ctx: Ctx): SimPourLink {
  const id = Number(idOf(ctx));
  const l = concreteData(ctx).links.find((x) => x.id === id && x.companyid === ctx.user.companyid);
  if (!l) throw new HttpError(404, "Link not found");
  return l;
}
const linkView = ({ companyid: _c, ...l }: SimPourLink) => l;

// ── limits and rules ───────────────────────────────────────────────────────────────────────────

function limitInput(ctx: Ctx) {
  const b = obj(ctx.body);
  const name = typeof b.name === "string" ? b.name.trim() : "";
  if (!name || name.length > 80)
    throw new HttpError(400, "name is required (at most 80 characters)");
  const max_temp_c = num(b.max_temp_c ?? 70, "max_temp_c", -50, 150);
  const min_temp_c = num(b.min_temp_c ?? 5, "min_temp_c", -50, 150);
  if (min_temp_c >= max_temp_c)
    throw new HttpError(
      400,
      `The minimum temperature (${min_temp_c} °C) must be below the maximum (${max_temp_c} °C)`,
    );
  return {
    name,
    max_temp_c,
    min_temp_c,
    max_diff_c: num(b.max_diff_c ?? 19.4, "max_diff_c", 0.1, 100),
    max_cooling_c_per_h: num(b.max_cooling_c_per_h ?? 2, "max_cooling_c_per_h", 0.1, 50),
  };
}
function limitOf(ctx: Ctx, id: number): SimLimitSet {
  const l = concreteData(ctx).limits.find((x) => x.id === id && x.companyid === ctx.user.companyid);
  if (!l) throw new HttpError(404, "Limit set not found");
  return l;
}
const limitView = ({ companyid: _c, ...l }: SimLimitSet) => l;

const CHANNELS = new Set(["push", "email", "inapp"]);
function ruleInput(ctx: Ctx, limit_id: number) {
  const b = obj(ctx.body);
  limitOf(ctx, limit_id);
  const users = new Set(
    ctx.state.world.users
      .filter((u) => u.companyid === ctx.user.companyid)
      .map((u) => u.username_id),
  );
  const user_ids = Array.isArray(b.user_ids) ? [...new Set(b.user_ids.map(Number))] : [];
  if (!user_ids.length) throw new HttpError(400, "Choose at least one person to notify");
  for (const u of user_ids)
    if (!users.has(u)) throw new HttpError(400, `user ${u} is not one of your company's people`);
  const channels = Array.isArray(b.channels) ? [...new Set(b.channels.map(String))] : [];
  if (!channels.length || channels.some((c) => !CHANNELS.has(c)))
    throw new HttpError(400, "channels must be one or more of push, email, inapp");
  return {
    limit_id,
    user_ids,
    channels: channels as SimLimitRule["channels"],
    after_minutes: Math.round(num(b.after_minutes ?? 0, "after_minutes", 0, 10_080)),
    active: b.active !== false,
  };
}
function ruleOf(ctx: Ctx): SimLimitRule {
  const limitId = Number(idOf(ctx));
  const r = concreteData(ctx).rules.find(
    (x) => x.limit_id === limitId && x.companyid === ctx.user.companyid,
  );
  if (!r) throw new HttpError(404, "Rule not found");
  return r;
}
const ruleView = ({ companyid: _c, ...r }: SimLimitRule) => r;

const MAX_RANGE = 62 * DAY;
function range(ctx: Ctx) {
  const to = timeParam(ctx.query.get("to"), ctx.now, "to");
  const from = timeParam(ctx.query.get("from"), to - DAY, "from");
  if (to < from) throw new HttpError(400, "to must not be before from");
  if (to - from > MAX_RANGE) throw new HttpError(400, "At most 62 days at a time");
  return { from, to: Math.min(to, ctx.now) };
}

export const concreteRoutes = routes([
  ["GET", "/concrete/sensors", (ctx) => ok(sensorsOf(ctx).map((s) => sensorView(ctx, s)))],
  ["GET", "/concrete/sensors/:id", (ctx) => ok(sensorView(ctx, sensorOf(ctx, idOf(ctx))))],
  [
    "POST",
    "/concrete/sensors",
    (ctx) => {
      const s: SimSensor = {
        ...sensorInput(ctx),
        companyid: ctx.user.companyid,
        model: SENSOR_MODEL,
        registered_at: iso(ctx.now),
      };
      concreteData(ctx).sensors.push(s);
      return ok(sensorView(ctx, sensorOf(ctx, s.imei)), 201);
    },
  ],
  [
    "GET",
    "/concrete/readings",
    (ctx) => {
      const s = sensorOf(ctx, ctx.query.get("imei") ?? "");
      const { from, to } = range(ctx);
      return ok({
        imei: s.imei,
        interval_s: READING_MS / 1000,
        readings: readingsFor(
          ctx.state.world.seed,
          concreteData(ctx),
          ctx.user.companyid,
          s.imei,
          from,
          to,
        ),
      });
    },
  ],
  [
    "GET",
    "/concrete/weather",
    (ctx) => {
      const site = Number(ctx.query.get("jobsite_id") ?? 0);
      const { from, to } = range(ctx);
      const out = [];
      for (let t = Math.ceil(from / HOUR) * HOUR; t <= to; t += HOUR)
        out.push({ time: iso(t), ...weatherAt(ctx.state.world.seed, site, t) });
      return ok({ jobsite_id: site, interval_s: 3600, readings: out });
    },
  ],
  [
    "GET",
    "/concrete/pours",
    (ctx) =>
      ok(
        concreteData(ctx)
          .pours.filter((p) => p.companyid === ctx.user.companyid)
          .sort((a, b) => b.placed_at.localeCompare(a.placed_at))
          .map((p) => pourView(p, ctx.now)),
      ),
  ],
  ["GET", "/concrete/pours/:id", (ctx) => ok(pourView(pourOf(ctx, Number(idOf(ctx))), ctx.now))],
  [
    "POST",
    "/concrete/pours",
    (ctx) => {
      const d = concreteData(ctx);
      const p: SimPour = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        ...pourInput(ctx),
        signed_off: null,
      };
      d.pours.push(p);
      return ok(pourView(p, ctx.now), 201);
    },
  ],
  [
    "PUT",
    "/concrete/pours/:id",
    (ctx) => {
      const p = pourOf(ctx, Number(idOf(ctx)));
      return ok(pourView(Object.assign(p, pourInput(ctx)), ctx.now));
    },
  ],
  [
    "POST",
    "/concrete/poursignoff/:id",
    (ctx) => {
      const p = pourOf(ctx, Number(idOf(ctx)));
      const b = obj(ctx.body);
      const name = typeof b.name === "string" ? b.name.trim() : "";
      if (!name || name.length > 80)
        throw new HttpError(400, "name is required (at most 80 characters)");
      p.signed_off = {
        name,
        at: iso(ctx.now),
        note: typeof b.note === "string" ? b.note.trim().slice(0, 1000) : "",
      };
      return ok(pourView(p, ctx.now));
    },
  ],
  [
    "GET",
    "/concrete/pourlinks",
    (ctx) => {
      const pourId = ctx.query.get("pour_id");
      if (pourId) pourOf(ctx, Number(pourId));
      return ok(
        concreteData(ctx)
          .links.filter(
            (l) => l.companyid === ctx.user.companyid && (!pourId || l.pour_id === Number(pourId)),
          )
          .map(linkView),
      );
    },
  ],
  [
    "POST",
    "/concrete/pourlinks",
    (ctx) => {
      const d = concreteData(ctx);
      const l: SimPourLink = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        ...linkInput(ctx, null),
      };
      d.links.push(l);
      return ok(linkView(l), 201);
    },
  ],
  [
    "PUT",
    "/concrete/pourlinks/:id",
    (ctx) => {
      const l = linkOf(ctx);
      return ok(linkView(Object.assign(l, linkInput(ctx, l))));
    },
  ],
  [
    "DELETE",
    "/concrete/pourlinks/:id",
    (ctx) => {
      const l = linkOf(ctx);
      const d = concreteData(ctx);
      d.links = d.links.filter((x) => x.id !== l.id);
      return ok({ id: l.id });
    },
  ],
  [
    "GET",
    "/concrete/limits",
    (ctx) =>
      ok(
        concreteData(ctx)
          .limits.filter((l) => l.companyid === ctx.user.companyid)
          .sort((a, b) => a.name.localeCompare(b.name))
          .map(limitView),
      ),
  ],
  [
    "POST",
    "/concrete/limits",
    (ctx) => {
      const d = concreteData(ctx);
      const input = limitInput(ctx);
      // Optionally applied at once to some of the company's pours.
      const raw = obj(ctx.body).pour_ids;
      const pours = (Array.isArray(raw) ? raw : []).map((id) => pourOf(ctx, Number(id)));
      const l: SimLimitSet = { id: ++d.seq, companyid: ctx.user.companyid, ...input };
      d.limits.push(l);
      for (const p of pours) if (!p.limit_set_ids.includes(l.id)) p.limit_set_ids.push(l.id);
      return ok(limitView(l), 201);
    },
  ],
  [
    "PUT",
    "/concrete/limits/:id",
    (ctx) => ok(limitView(Object.assign(limitOf(ctx, Number(idOf(ctx))), limitInput(ctx)))),
  ],
  [
    "DELETE",
    "/concrete/limits/:id",
    (ctx) => {
      const l = limitOf(ctx, Number(idOf(ctx)));
      const d = concreteData(ctx);
      const users = d.pours.filter((p) => p.limit_set_ids.includes(l.id));
      if (users.length)
        throw new HttpError(
          409,
          `${l.name} is used by ${users.length} pour${users.length === 1 ? "" : "s"}: take it off them first`,
        );
      d.limits = d.limits.filter((x) => x.id !== l.id);
      d.rules = d.rules.filter((r) => r.limit_id !== l.id);
      return ok({ id: l.id });
    },
  ],
  [
    "GET",
    "/concrete/rules",
    (ctx) =>
      ok(
        concreteData(ctx)
          .rules.filter((r) => r.companyid === ctx.user.companyid)
          .map(ruleView),
      ),
  ],
  [
    "POST",
    "/concrete/rules",
    (ctx) => {
      const d = concreteData(ctx);
      const limitId = num(obj(ctx.body).limit_id, "limit_id", 1, 1e9);
      const input = ruleInput(ctx, limitId);
      const limit = limitOf(ctx, limitId);
      if (d.rules.some((r) => r.limit_id === limitId && r.companyid === ctx.user.companyid))
        throw new HttpError(409, `${limit.name} already has a rule: edit that one`);
      const r: SimLimitRule = { id: ++d.seq, companyid: ctx.user.companyid, ...input };
      d.rules.push(r);
      return ok(ruleView(r), 201);
    },
  ],
  [
    "PUT",
    "/concrete/rules/:id",
    (ctx) => {
      const r = ruleOf(ctx);
      return ok(ruleView(Object.assign(r, ruleInput(ctx, r.limit_id))));
    },
  ],
  [
    "DELETE",
    "/concrete/rules/:id",
    (ctx) => {
      const r = ruleOf(ctx);
      const d = concreteData(ctx);
      d.rules = d.rules.filter((x) => x.id !== r.id);
      return ok({ id: r.id });
    },
  ],
  [
    "GET",
    "/concrete/people",
    (ctx) =>
      ok(
        ctx.state.world.users
          .filter((u) => u.companyid === ctx.user.companyid)
          .map((u) => ({ id: u.username_id, name: u.name, email: u.email })),
      ),
  ],
  [
    "GET",
    "/concrete/breachnotices",
    (ctx) => {
      const pourId = ctx.query.get("pour_id");
      if (pourId) pourOf(ctx, Number(pourId));
      return ok(
        concreteData(ctx)
          .notices.filter(
            (n) => n.companyid === ctx.user.companyid && (!pourId || n.pour_id === Number(pourId)),
          )
          .map(({ companyid: _c, ...n }) => n),
      );
    },
  ],
  [
    // Records that a breach was notified; the first call for a breach id wins (created: true), so
    // a breach is notified once however often, and by however many app servers, it is checked.
    "POST",
    "/concrete/breachnotices",
    (ctx) => {
      const b = obj(ctx.body);
      const d = concreteData(ctx);
      const breach_id = typeof b.breach_id === "string" ? b.breach_id.trim() : "";
      if (!breach_id || breach_id.length > 200) throw new HttpError(400, "breach_id is required");
      const pour = pourOf(ctx, num(b.pour_id, "pour_id", 1, 1e9));
      const limit = limitOf(ctx, num(b.limit_id, "limit_id", 1, 1e9));
      const seen = d.notices.find(
        (n) => n.companyid === ctx.user.companyid && n.breach_id === breach_id,
      );
      if (seen) {
        const { companyid: _c, ...n } = seen;
        return ok({ created: false, notice: n });
      }
      const n: SimBreachNotice = {
        id: ++d.seq,
        companyid: ctx.user.companyid,
        breach_id,
        pour_id: pour.id,
        limit_id: limit.id,
        kind: typeof b.kind === "string" ? b.kind.slice(0, 40) : "",
        started_at: time(b.started_at, "started_at"),
        user_ids: Array.isArray(b.user_ids) ? b.user_ids.map(Number).filter(Number.isInteger) : [],
        channels: Array.isArray(b.channels)
          ? b.channels.map(String).filter((c) => CHANNELS.has(c))
          : [],
        sent_at: iso(ctx.now),
      };
      d.notices.push(n);
      const { companyid: _c, ...view } = n;
      return ok({ created: true, notice: view }, 201);
    },
  ],
]);

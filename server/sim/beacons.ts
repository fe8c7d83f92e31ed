/**
 * BLE beacons and network coverage of the simulated world. Beacons ride in (or wait beside) the
 * company's vehicles, which act as gateways: a sighting is a gateway hearing a beacon, reported
 * with the gateway's position at that moment. Like positions, sightings are a pure function of
 * (seed, beacon, time); nothing is stored but the editable settings.
 */
import { distanceKm, round6, type LatLng } from "./geo";
import { sampleAt, silentAfter } from "./movement";
import { createRng, hash, intIn, unit } from "./prng";
import { NODES } from "./roads";
import type { Device, World } from "./world";

export type Beacon = {
  uuid: string;
  companyid: number;
  nickname: string;
  model: string;
  major: number;
  minor: number;
  /** What the beacon is attached to (a pallet, a toolbox); editable. */
  asset_name: string | null;
  /** dBm, one of TX_POWERS. */
  tx_power: number;
  adv_interval_ms: number;
  sim: {
    code: number;
    /** Imeis of the vehicles that hear it (empty: never seen). */
    gateways: string[];
    /** Share (0..1) of 10-minute slots in which a gateway hears it. */
    presence: number;
    /** Stopped being heard this long before the simulator started (null: still heard). */
    lostForMs: number | null;
    /** Battery percent when the world was built; drains 0.2 % a day. */
    battery0: number;
  };
};

export const TX_POWERS = [-20, -16, -12, -8, -4, 0, 4] as const;
export const ADV_INTERVAL_MIN_MS = 100;
export const ADV_INTERVAL_MAX_MS = 10_000;
export const BEACON_NICKNAME_MAX = 64;
export const ASSET_NAME_MAX = 64;

/** A sighting is at most one per beacon per slot. */
export const SLOT_MS = 10 * 60_000;
/** How far back the last sighting is looked for. */
export const LAST_SEEN_LOOKBACK_MS = 14 * 86_400_000;
const DAY_MS = 86_400_000;

const BEACONS_PER_COMPANY: Record<number, number> = { 1: 12, 2: 4 };
const MODELS = ["Kontakt Asset Tag S18", "Minew E8", "Estimote Sticker", "BlueUp Tag"];
const ASSETS = [
  "Pallet jack",
  "Toolbox",
  "Generator",
  "Ladder rack",
  "Trolley",
  "Roll cage",
  "Pump",
  "Welder",
];

function uuidOf(...parts: number[]): string {
  const hex = [0, 1, 2, 3]
    .map((k) =>
      hash(...parts, k)
        .toString(16)
        .padStart(8, "0"),
    )
    .join("");
  // Shaped as a version-4 UUID so it looks like what a real beacon advertises.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Company 1: 12 beacons, company 2: 4. In company 1 the third beacon's battery is low, the fifth
 * was lost 3 days before start, the tenth has never been heard.
 */
export function buildBeacons(seed: number, devicesByCompany: Map<number, Device[]>): Beacon[] {
  // Its own generator, so adding beacons changes nothing else of the world.
  const rng = createRng((seed ^ 0xbeac0) >>> 0);
  const out: Beacon[] = [];
  for (const [companyid, count] of Object.entries(BEACONS_PER_COMPANY).map(
    ([c, n]) => [Number(c), n] as const,
  )) {
    const vehicles = (devicesByCompany.get(companyid) ?? []).filter(
      (d) => !d.sim.stationary && d.sim.profile !== "offline",
    );
    for (let i = 0; i < count; i++) {
      const code = hash(seed, companyid, i, 0xbeac);
      const gateways =
        vehicles.length && !(companyid === 1 && i === 9)
          ? [...new Set([rng.pick(vehicles).imei, rng.pick(vehicles).imei])].slice(0, rng.int(1, 2))
          : [];
      const asset = rng.chance(0.75) ? `${rng.pick(ASSETS)} ${rng.int(1, 9)}` : null;
      out.push({
        uuid: uuidOf(seed, companyid, i),
        companyid,
        nickname: `Beacon ${String(i + 1).padStart(2, "0")}`,
        model: rng.pick(MODELS),
        major: companyid,
        minor: i + 1,
        asset_name: asset,
        tx_power: rng.pick([-12, -8, -4, 0]),
        adv_interval_ms: rng.pick([250, 500, 1000, 2000]),
        sim: {
          code,
          gateways,
          presence: 0.55 + rng.next() * 0.4,
          lostForMs: companyid === 1 && i === 4 ? 3 * DAY_MS : null,
          battery0: companyid === 1 && i === 2 ? 14 : rng.int(45, 100),
        },
      });
    }
  }
  return out;
}

export type Sighting = {
  time: string;
  gateway_imei: string;
  gateway_nickname: string;
  lat: number;
  lng: number;
  rssi: number;
};

export function beaconBattery(world: World, b: Beacon, t: number): number {
  return Math.max(
    1,
    Math.min(100, Math.round(b.sim.battery0 - ((t - world.createdAt) / DAY_MS) * 0.2)),
  );
}

/** The sighting in slot `s`, if any, heard at or before `until`. */
function sightingIn(world: World, b: Beacon, s: number, until: number): Sighting | null {
  if (!b.sim.gateways.length || unit(b.sim.code, s) >= b.sim.presence) return null;
  const imei = b.sim.gateways[hash(b.sim.code, s, 1) % b.sim.gateways.length]!;
  const g = world.devicesByImei.get(imei);
  if (!g) return null;
  const t = s * SLOT_MS + intIn(0, SLOT_MS - 1, b.sim.code, s, 2);
  if (t > until || t > silentAfter(world, g)) return null;
  const p = sampleAt(g, t);
  const rssi = intIn(-94, -58, b.sim.code, s, 3) + Math.round(b.tx_power / 2);
  return {
    time: new Date(t).toISOString(),
    gateway_imei: g.imei,
    gateway_nickname: g.nickname,
    lat: round6(p.lat),
    lng: round6(p.lng),
    rssi,
  };
}

/** The moment after which the beacon is heard no more. */
function cutOf(world: World, b: Beacon, now: number): number {
  return b.sim.lostForMs === null ? now : Math.min(now, world.createdAt - b.sim.lostForMs);
}

export function lastSighting(world: World, b: Beacon, now: number): Sighting | null {
  const until = cutOf(world, b, now);
  const first = Math.floor((until - LAST_SEEN_LOOKBACK_MS) / SLOT_MS);
  for (let s = Math.floor(until / SLOT_MS); s >= first; s--) {
    const hit = sightingIn(world, b, s, until);
    if (hit) return hit;
  }
  return null;
}

/** Sightings in [from, to], oldest first. */
export function sightingsBetween(
  world: World,
  b: Beacon,
  from: number,
  to: number,
  now: number,
): Sighting[] {
  const until = Math.min(to, cutOf(world, b, now));
  const out: Sighting[] = [];
  for (let s = Math.floor(from / SLOT_MS); s <= Math.floor(until / SLOT_MS); s++) {
    const hit = sightingIn(world, b, s, until);
    if (hit && Date.parse(hit.time) >= from) out.push(hit);
  }
  return out;
}

// ---------------------------------------------------------------- network coverage

export const COVERAGE_CELL_DEG = 0.02;
/** Hourly samples over the last day, of at most this many devices (the benchmark world has 10,000). */
const COVERAGE_MAX_DEVICES = 3000;
/** Every fourth suburb of the road graph has a mobile tower. */
const TOWERS: LatLng[] = NODES.filter((_, i) => i % 4 === 0);

/** Received signal (dBm) at a point: falls with the distance to the nearest tower, plus a little noise. */
export function signalAt(p: LatLng, salt: number): number {
  const km = Math.min(...TOWERS.map((t) => distanceKm(p, t)));
  const noise = intIn(-6, 6, salt);
  return Math.max(-120, Math.min(-50, Math.round(-62 - 22 * Math.log10(1 + km * 2) + noise)));
}

export type CoverageCell = {
  lat: number;
  lng: number;
  samples: number;
  devices: number;
  avg_dbm: number;
};

/**
 * Cells of COVERAGE_CELL_DEG degrees with the signal every device reported in them over the last
 * 24 hours. `devices` is how many distinct devices contributed: deciding what is safe to publish
 * (a cell seen by a single vehicle is that vehicle's trail) is the consumer's job.
 */
export function coverageCells(world: World, now: number): CoverageCell[] {
  const acc = new Map<
    string,
    { i: number; j: number; samples: number; sum: number; devices: Set<string> }
  >();
  for (const d of world.devices.slice(0, COVERAGE_MAX_DEVICES)) {
    const cut = silentAfter(world, d);
    for (let h = 0; h < 24; h++) {
      const t = Math.floor(now / 3_600_000) * 3_600_000 - h * 3_600_000;
      if (t > cut) continue;
      const p = sampleAt(d, t);
      const i = Math.floor(p.lat / COVERAGE_CELL_DEG);
      const j = Math.floor(p.lng / COVERAGE_CELL_DEG);
      const key = `${i},${j}`;
      let c = acc.get(key);
      if (!c) acc.set(key, (c = { i, j, samples: 0, sum: 0, devices: new Set() }));
      c.samples++;
      c.sum += signalAt(p, hash(d.sim.code, t / 3_600_000));
      c.devices.add(d.imei);
    }
  }
  return [...acc.values()]
    .map((c) => ({
      lat: Number(((c.i + 0.5) * COVERAGE_CELL_DEG).toFixed(4)),
      lng: Number(((c.j + 0.5) * COVERAGE_CELL_DEG).toFixed(4)),
      samples: c.samples,
      devices: c.devices.size,
      avg_dbm: Math.round(c.sum / c.samples),
    }))
    .sort((a, b) => a.lat - b.lat || a.lng - b.lng);
}

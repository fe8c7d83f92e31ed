/**
 * The seeded static world: companies, users, tags, groups and devices. Built once per simulator;
 * the same seed always gives the same world. Movement lives in movement.ts and is derived from
 * these records plus the clock; mutable fields (nickname, icon, geofence, ...) are changed in place
 * by the API handlers.
 */
import {
  ALL_DEVICE_TYPES,
  FEATURES,
  ICONS,
  TRIP_DEVICES,
  isStationaryType,
  modelFor,
  type Icon,
} from "./catalog";
import { NODES } from "./roads";
import { buildBeacons, type Beacon } from "./beacons";
import { FIRST, LAST, buildUsers } from "./people";
import { createRng, type Rng } from "./prng";

export type Company = {
  id: number;
  name: string;
  logo: string | null;
  features: Record<string, boolean>;
  depots: number[];
  drivers: string[];
};

export type Group = { id: number; nickname: string; companyid: number };
export type Tag = { id: number; name: string; colour: string; type: number; companyid: number };

export type User = {
  username_id: number;
  username: string;
  password: string;
  name: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string | null;
  photo: string | null;
  avatar: string | null;
  companyid: number;
  tsadmin: boolean;
  group_ids: number[];
  permissions: Record<string, boolean>;
};

export type Profile = "fleet" | "parked" | "offline";

export type Device = {
  imei: string;
  device_type_id: number;
  companyid: number;
  model: string;
  nickname: string;
  avatar: Icon;
  photo: string;
  permdriver: string | null;
  tag_ids: number[];
  group_ids: number[];
  geofence_gps: string | null;
  geofence_meters: number | null;
  /** Seeded behaviour, never changed after generation. */
  sim: {
    code: number;
    profile: Profile;
    stationary: boolean;
    home: number;
    /** A stationary device's fixed spot. */
    site: { lat: number; lng: number };
    /** Hours added to the local day so some vehicles work late or night shifts. */
    shiftHours: number;
    /** Couriers drive stop to stop with short dwells, in shifts covering every hour of every day. */
    courier: boolean;
    /** Bit i set = works on weekday i (0 = Sunday). */
    workdays: number;
    baseOdometerKm: number;
    idleMinutes: number;
    heartbeatPhaseMs: number;
    /** Offline devices stopped reporting this many ms before the simulator started. */
    offlineForMs: number;
    hasTemperature: boolean;
    tempRange: [number, number] | null;
  };
};

export type AppSetting = { id: number; type: number; companyid: number; settings: string };

export type World = {
  seed: number;
  /** Clock reading (ms) when the world was built; offline devices fell silent relative to it. */
  createdAt: number;
  companies: Map<number, Company>;
  users: User[];
  devices: Device[];
  devicesByImei: Map<string, Device>;
  devicesByCompany: Map<number, Device[]>;
  groups: Group[];
  tags: Tag[];
  appSettings: AppSetting[];
  /** BLE beacons of companies 1 and 2 (beacons.ts). */
  beacons: Beacon[];
};

export type WorldOptions = { seed: number; devices: number; createdAt: number };

const TAG_COLOURS = ["#e03131", "#2f9e44", "#1971c2", "#f08c00", "#7048e8", "#0c8599"];

type CompanySeed = {
  id: number;
  name: string;
  logo: string | null;
  off: string[];
  depots: string[];
  devices: number;
};

export function buildWorld(opts: WorldOptions): World {
  const rng = createRng(opts.seed);
  const companySeeds: CompanySeed[] = [
    {
      id: 1,
      name: "Harbour Logistics",
      logo: null,
      off: [],
      depots: ["Eagle Farm", "Rocklea", "Murarrie"],
      devices: opts.devices,
    },
    { id: 2, name: "Southside Plumbing Co", logo: null, off: [], depots: ["Moorooka"], devices: 6 },
    // 112 has its own logo (SPEC §2.10) and several features off, to exercise menu gating.
    {
      id: 112,
      name: "Ironbark Civil",
      logo: "/logos/ironbark.svg",
      off: ["dashcam", "cold_chain", "ble_beacons", "insight_tags", "automation"],
      devices: 6,
      depots: ["Darra"],
    },
    // 129 is the Contact Us company (SPEC §2.10).
    {
      id: 129,
      name: "Moreton Cold Chain",
      logo: null,
      off: ["concrete_curing", "timesheet"],
      devices: 5,
      depots: ["Lytton"],
    },
  ];

  const companies = new Map<number, Company>();
  const groups: Group[] = [];
  const tags: Tag[] = [];
  const appSettings: AppSetting[] = [];
  for (const cs of companySeeds) {
    const features = Object.fromEntries(FEATURES.map((f) => [f, !cs.off.includes(f)]));
    const depots = cs.depots.map((n) => NODES.findIndex((x) => x.name === n));
    const drivers = Array.from({ length: 6 }, () => `${rng.pick(FIRST)} ${rng.pick(LAST)}`);
    companies.set(cs.id, { id: cs.id, name: cs.name, logo: cs.logo, features, depots, drivers });
    addOrgData(cs.id, rng, groups, tags, appSettings, features);
  }

  const users = buildUsers(groups);
  const devices: Device[] = [];
  for (const cs of companySeeds) {
    const company = companies.get(cs.id)!;
    const cGroups = groups.filter((g) => g.companyid === cs.id);
    const cTags = tags.filter((t) => t.companyid === cs.id && t.type === 2);
    for (let i = 0; i < cs.devices; i++) {
      devices.push(makeDevice(rng, company, i, cGroups, cTags));
    }
  }
  const devicesByCompany = new Map<number, Device[]>();
  for (const d of devices) {
    const list = devicesByCompany.get(d.companyid) ?? [];
    list.push(d);
    devicesByCompany.set(d.companyid, list);
  }
  return {
    seed: opts.seed,
    createdAt: opts.createdAt,
    companies,
    users,
    devices,
    devicesByImei: new Map(devices.map((d) => [d.imei, d])),
    devicesByCompany,
    groups,
    tags,
    appSettings,
    beacons: buildBeacons(opts.seed, devicesByCompany),
  };
}

let nextGroupId = 0;
let nextTagId = 0;

function addOrgData(
  companyid: number,
  rng: Rng,
  groups: Group[],
  tags: Tag[],
  settings: AppSetting[],
  features: Record<string, boolean>,
) {
  // Mixed case on purpose: the product must sort groups case-insensitively (SPEC §3).
  const groupNames = [
    "North side",
    "depot crew",
    "Cold chain",
    "after hours",
    "Zone B",
    "management",
  ];
  const base = companyid * 100;
  nextGroupId = base;
  for (const nickname of groupNames) groups.push({ id: ++nextGroupId, nickname, companyid });
  nextTagId = base;
  for (const name of ["Refrigerated", "Hire", "Priority", "Needs service", "Leased", "EV"]) {
    tags.push({ id: ++nextTagId, name, colour: rng.pick(TAG_COLOURS), type: 2, companyid });
  }
  // Tags of another type exist too, so filtering by type 2 is meaningful.
  for (const name of ["Forklift licence", "First aid"]) {
    tags.push({ id: ++nextTagId, name, colour: rng.pick(TAG_COLOURS), type: 1, companyid });
  }
  settings.push(
    {
      id: base + 1,
      type: 1,
      companyid,
      settings: JSON.stringify({ timezone: "Australia/Brisbane", currency: "AUD" }),
    },
    {
      id: base + 3,
      type: 3,
      companyid,
      settings: JSON.stringify({ speed_limit_kmh: 100, idle_alert_minutes: 15 }),
    },
    { id: base + 7, type: 7, companyid, settings: JSON.stringify(features) },
  );
}

const TYPE_ICON: Record<number, Icon> = { 21: "container", 57: "sensor", 77: "sensor" };
const VEHICLE_ICONS: Icon[] = ["car", "truck", "van", "ute", "bus", "trailer", "excavator"];
const NICK_PREFIX: Record<Icon, string[]> = {
  car: ["Car", "sedan", "Pool car"],
  truck: ["Truck", "Rigid", "prime mover"],
  van: ["Van", "van"],
  ute: ["Ute", "ute"],
  bus: ["Bus", "Shuttle"],
  trailer: ["Trailer", "reefer trailer"],
  excavator: ["Excavator", "loader"],
  container: ["Container", "Bin"],
  sensor: ["Sensor", "probe"],
};

function makeDevice(rng: Rng, company: Company, i: number, cGroups: Group[], cTags: Tag[]): Device {
  // The first devices of each company cover every type id of SPEC §9; the rest are mostly trucks and vans.
  // Company 2's sixth vehicle carries a live dashcam, so tenant tests have a foreign camera.
  const typeId =
    company.id === 2 && i === 5
      ? 24
      : i < ALL_DEVICE_TYPES.length
        ? ALL_DEVICE_TYPES[i]!
        : rng.chance(0.9)
          ? rng.pick(TRIP_DEVICES)
          : rng.pick([21, 57, 77]);
  const stationary = isStationaryType(typeId);
  const avatar: Icon = TYPE_ICON[typeId] ?? rng.pick(VEHICLE_ICONS);
  const imei = `3548${String(company.id).padStart(3, "0")}${String(i + 1).padStart(8, "0")}`;
  const nickname = `${rng.pick(NICK_PREFIX[avatar])} ${String(i + 1).padStart(2, "0")}`;
  const home = rng.pick(company.depots);
  const roll = rng.next();
  // Profiles: most vehicles work, some stay parked for days, a few have stopped reporting.
  const profile: Profile = roll < 0.07 ? "offline" : roll < 0.17 ? "parked" : "fleet";
  const siteNode = NODES[rng.int(0, NODES.length - 1)]!;
  const site = {
    lat: siteNode.lat + (rng.next() - 0.5) * 0.01,
    lng: siteNode.lng + (rng.next() - 0.5) * 0.01,
  };
  const hasTemperature =
    typeId === 57 ||
    (avatar === "trailer" && rng.chance(0.8)) ||
    (company.id === 129 && !stationary);
  const withFence = rng.chance(0.35);
  const fenceAt = NODES[home]!;
  const d: Device = {
    imei,
    device_type_id: typeId,
    companyid: company.id,
    model: modelFor(typeId),
    nickname,
    avatar,
    photo: `/photos/devices/${imei}.svg`,
    permdriver: !stationary && rng.chance(0.6) ? rng.pick(company.drivers) : null,
    tag_ids: cTags.filter(() => rng.chance(0.25)).map((t) => t.id),
    group_ids: cGroups.filter(() => rng.chance(0.3)).map((g) => g.id),
    geofence_gps: withFence ? `${fenceAt.lat.toFixed(6)},${fenceAt.lng.toFixed(6)}` : null,
    geofence_meters: withFence ? rng.pick([100, 250, 500, 1000]) : null,
    sim: {
      code: (company.id * 1_000_003 + i * 7919) >>> 0,
      profile,
      stationary,
      home,
      site,
      // A quarter work a late shift, a tenth nights, so something moves at any hour of the demo.
      shiftHours: rng.chance(0.1) ? 12 : rng.chance(0.28) ? 6 : 0,
      courier: false,
      // Parked vehicles never leave their spot; the rest work 5, 6 or 7 days a week.
      workdays:
        profile === "parked"
          ? 0
          : rng.chance(0.3)
            ? 0b1111111
            : rng.chance(0.5)
              ? 0b1111110
              : 0b0111110,
      baseOdometerKm: rng.int(2_000, 90_000),
      idleMinutes: rng.chance(0.2) ? rng.int(15, 45) : rng.int(1, 6),
      heartbeatPhaseMs: rng.int(0, 899) * 1000,
      offlineForMs: rng.int(26, 240) * 3600_000,
      hasTemperature,
      tempRange: hasTemperature ? (typeId === 57 ? [2, 8] : [-22, -15]) : null,
    },
  };
  // Keep company 1's first offline device predictable for tests: the poll tracker (index 18).
  if (company.id === 1 && i === 18) d.sim.profile = "offline";
  // Company 1 always has vehicles on the road, whatever the hour or weekday the demo runs at:
  // six couriers (devices 2 to 7) on shifts starting every four hours.
  const courierSlot = i - 1;
  if (company.id === 1 && !stationary && courierSlot >= 0 && courierSlot < 6) {
    Object.assign(d.sim, {
      courier: true,
      profile: "fleet",
      workdays: 0b1111111,
      shiftHours: courierSlot * 4,
      idleMinutes: 1,
    });
  }
  return d;
}

export { permissionsOf } from "./people";

export { ICONS };

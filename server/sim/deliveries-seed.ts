/**
 * The deliveries of the simulated world (api-deliveries.ts): their shape, and each day's seeded
 * deliveries on the company's moving vehicles, with ids fixed by the day (above any id a create
 * hands out) so a replayed journal finds the same ids whenever the day was first seeded.
 */
import { driverData } from "./api-drivers";
import { lastFix } from "./fixes";
import { round6 } from "./geo";
import type { Ctx } from "./kit";
import { hash } from "./prng";
import { NODES } from "./roads";
import type { Device } from "./world";

export const DELIVERY_STATUSES = [
  "planned",
  "picked_up",
  "in_transit",
  "delivered",
  "failed",
] as const;
export type Status = (typeof DELIVERY_STATUSES)[number];

/** Which status may follow which; failed may follow any open status. */
export const NEXT: Record<Status, Status[]> = {
  planned: ["picked_up", "failed"],
  picked_up: ["in_transit", "failed"],
  in_transit: ["delivered", "failed"],
  delivered: [],
  failed: [],
};

export type Place = { address: string; lat: number; lng: number };
export type Pod = {
  recipient_name: string;
  at: string;
  lat: number | null;
  lng: number | null;
  photo: string | null;
  signature: string | null;
};

export type SimDelivery = {
  id: number;
  companyid: number;
  date: string;
  reference: string;
  customer: string;
  phone: string;
  pickup: Place;
  dropoff: Place;
  window_start: string;
  window_end: string;
  items: { description: string; quantity: number }[];
  notes: string;
  imei: string | null;
  driver_id: number | null;
  status: Status;
  failed_reason: string | null;
  pod: Pod | null;
  events: { status: Status; at: string; by: string }[];
  tracking_key: string;
  refs: string[];
};

export type DeliveryState = { seq: number; days: string[]; deliveries: SimDelivery[] };

/** Queensland keeps UTC+10 all year. */
const BRISBANE_MS = 10 * 3_600_000;
export const dayOf = (ms: number) => new Date(ms + BRISBANE_MS).toISOString().slice(0, 10);
const at = (day: string, hour: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - BRISBANE_MS + hour * 3_600_000).toISOString();

/** Ids of seeded deliveries: the day's number × 100 + n, above any id a create hands out. */
const dayBase = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000) * 100;

export const PHOTO_MAX_CHARS = 760_000;
export const SIGNATURE_MAX_CHARS = 120_000;

const CUSTOMERS = [
  "Paddington Bakery",
  "Riverside Florist",
  "Kelvin Grove Pharmacy",
  "Newstead Hardware",
  "Sunnybank Dental",
  "Coorparoo Cafe",
  "Toowong Books",
  "Chermside Print",
];
const ITEMS = ["Parcel", "Carton of stock", "Document satchel", "Pallet", "Cold box"];

const place = (n: number, street: string, salt: number): Place => {
  const node = NODES[n % NODES.length]!;
  return {
    address: `${1 + (hash(n, salt) % 180)} ${street}, ${node.name} QLD`,
    lat: round6(node.lat + ((hash(n, salt + 1) % 100) - 50) / 20_000),
    lng: round6(node.lng + ((hash(n, salt + 2) % 100) - 50) / 20_000),
  };
};

function vehiclesOf(ctx: Ctx, companyid: number): Device[] {
  const list = ctx.state.world.devicesByCompany.get(companyid) ?? [];
  const rolling = list.filter((d) => !d.sim.stationary && d.sim.profile !== "offline");
  const moving = rolling.filter((d) => lastFix(ctx.state.world, d, ctx.now).state === "moving");
  const couriers = moving.filter((d) => d.sim.courier);
  const pick = [...couriers, ...moving.filter((d) => !d.sim.courier), ...rolling];
  return pick.length ? pick : list;
}

/** Company 1's fourth delivery onwards go to the demo account "driver" (third driver record). */
export function seedDay(ctx: Ctx, d: DeliveryState, day: string) {
  const base = dayBase(day);
  const drivers = driverData(ctx).drivers;
  const plan: Status[] = [
    "delivered",
    "failed",
    "in_transit",
    "planned",
    "delivered",
    "in_transit",
    "picked_up",
    "planned",
  ];
  for (const c of ctx.state.world.companies.values()) {
    if (c.id !== 1 && c.id !== 2) continue;
    const vehicles = vehiclesOf(ctx, c.id);
    const own = drivers.filter((x) => x.companyid === c.id);
    const count = c.id === 1 ? plan.length : 3;
    for (let i = 0; i < count; i++) {
      const n = c.id * 20 + i;
      const status = plan[i]!;
      const forDriver = c.id === 1 && i >= 4;
      const driver = forDriver ? own[2] : own[i % own.length];
      const vehicle = forDriver ? vehicles[0] : (vehicles[(i % 3) + 1] ?? vehicles[0]);
      const hour = 7 + i;
      const events: SimDelivery["events"] = [{ status: "planned", at: at(day, 6), by: "seed" }];
      const order: Status[] = ["picked_up", "in_transit", "delivered"];
      const reached = status === "failed" ? 1 : order.indexOf(status) + 1;
      order
        .slice(0, reached)
        .forEach((s, k) => events.push({ status: s, at: at(day, hour - 1 + k * 0.4), by: "seed" }));
      if (status === "failed") events.push({ status, at: at(day, hour), by: "seed" });
      const dropoff = place(i + c.id * 7, i % 2 ? "Station Road" : "Main Street", 11);
      d.deliveries.push({
        id: base + n,
        companyid: c.id,
        date: day,
        reference: `DL-${day.replace(/-/g, "").slice(2)}-${String(n).padStart(2, "0")}`,
        customer: CUSTOMERS[n % CUSTOMERS.length]!,
        phone: `+61 7 3${String(1000000 + (hash(n, 3) % 8999999))}`,
        pickup: place(c.id, "Depot Road", 5),
        dropoff,
        window_start: at(day, hour),
        window_end: at(day, hour + 2),
        items: [{ description: ITEMS[n % ITEMS.length]!, quantity: 1 + (n % 4) }],
        notes: i === 2 ? "Leave at reception if closed." : "",
        imei: vehicle?.imei ?? null,
        driver_id: driver?.id ?? null,
        status,
        failed_reason: status === "failed" ? "Recipient not available" : null,
        pod:
          status === "delivered"
            ? {
                recipient_name: "J. Citizen",
                at: at(day, hour + 0.5),
                lat: dropoff.lat,
                lng: dropoff.lng,
                photo: null,
                signature: null,
              }
            : null,
        events,
        tracking_key: `k${hash(base + n, 17).toString(36)}${hash(base + n, 18).toString(36)}`,
        refs: [],
      });
    }
  }
  d.days.push(day);
}

/**
 * Deliveries and courier shipments (designed for issue 26; SPEC §1 delivery management, §2.2
 * courier, §2.3 deliverymanagement). A delivery is one pickup and one drop-off with a time window,
 * items and notes, assigned to a vehicle (imei) and a driver (a driver record), and moves
 * planned → picked_up → in_transit → delivered, or to failed (with a reason) from any open status.
 * Delivering needs a proof of delivery: the recipient's name, the time and place, and optionally a
 * photo and a signature (data URLs).
 *
 * Dispatcher calls: `GET /deliveries?date=YYYY-MM-DD&status=`, `POST /deliveries`,
 * `GET|PUT|DELETE /deliveries/{id}` (only a planned delivery may be deleted; a finished one is not
 * changed). Driver calls (the caller's own shipments: the driver record with the user's email):
 * `GET /courier/shipments?date=`, `GET /courier/shipments/{id}`,
 * `POST /courier/shipments/status/{id}` `{status, reason?, pod?, ref?}` — `ref` makes a repeat of
 * the same action (a phone resending over a flaky network) answer the delivery unchanged.
 * Public: `GET /deliveries/track/{tracking_key}` (no token) answers what a recipient may see; the
 * vehicle's position only while the delivery is in transit to its drop-off.
 *
 * Each answer carries the assigned vehicle's last fix (the app works the ETA out from it).
 * Today's deliveries (the Brisbane day of the clock) are seeded on first use of a day, on the
 * company's moving vehicles, with ids fixed by the day so a replayed journal finds the same ids.
 * Another company's id is a 404; another driver's shipment is a 404 to a driver.
 */
import { driverData } from "./api-drivers";
import { fullName, type SimDriver } from "./drivers";
import { lastFix } from "./fixes";
import { round6 } from "./geo";
import { HttpError, deviceOf, obj, ok, routes, type Ctx } from "./kit";
import { idOf } from "./maintenance";
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
type Status = (typeof DELIVERY_STATUSES)[number];

/** Which status may follow which; failed may follow any open status. */
const NEXT: Record<Status, Status[]> = {
  planned: ["picked_up", "failed"],
  picked_up: ["in_transit", "failed"],
  in_transit: ["delivered", "failed"],
  delivered: [],
  failed: [],
};

type Place = { address: string; lat: number; lng: number };
type Pod = {
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
const dayOf = (ms: number) => new Date(ms + BRISBANE_MS).toISOString().slice(0, 10);
const at = (day: string, hour: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - BRISBANE_MS + hour * 3_600_000).toISOString();

/** Ids of seeded deliveries: the day's number × 100 + n, above any id a create hands out. */
const dayBase = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000) * 100;

const PHOTO_MAX_CHARS = 760_000;
const SIGNATURE_MAX_CHARS = 120_000;

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
function seedDay(ctx: Ctx, d: DeliveryState, day: string) {
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

function data(ctx: Ctx): DeliveryState {
  ctx.state.deliveries ??= { seq: 0, days: [], deliveries: [] };
  const d = ctx.state.deliveries;
  const today = dayOf(ctx.now);
  if (!d.days.includes(today)) seedDay(ctx, d, today);
  return d;
}

function vehicleFix(ctx: Ctx, imei: string | null) {
  const d = imei ? ctx.state.world.devicesByImei.get(imei) : undefined;
  if (!d) return null;
  const f = lastFix(ctx.state.world, d, ctx.now);
  return {
    imei: d.imei,
    nickname: d.nickname,
    lat: f.lat,
    lng: f.lng,
    speed: f.speed,
    reported_at: new Date(f.timestamp).toISOString(),
  };
}

function driverName(ctx: Ctx, id: number | null) {
  const r = id === null ? undefined : driverData(ctx).drivers.find((x) => x.id === id);
  return r ? fullName(r) : null;
}

function view(ctx: Ctx, x: SimDelivery) {
  const { companyid: _c, refs: _r, ...rest } = x;
  return { ...rest, driver_name: driverName(ctx, x.driver_id), vehicle: vehicleFix(ctx, x.imei) };
}

function own(ctx: Ctx): SimDelivery {
  const id = Number(idOf(ctx));
  const x = data(ctx).deliveries.find((r) => r.id === id && r.companyid === ctx.user.companyid);
  if (!x) throw new HttpError(404, "Delivery not found");
  return x;
}

/** The caller's driver record: the one with the user's email. */
function meAsDriver(ctx: Ctx): SimDriver | null {
  const email = ctx.user.email?.toLowerCase();
  if (!email) return null;
  return (
    driverData(ctx).drivers.find(
      (r) => r.companyid === ctx.user.companyid && r.email?.toLowerCase() === email,
    ) ?? null
  );
}

function shipment(ctx: Ctx): SimDelivery {
  const me = meAsDriver(ctx);
  const x = own(ctx);
  if (!me || x.driver_id !== me.id) throw new HttpError(404, "Shipment not found");
  return x;
}

function text(v: unknown, field: string, max: number, required = false): string {
  if (v !== undefined && v !== null && typeof v !== "string")
    throw new HttpError(400, `${field} must be text`);
  const t = ((v as string | undefined) ?? "").trim();
  if (required && !t) throw new HttpError(400, `${field} is required`);
  if (t.length > max) throw new HttpError(400, `${field} has at most ${max} characters`);
  return t;
}

function placeInput(v: unknown, field: string): Place {
  const p = obj(v);
  const lat = Number(p.lat);
  const lng = Number(p.lng);
  if (
    !Number.isFinite(lat) ||
    lat < -90 ||
    lat > 90 ||
    !Number.isFinite(lng) ||
    lng < -180 ||
    lng > 180
  )
    throw new HttpError(400, `${field} needs coordinates`);
  return {
    address: text(p.address, `${field}.address`, 300, true),
    lat: round6(lat),
    lng: round6(lng),
  };
}

function deliveryInput(ctx: Ctx, body: unknown) {
  const b = obj(body);
  const date = text(b.date, "date", 10, true);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date)))
    throw new HttpError(400, "date must be a date");
  const ws = Date.parse(String(b.window_start ?? ""));
  const we = Date.parse(String(b.window_end ?? ""));
  if (Number.isNaN(ws) || Number.isNaN(we))
    throw new HttpError(400, "window_start and window_end must be ISO date-times");
  if (we <= ws) throw new HttpError(400, "window_end must be after window_start");
  const raw = b.items ?? [];
  if (!Array.isArray(raw) || raw.length > 50)
    throw new HttpError(400, "items must be a list of at most 50");
  const items = raw.map((r, i) => {
    const it = obj(r);
    const q = Number(it.quantity ?? 1);
    if (!Number.isInteger(q) || q < 1 || q > 10_000)
      throw new HttpError(400, `item ${i + 1}: quantity must be a whole number from 1`);
    return {
      description: text(it.description, `item ${i + 1}: description`, 200, true),
      quantity: q,
    };
  });
  let imei: string | null = null;
  if (b.imei !== null && b.imei !== undefined && b.imei !== "") imei = deviceOf(ctx, b.imei).imei;
  let driver_id: number | null = null;
  if (b.driver_id !== null && b.driver_id !== undefined && b.driver_id !== "") {
    const id = Number(b.driver_id);
    const r = driverData(ctx).drivers.find(
      (x) => x.id === id && x.companyid === ctx.user.companyid,
    );
    if (!r) throw new HttpError(404, "Driver not found");
    driver_id = r.id;
  }
  return {
    date,
    customer: text(b.customer, "customer", 120, true),
    phone: text(b.phone, "phone", 40),
    pickup: placeInput(b.pickup, "pickup"),
    dropoff: placeInput(b.dropoff, "dropoff"),
    window_start: new Date(ws).toISOString(),
    window_end: new Date(we).toISOString(),
    items,
    notes: text(b.notes, "notes", 1000),
    imei,
    driver_id,
  };
}

function dataUrl(v: unknown, field: string, max: number): string | null {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v !== "string" || !/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/.test(v))
    throw new HttpError(400, `${field} must be a PNG, JPEG or WebP image`);
  if (v.length > max) throw new HttpError(413, `${field} is too large`);
  return v;
}

function podInput(ctx: Ctx, v: unknown): Pod {
  const p = obj(v ?? {});
  const lat = p.lat === null || p.lat === undefined || p.lat === "" ? null : Number(p.lat);
  const lng = p.lng === null || p.lng === undefined || p.lng === "" ? null : Number(p.lng);
  if ((lat !== null && !Number.isFinite(lat)) || (lng !== null && !Number.isFinite(lng)))
    throw new HttpError(400, "pod.lat and pod.lng must be numbers");
  const t = p.at ? Date.parse(String(p.at)) : ctx.now;
  if (Number.isNaN(t) || t > ctx.now + 5 * 60_000)
    throw new HttpError(400, "pod.at must be a time, not in the future");
  return {
    recipient_name: text(p.recipient_name, "pod.recipient_name", 120, true),
    at: new Date(t).toISOString(),
    lat: lat === null ? null : round6(lat),
    lng: lng === null ? null : round6(lng),
    photo: dataUrl(p.photo, "pod.photo", PHOTO_MAX_CHARS),
    signature: dataUrl(p.signature, "pod.signature", SIGNATURE_MAX_CHARS),
  };
}

function changeStatus(ctx: Ctx, x: SimDelivery, by: string) {
  const b = obj(ctx.body);
  const ref = b.ref === undefined || b.ref === null || b.ref === "" ? null : text(b.ref, "ref", 80);
  // The same action sent again (a flaky network): already done, answer as it is.
  if (ref && x.refs.includes(ref)) return ok(view(ctx, x));
  const to = b.status as Status;
  if (!DELIVERY_STATUSES.includes(to))
    throw new HttpError(400, `status must be one of ${DELIVERY_STATUSES.join(", ")}`);
  if (!NEXT[x.status].includes(to))
    throw new HttpError(
      409,
      `A delivery that is ${x.status.replace("_", " ")} cannot become ${to.replace("_", " ")}`,
    );
  if (to === "failed") x.failed_reason = text(b.reason, "reason", 300, true);
  if (to === "delivered") x.pod = podInput(ctx, b.pod);
  x.status = to;
  x.events.push({ status: to, at: new Date(ctx.now).toISOString(), by });
  if (ref) x.refs = [...x.refs.slice(-19), ref];
  return ok(view(ctx, x));
}

const byWindow = (a: SimDelivery, b: SimDelivery) =>
  a.window_start.localeCompare(b.window_start) || a.id - b.id;

function dayQuery(ctx: Ctx): string {
  const q = ctx.query.get("date");
  if (!q) return dayOf(ctx.now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(q)) throw new HttpError(400, "date must be YYYY-MM-DD");
  return q;
}

export const deliveryRoutes = routes([
  [
    "GET",
    "/deliveries/track/:id",
    (ctx) => {
      const key = idOf(ctx);
      const x = data(ctx).deliveries.find((r) => r.tracking_key === key);
      if (!x) throw new HttpError(404, "Not found");
      const v = view(ctx, x);
      return ok({
        reference: x.reference,
        customer: x.customer,
        dropoff: x.dropoff,
        window_start: x.window_start,
        window_end: x.window_end,
        status: x.status,
        failed_reason: x.failed_reason,
        pod: x.status === "delivered" ? x.pod : null,
        // Privacy: where the vehicle is, only on its last leg (to this drop-off).
        vehicle:
          x.status === "in_transit" && v.vehicle
            ? { ...v.vehicle, imei: undefined, nickname: undefined }
            : null,
        updated_at: x.events.at(-1)?.at ?? x.window_start,
      });
    },
    { auth: false },
  ],
  [
    "GET",
    "/deliveries",
    (ctx) => {
      const day = dayQuery(ctx);
      const status = ctx.query.get("status");
      return ok(
        data(ctx)
          .deliveries.filter(
            (x) =>
              x.companyid === ctx.user.companyid &&
              x.date === day &&
              (!status || x.status === status),
          )
          .sort(byWindow)
          .map((x) => view(ctx, x)),
      );
    },
  ],
  ["GET", "/deliveries/:id", (ctx) => ok(view(ctx, own(ctx)))],
  [
    "POST",
    "/deliveries",
    (ctx) => {
      const d = data(ctx);
      const input = deliveryInput(ctx, ctx.body);
      const id = ++d.seq;
      const x: SimDelivery = {
        id,
        companyid: ctx.user.companyid,
        reference: `DL-${input.date.replace(/-/g, "").slice(2)}-N${id}`,
        ...input,
        status: "planned",
        failed_reason: null,
        pod: null,
        events: [{ status: "planned", at: new Date(ctx.now).toISOString(), by: ctx.user.username }],
        tracking_key: `t${ctx.random()}`,
        refs: [],
      };
      d.deliveries.push(x);
      return ok(view(ctx, x), 201);
    },
  ],
  [
    "PUT",
    "/deliveries/:id",
    (ctx) => {
      const x = own(ctx);
      if (x.status === "delivered" || x.status === "failed")
        throw new HttpError(409, `${x.reference} is ${x.status}: it can no longer be changed`);
      return ok(view(ctx, Object.assign(x, deliveryInput(ctx, ctx.body))));
    },
  ],
  [
    "DELETE",
    "/deliveries/:id",
    (ctx) => {
      const d = data(ctx);
      const x = own(ctx);
      if (x.status !== "planned")
        throw new HttpError(
          409,
          `${x.reference} is under way or finished: only a planned delivery can be deleted`,
        );
      d.deliveries = d.deliveries.filter((r) => r.id !== x.id);
      return ok({ id: x.id });
    },
  ],
  [
    "GET",
    "/courier/shipments",
    (ctx) => {
      const day = dayQuery(ctx);
      const me = meAsDriver(ctx);
      return ok(
        data(ctx)
          .deliveries.filter(
            (x) =>
              me && x.companyid === ctx.user.companyid && x.driver_id === me.id && x.date === day,
          )
          .sort(byWindow)
          .map((x) => view(ctx, x)),
      );
    },
  ],
  ["GET", "/courier/shipments/:id", (ctx) => ok(view(ctx, shipment(ctx)))],
  [
    "POST",
    "/courier/shipments/status/:id",
    (ctx) => changeStatus(ctx, shipment(ctx), ctx.user.username),
  ],
]);

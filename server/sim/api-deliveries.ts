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
 * vehicle's position only while the delivery is in transit to its drop-off, and since when it is.
 *
 * Each answer carries the assigned vehicle's last fix (the app works the ETA out from it).
 * Today's deliveries (the Brisbane day of the clock) are seeded on first use of a day, on the
 * company's moving vehicles, with ids fixed by the day so a replayed journal finds the same ids.
 * Another company's id is a 404; another driver's shipment is a 404 to a driver.
 */
import { driverData } from "./api-drivers";
import {
  DELIVERY_STATUSES,
  NEXT,
  dayOf,
  seedDay,
  type DeliveryState,
  type SimDelivery,
  type Status,
} from "./deliveries-seed";
import { deliveryInput, podInput, text } from "./deliveries-input";
import { fullName, type SimDriver } from "./drivers";
import { lastFix } from "./fixes";
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { idOf } from "./maintenance";

export type { DeliveryState } from "./deliveries-seed";

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
    ignition: f.ignition,
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
        in_transit_since: x.events.findLast((e) => e.status === "in_transit")?.at ?? null,
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

/**
 * Delivery management (SPEC §2.3 deliverymanagement): the dispatcher's day of deliveries with
 * their live ETA, create and edit (addresses geocoded by the upstream's geocoder), assignment to a
 * vehicle and driver, proof of delivery, and the recipients' tracking links. Times are the
 * company's time zone; another company's id is a 404 (the upstream says so).
 */
import { isAllowed } from "~/lib/access";
import { dayKey, zonedLocalToUtc } from "~/lib/zoned-days";
import { listDrivers } from "~/modules/drivers/index.server";
import { listDevices, searchPlaces } from "~/modules/fleet/index.server";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import type { Upstream } from "~/services/upstream/client.server";
import { deliveryEta } from "./eta";
import { parseItems, type DeliveryForm } from "./delivery-form";
import { MANAGE_DELIVERIES, SHARE_TRACKING } from "./rules";
import { isStatus, type DeliveryStatus } from "./status";
import { trackingLinksOf } from "./tracking-links.server";
import {
  createDelivery,
  deleteDelivery,
  getDelivery,
  listDeliveries,
  updateDelivery,
  type Delivery,
  type DeliveryInput,
  type DeliveryPlace,
} from "./upstream.server";
import { formatZoned } from "~/lib/zoned-time";

const notFound = () => new Response("Not found", { status: 404 });

/** Turns the upstream's 404 into ours; everything else goes on. */
async function orNotFound<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    throw e;
  }
}

export function withEta(d: Delivery, now = Date.now()) {
  const eta = deliveryEta(d, d.vehicle, now);
  return {
    ...d,
    eta:
      eta.kind === "eta"
        ? { at: new Date(eta.at).toISOString(), km: eta.km, minutes: eta.minutes }
        : null,
    etaNote: eta.kind === "none" ? eta.reason : null,
  };
}

async function options(ctx: ModuleContext) {
  const [devices, drivers] = await Promise.all([listDevices(ctx.auth), listDrivers(ctx.auth)]);
  return {
    vehicles: devices.devices.map((d) => ({ imei: d.imei, name: d.nickname || d.imei })),
    drivers: drivers
      .filter((d) => d.active)
      .map((d) => ({ id: d.id, name: `${d.first_name} ${d.last_name}`.trim() })),
  };
}

export async function deliveriesPage(ctx: ModuleContext, url: URL) {
  const up = upstream(ctx.auth.token);
  const timeZone = await companyTimeZone(ctx.auth);
  const today = dayKey(Date.now(), timeZone);
  const asked = url.searchParams.get("date") ?? "";
  const date =
    /^\d{4}-\d{2}-\d{2}$/.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : today;
  const s = url.searchParams.get("status");
  const status: DeliveryStatus | null = isStatus(s) ? s : null;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const edit = url.searchParams.get("edit");
  const [all, opts, editing] = await Promise.all([
    listDeliveries(up, date),
    options(ctx),
    edit === null
      ? Promise.resolve(null)
      : /^\d{1,12}$/.test(edit)
        ? orNotFound(getDelivery(up, Number(edit)))
        : Promise.reject(notFound()),
  ]);
  const text = q.toLowerCase();
  const names = new Map(opts.vehicles.map((v) => [v.imei, v.name]));
  const now = Date.now();
  const rows = all
    .filter(
      (d) =>
        (!status || d.status === status) &&
        (!text ||
          [d.reference, d.customer, d.dropoff.address, d.driver_name ?? ""].some((f) =>
            f.toLowerCase().includes(text),
          )),
    )
    .map((d) => ({
      ...withEta(d, now),
      vehicleName: d.imei ? (names.get(d.imei) ?? d.imei) : null,
    }));
  return {
    date,
    today,
    status,
    q,
    total: all.length,
    rows,
    timeZone,
    editing: editing ? formValues(editing, timeZone) : null,
    ...opts,
    canManage: isAllowed(ctx.user, MANAGE_DELIVERIES),
  };
}

/** A delivery as the form's fields (the company's wall-clock times). */
export function formValues(d: Delivery, timeZone: string) {
  return {
    id: d.id,
    reference: d.reference,
    status: d.status,
    date: d.date,
    customer: d.customer,
    phone: d.phone,
    pickup_address: d.pickup.address,
    dropoff_address: d.dropoff.address,
    window_from: formatZoned(d.window_start, timeZone, "time"),
    window_to: formatZoned(d.window_end, timeZone, "time"),
    items: d.items.map((i) => `${i.quantity} x ${i.description}`).join("\n"),
    notes: d.notes,
    imei: d.imei ?? "",
    driver_id: d.driver_id,
  };
}

export async function deliveryDetail(ctx: ModuleContext, id: number) {
  const up = upstream(ctx.auth.token);
  const [d, opts, timeZone] = await Promise.all([
    orNotFound(getDelivery(up, id)),
    options(ctx),
    companyTimeZone(ctx.auth),
  ]);
  const canShare = isAllowed(ctx.user, SHARE_TRACKING);
  return {
    delivery: {
      ...withEta(d),
      vehicleName: d.imei ? (opts.vehicles.find((v) => v.imei === d.imei)?.name ?? d.imei) : null,
    },
    links: canShare ? await trackingLinksOf(ctx.companyId, d) : [],
    timeZone,
    ...opts,
    canManage: isAllowed(ctx.user, MANAGE_DELIVERIES),
    canShare,
  };
}

export type SaveResult =
  | { ok: true; delivery: Delivery }
  | { ok: false; message?: string; fieldErrors?: Record<string, string[]> };

/** The address's place by the upstream's geocoder, or null when it knows none. */
async function geocode(up: Upstream, address: string): Promise<DeliveryPlace | null> {
  const hit = (await searchPlaces(up, address, 1))[0];
  return hit ? { address, lat: hit.lat, lng: hit.lng } : null;
}

const refusal = (e: unknown): string | null =>
  isUpstreamError(e) && (e.status === 400 || e.status === 409) ? e.message : null;

export async function saveDelivery(
  ctx: ModuleContext,
  id: number | null,
  v: DeliveryForm,
): Promise<SaveResult> {
  const up = upstream(ctx.auth.token);
  const [timeZone, before] = await Promise.all([
    companyTimeZone(ctx.auth),
    id === null ? Promise.resolve(null) : orNotFound(getDelivery(up, id)),
  ]);
  // An address that did not change keeps its coordinates (the dispatcher may have placed it).
  const place = (address: string, was: DeliveryPlace | undefined) =>
    was && was.address === address ? Promise.resolve(was) : geocode(up, address);
  const [pickup, dropoff] = await Promise.all([
    place(v.pickup_address, before?.pickup),
    place(v.dropoff_address, before?.dropoff),
  ]);
  const fieldErrors: Record<string, string[]> = {};
  const unknown = "No place matches this address: try the street and suburb";
  if (!pickup) fieldErrors.pickup_address = [unknown];
  if (!dropoff) fieldErrors.dropoff_address = [unknown];
  if (!pickup || !dropoff) return { ok: false, fieldErrors };
  const input: DeliveryInput = {
    date: v.date,
    customer: v.customer,
    phone: v.phone,
    pickup,
    dropoff,
    window_start: new Date(zonedLocalToUtc(`${v.date}T${v.window_from}`, timeZone)).toISOString(),
    window_end: new Date(zonedLocalToUtc(`${v.date}T${v.window_to}`, timeZone)).toISOString(),
    items: parseItems(v.items),
    notes: v.notes,
    imei: v.imei || null,
    driver_id: v.driver_id ?? null,
  };
  try {
    const delivery =
      id === null ? await createDelivery(up, input) : await updateDelivery(up, id, input);
    return { ok: true, delivery };
  } catch (e) {
    // Another company's delivery, vehicle or driver (only a forged form names one): 404.
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    const message = refusal(e);
    if (message) return { ok: false, message };
    throw e;
  }
}

/** Assigns (or unassigns) the vehicle and driver, keeping everything else. */
export async function assignDelivery(
  ctx: ModuleContext,
  id: number,
  imei: string | null,
  driverId: number | null,
): Promise<SaveResult> {
  const up = upstream(ctx.auth.token);
  const d = await orNotFound(getDelivery(up, id));
  const { date, customer, phone, pickup, dropoff, window_start, window_end, items, notes } = d;
  const input = { date, customer, phone, pickup, dropoff, window_start, window_end, items, notes };
  try {
    return {
      ok: true,
      delivery: await updateDelivery(up, id, { ...input, imei, driver_id: driverId }),
    };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    const message = refusal(e);
    if (message) return { ok: false, message };
    throw e;
  }
}

export async function removeDelivery(ctx: ModuleContext, id: number) {
  try {
    await deleteDelivery(upstream(ctx.auth.token), id);
    return { ok: true as const };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    const message = refusal(e);
    if (message) return { ok: false as const, message };
    throw e;
  }
}

export { getDelivery, orNotFound };

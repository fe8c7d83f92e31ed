/**
 * Delivery and courier calls (designed; the simulator serves them in server/sim/api-deliveries.ts).
 * Dispatchers read and write the company's deliveries; a driver reads and moves only their own
 * shipments (`/courier/...`, the upstream matches the driver record by the user's email); a
 * recipient's page reads one delivery by its tracking key without a token.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";
import { DELIVERY_STATUSES, type DeliveryStatus } from "./status";

const placeSchema = z.object({
  address: z.string(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type DeliveryPlace = z.infer<typeof placeSchema>;

const podSchema = z.object({
  recipient_name: z.string(),
  at: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  photo: z.string().nullable(),
  signature: z.string().nullable(),
});
export type ProofOfDelivery = z.infer<typeof podSchema>;

const fixSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  speed: z.number().nonnegative(),
  ignition: z.boolean().nullable().optional(),
  reported_at: z.string(),
});
export type VehicleFix = z.infer<typeof fixSchema>;

const statusSchema = z.enum(DELIVERY_STATUSES);

export const deliverySchema = z.object({
  id: z.number().int(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  reference: z.string(),
  customer: z.string(),
  phone: z.string(),
  pickup: placeSchema,
  dropoff: placeSchema,
  window_start: z.string(),
  window_end: z.string(),
  items: z.array(z.object({ description: z.string(), quantity: z.number().int().positive() })),
  notes: z.string(),
  imei: z.string().nullable(),
  driver_id: z.number().int().nullable(),
  driver_name: z.string().nullable(),
  status: statusSchema,
  failed_reason: z.string().nullable(),
  pod: podSchema.nullable(),
  events: z.array(z.object({ status: statusSchema, at: z.string(), by: z.string() })),
  tracking_key: z.string(),
  vehicle: fixSchema.extend({ imei: z.string(), nickname: z.string() }).nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export type DeliveryInput = Pick<
  Delivery,
  | "date"
  | "customer"
  | "phone"
  | "pickup"
  | "dropoff"
  | "window_start"
  | "window_end"
  | "items"
  | "notes"
  | "imei"
  | "driver_id"
>;

export const trackedSchema = z.object({
  reference: z.string(),
  customer: z.string(),
  dropoff: placeSchema,
  window_start: z.string(),
  window_end: z.string(),
  status: statusSchema,
  failed_reason: z.string().nullable(),
  pod: podSchema.nullable(),
  vehicle: fixSchema.nullable(),
  updated_at: z.string(),
  in_transit_since: z.string().nullable().optional(),
});
export type TrackedDelivery = z.infer<typeof trackedSchema>;

export type StatusChange = {
  status: DeliveryStatus;
  reason?: string;
  pod?: Omit<ProofOfDelivery, "at"> & { at?: string };
  /** The same action sent twice (a phone's queue resending) is applied once. */
  ref?: string;
};

const D = "/deliveries";
const C = "/courier/shipments";

export const listDeliveries = async (up: Upstream, date: string, status?: DeliveryStatus) =>
  (
    await up.request({
      method: "GET",
      path: D,
      query: status ? { date, status } : { date },
      schema: z.array(deliverySchema),
      idempotent: true,
    })
  ).data;
export const getDelivery = async (up: Upstream, id: number) =>
  (
    await up.request({
      method: "GET",
      path: `${D}/${id}`,
      schema: deliverySchema,
      idempotent: true,
    })
  ).data;
export const createDelivery = async (up: Upstream, d: DeliveryInput) =>
  (await up.request({ method: "POST", path: D, body: d, schema: deliverySchema })).data;
export const updateDelivery = async (up: Upstream, id: number, d: DeliveryInput) =>
  (await up.request({ method: "PUT", path: `${D}/${id}`, body: d, schema: deliverySchema })).data;
export const deleteDelivery = async (up: Upstream, id: number) =>
  (
    await up.request({
      method: "DELETE",
      path: `${D}/${id}`,
      schema: z.object({ id: z.number().int() }),
    })
  ).data;

export const myShipments = async (up: Upstream, date: string) =>
  (
    await up.request({
      method: "GET",
      path: C,
      query: { date },
      schema: z.array(deliverySchema),
      idempotent: true,
    })
  ).data;
export const myShipment = async (up: Upstream, id: number) =>
  (
    await up.request({
      method: "GET",
      path: `${C}/${id}`,
      schema: deliverySchema,
      idempotent: true,
    })
  ).data;
export const changeShipmentStatus = async (up: Upstream, id: number, change: StatusChange) =>
  (
    await up.request({
      method: "POST",
      path: `${C}/status/${id}`,
      body: change,
      schema: deliverySchema,
    })
  ).data;

/** Anonymous: what the recipient's page may show (the upstream hides the rest). */
export const trackDelivery = async (up: Upstream, key: string) =>
  (
    await up.request({
      method: "GET",
      path: `${D}/track/${encodeURIComponent(key)}`,
      schema: trackedSchema,
      idempotent: true,
    })
  ).data;

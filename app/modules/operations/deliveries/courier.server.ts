/**
 * The courier's own view (SPEC §2.2 courier, courier/shipment/{id}): today's shipments in order and
 * one shipment with navigation, status buttons and proof of delivery. The upstream answers only the
 * caller's own shipments (the driver record with the user's email), so another driver's shipment
 * is a 404 here as there. Status changes carry a `ref` made when the page was drawn: a form the
 * phone queued offline and sends twice is applied once.
 */
import type { FileKind } from "~/lib/file-types";
import { dataUrlOf, kindOf } from "~/services/file-transfer.server";
import crypto from "node:crypto";
import { dayKey } from "~/lib/zoned-days";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { withEta } from "./deliveries.server";
import type { ShipmentStatusForm } from "./delivery-form";
import { nextStatuses } from "./status";
import { changeShipmentStatus, myShipment, myShipments } from "./upstream.server";

/** A photo as the upstream takes it (a data URL in its JSON body, which has a 1 MB limit). */
export const POD_PHOTO_MAX_BYTES = 550 * 1024;
const PHOTO_KINDS: readonly FileKind[] = ["jpeg", "png", "webp"];

export const navigationUrl = (p: { lat: number; lng: number }) =>
  `https://www.google.com/maps/dir/?api=1&destination=${p.lat},${p.lng}`;

export async function courierPage(ctx: ModuleContext) {
  const timeZone = await companyTimeZone(ctx.auth);
  const today = dayKey(Date.now(), timeZone);
  const list = await myShipments(upstream(ctx.auth.token), today);
  const now = Date.now();
  return {
    today,
    timeZone,
    userId: ctx.user.username_id,
    shipments: list.map((s) => {
      const e = withEta(s, now);
      return {
        id: s.id,
        reference: s.reference,
        customer: s.customer,
        dropoff: s.dropoff.address,
        window_start: s.window_start,
        window_end: s.window_end,
        status: s.status,
        eta: e.eta,
      };
    }),
  };
}

export async function shipmentPage(ctx: ModuleContext, id: number) {
  const up = upstream(ctx.auth.token);
  const [s, timeZone] = await Promise.all([
    myShipment(up, id).catch((e: unknown) => {
      if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
      throw e;
    }),
    companyTimeZone(ctx.auth),
  ]);
  const { tracking_key: _k, ...shown } = withEta(s);
  // The next leg's destination: the pickup until the goods are on board, then the drop-off.
  const target = s.status === "planned" ? s.pickup : s.dropoff;
  return {
    shipment: shown,
    next: nextStatuses(s.status),
    navigate: { to: target.address, href: navigationUrl(target) },
    ref: crypto.randomUUID(),
    timeZone,
    userId: ctx.user.username_id,
  };
}

export type MoveResult =
  | { ok: true; status: string }
  | { ok: false; message?: string; fieldErrors?: Record<string, string[]> };

async function photoDataUrl(file: FormDataEntryValue | null): Promise<string | null | string[]> {
  if (!file || typeof file === "string" || file.size === 0) return null;
  // The bytes say what it is: a "JPEG" that is a page is refused, whatever the browser said.
  const kind = await kindOf(file, PHOTO_KINDS);
  if (!kind) return ["The photo must be a JPEG, PNG or WebP image"];
  if (file.size > POD_PHOTO_MAX_BYTES)
    return [
      `The photo is too large (${Math.round(file.size / 1024)} KB; at most ${POD_PHOTO_MAX_BYTES / 1024} KB): take it again at a lower resolution`,
    ];
  return dataUrlOf(file, kind);
}

export async function moveShipment(
  ctx: ModuleContext,
  id: number,
  v: ShipmentStatusForm,
  photo: FormDataEntryValue | null,
): Promise<MoveResult> {
  const p = v.status === "delivered" ? await photoDataUrl(photo) : null;
  if (Array.isArray(p)) return { ok: false, fieldErrors: { photo: p } };
  const signature = /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(v.signature)
    ? v.signature
    : null;
  const at = v.at && !Number.isNaN(Date.parse(v.at)) ? new Date(v.at).toISOString() : undefined;
  try {
    await changeShipmentStatus(upstream(ctx.auth.token), id, {
      status: v.status,
      ...(v.status === "failed" ? { reason: v.reason } : {}),
      ...(v.status === "delivered"
        ? {
            pod: {
              recipient_name: v.recipient_name,
              at,
              lat: v.lat ?? null,
              lng: v.lng ?? null,
              photo: p,
              signature,
            },
          }
        : {}),
      ...(v.ref ? { ref: v.ref } : {}),
    });
    return { ok: true, status: v.status };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    if (isUpstreamError(e) && (e.status === 400 || e.status === 409 || e.status === 413))
      return { ok: false, message: e.message };
    throw e;
  }
}

/** Checks of what a delivery call sends (api-deliveries.ts): 400 with the field named. */
import { driverData } from "./api-drivers";
import { PHOTO_MAX_CHARS, SIGNATURE_MAX_CHARS, type Place, type Pod } from "./deliveries-seed";
import { round6 } from "./geo";
import { HttpError, deviceOf, obj, type Ctx } from "./kit";

export function text(v: unknown, field: string, max: number, required = false): string {
  if (v !== undefined && v !== null && typeof v !== "string")
    throw new HttpError(400, `${field} must be text`);
  const t = ((v as string | undefined) ?? "").trim();
  if (required && !t) throw new HttpError(400, `${field} is required`);
  if (t.length > max) throw new HttpError(400, `${field} has at most ${max} characters`);
  return t;
}

export function placeInput(v: unknown, field: string): Place {
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

export function deliveryInput(ctx: Ctx, body: unknown) {
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

export function dataUrl(v: unknown, field: string, max: number): string | null {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v !== "string" || !/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/.test(v))
    throw new HttpError(400, `${field} must be a PNG, JPEG or WebP image`);
  if (v.length > max) throw new HttpError(413, `${field} is too large`);
  return v;
}

export function podInput(ctx: Ctx, v: unknown): Pod {
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

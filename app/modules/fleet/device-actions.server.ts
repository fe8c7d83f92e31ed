/**
 * The device management form posts (one action, an `intent` per form): Conform + zod validation
 * with a message per field, then the upstream call and the cache update in devices.server.ts.
 */
import { z } from "zod";
import { DEVICE_ICONS } from "~/lib/device-types";
import { requireDevice } from "./devices-read.server";
import {
  changeDeviceIcon,
  deleteDeviceGeofence,
  GEOFENCE_MAX_M,
  GEOFENCE_MIN_M,
  NICKNAME_MAX,
  renameDevice,
  saveDeviceGeofence,
  setDeviceGroups,
  setDevicePermDriver,
  setDeviceTags,
} from "./devices-write.server";
import { FieldError, type Auth } from "~/services/company-context.server";
import { createShareLink, requireShareLink, revokeShareLink } from "./sharing.server";
import { SHARE_DURATIONS } from "~/services/share-links.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { logError } from "~/services/log.server";
import { notUnderstood } from "~/services/intent.server";
import { firstErrors, parseForm } from "~/lib/parse-form";

export type ActionResult = {
  intent: string;
  ok: boolean;
  message?: string;
  alert?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  confirmDelete?: boolean;
  shareId?: string;
  /** The share link whose revocation waits for a confirmation. */
  confirmFor?: string;
};

const num = (message: string) =>
  z.coerce.number({ invalid_type_error: message }).refine(Number.isFinite, message);

export const renameSchema = z.object({
  nickname: z
    .string({ required_error: "Enter a nickname." })
    .trim()
    .min(1, "Enter a nickname.")
    .max(NICKNAME_MAX, `At most ${NICKNAME_MAX} characters.`),
});
export const iconSchema = z.object({
  icon: z.enum(DEVICE_ICONS, { errorMap: () => ({ message: "Choose one of the icons." }) }),
});
export const permDriverSchema = z.object({
  permdriver: z.string().trim().max(100, "At most 100 characters.").default(""),
});
const idList = (field: string) =>
  z.array(z.string()).transform((ids, ctx) => {
    const out: number[] = [];
    for (const id of ids) {
      if (!/^\d+$/.test(id)) {
        ctx.addIssue({
          code: "custom",
          message: `Unknown ${field}: ${id}. Choose ${field}s from the list.`,
        });
        return z.NEVER;
      }
      out.push(Number(id));
    }
    return out;
  });
export const geofenceSchema = z.object({
  lat: num("Enter the centre's latitude.").pipe(
    z
      .number()
      .min(-90, "Latitude is between -90 and 90.")
      .max(90, "Latitude is between -90 and 90."),
  ),
  lng: num("Enter the centre's longitude.").pipe(
    z
      .number()
      .min(-180, "Longitude is between -180 and 180.")
      .max(180, "Longitude is between -180 and 180."),
  ),
  radius: num("Enter the radius in metres.").pipe(
    z
      .number()
      .int("Use whole metres.")
      .min(GEOFENCE_MIN_M, `Radius must be between ${GEOFENCE_MIN_M} and ${GEOFENCE_MAX_M} metres.`)
      .max(
        GEOFENCE_MAX_M,
        `Radius must be between ${GEOFENCE_MIN_M} and ${GEOFENCE_MAX_M} metres.`,
      ),
  ),
});

function values(form: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && k !== "intent") out[k] = v;
  return out;
}

export async function deviceAction(
  auth: Auth,
  userId: number,
  imei: string,
  form: FormData,
): Promise<ActionResult> {
  const intent = String(form.get("intent") ?? "");
  const fail = (errors: Record<string, string>): ActionResult => ({
    intent,
    ok: false,
    errors,
    values: values(form),
  });
  try {
    // Another company's imei is a 404 before anything else, whatever the intent (even the
    // confirmation step of a delete or an unknown intent), so no answer tells it apart.
    await requireDevice(auth, imei);
    switch (intent) {
      case "rename": {
        const r = parseForm(form, renameSchema);
        if (r.status !== "success") return fail(firstErrors(r));
        await renameDevice(auth, imei, r.value.nickname);
        return { intent, ok: true, message: "Nickname saved." };
      }
      case "icon": {
        const r = parseForm(form, iconSchema);
        if (r.status !== "success") return fail(firstErrors(r));
        await changeDeviceIcon(auth, imei, r.value.icon);
        return { intent, ok: true, message: "Icon saved." };
      }
      case "permdriver": {
        const r = parseForm(form, permDriverSchema);
        if (r.status !== "success") return fail(firstErrors(r));
        const res = await setDevicePermDriver(auth, imei, r.value.permdriver || null);
        return res.ok
          ? { intent, ok: true, message: "Permanent driver saved." }
          : { intent, ok: false, alert: res.alert };
      }
      case "tags": {
        const r = parseForm(form, z.object({ tag: idList("tag") }));
        // The checkboxes are named "tag"; their one message shows under the group ("tags").
        if (r.status !== "success") return fail({ tags: Object.values(firstErrors(r))[0]! });
        await setDeviceTags(auth, imei, r.value.tag);
        return { intent, ok: true, message: "Tags saved." };
      }
      case "groups": {
        const r = parseForm(form, z.object({ group: idList("group") }));
        if (r.status !== "success") return fail({ groups: Object.values(firstErrors(r))[0]! });
        await setDeviceGroups(auth, imei, r.value.group);
        return { intent, ok: true, message: "Groups saved." };
      }
      case "geofence": {
        const r = parseForm(form, geofenceSchema);
        if (r.status !== "success") return fail(firstErrors(r));
        await saveDeviceGeofence(auth, imei, {
          lat: r.value.lat,
          lng: r.value.lng,
          meters: r.value.radius,
        });
        return { intent, ok: true, message: "Geofence saved." };
      }
      case "geofence-delete": {
        // Destructive: the first post asks, the second (confirm=yes) deletes. Works without JavaScript.
        if (form.get("confirm") !== "yes") return { intent, ok: false, confirmDelete: true };
        await deleteDeviceGeofence(auth, imei);
        return { intent, ok: true, message: "Geofence deleted." };
      }
      case "share": {
        const minutes = Number(form.get("minutes"));
        if (!SHARE_DURATIONS.some((d) => d.minutes === minutes))
          return fail({ minutes: "Choose how long the link works." });
        const link = await createShareLink(auth, userId, imei, minutes);
        return { intent, ok: true, message: "Share link created.", shareId: link.id };
      }
      case "share-revoke": {
        // Only a link of this vehicle of the company; anything else is a 404.
        const id = String(form.get("id") ?? "");
        await requireShareLink(auth, imei, id);
        if (form.get("confirm") !== "yes") return { intent, ok: false, confirmFor: id };
        const ok = await revokeShareLink(auth, id);
        return ok
          ? { intent, ok: true, message: "Share link revoked." }
          : { intent, ok: false, message: "That link is already revoked or does not exist." };
      }
      default:
        throw notUnderstood();
    }
  } catch (e) {
    if (e instanceof Response) throw e;
    if (e instanceof FieldError) return fail({ [e.field]: e.message });
    logError("device-action", e);
    return {
      intent,
      ok: false,
      values: values(form),
      message:
        isUpstreamError(e) && e.kind === "http"
          ? e.message
          : "The tracking service did not answer. Nothing was changed; please try again.",
    };
  }
}

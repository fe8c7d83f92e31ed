/**
 * Filling in forms in the app (forms/selection, forms/fill/{formid}; complete_forms): the forms
 * this user may fill, one form's latest published version, and the answers checked against that
 * version on the server. Photos and signatures are stored first (type and size checked here and
 * upstream), so a 422 keeps them; the answers go up with the version they answered and a
 * reference of the browser's, so an answer queued offline and sent twice is stored once.
 */
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { iotDevices, isUpstreamError } from "~/services/upstream/index.server";
import { checkAnswers, postedOf, UPLOAD_ID } from "./fields/answers";
import { toField, type Field } from "./fields/model";
import { getForm, listAllForms, submitForm, uploadFile } from "./upstream.server";

export const UPLOAD_MAX_BYTES = 700 * 1024;
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const UPLOAD_TOO_LARGE = "The picture is too large: at most 700 KB.";
export const UPLOAD_WRONG_TYPE = "Please use a JPEG, PNG or WebP picture.";

export type FillableForm = { id: number; title: string; description: string; version: number };

export async function selectionPage(ctx: ModuleContext): Promise<{ forms: FillableForm[] }> {
  const forms = await listAllForms(upstream(ctx.auth.token), "fillable");
  return {
    forms: forms
      .filter((f) => f.version != null)
      .map((f) => ({
        id: f.id,
        title: f.title,
        description: f.description ?? "",
        version: f.version!,
      })),
  };
}

export type Vehicle = { imei: string; name: string };

async function vehiclesOf(ctx: ModuleContext, fields: Field[]): Promise<Vehicle[]> {
  const needed = fields.some(
    (f) => f.type === "vehicle" || f.fields?.some((c) => c.type === "vehicle"),
  );
  if (!needed) return [];
  const devices = await iotDevices(upstream(ctx.auth.token));
  return devices
    .map((d) => ({ imei: String(d.imei), name: d.nickname || String(d.imei) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export type FillForm = {
  id: number;
  title: string;
  description: string;
  version: number;
  fields: Field[];
  vehicles: Vehicle[];
  userId: number;
};

/** The form at its latest published version, if this user may fill it (404 otherwise). */
export async function fillPage(ctx: ModuleContext, formId: number): Promise<FillForm> {
  const fillable = await listAllForms(upstream(ctx.auth.token), "fillable");
  if (!fillable.some((f) => f.id === formId)) throw new Response("Form not found", { status: 404 });
  const detail = await getForm(upstream(ctx.auth.token), formId);
  const v = detail.published.at(-1);
  if (!v) throw new Response("Form not found", { status: 404 });
  const fields = v.fields.map(toField);
  return {
    id: detail.id,
    title: v.title,
    description: v.description ?? "",
    version: v.version,
    fields,
    vehicles: await vehiclesOf(ctx, fields),
    userId: ctx.user.username_id,
  };
}

const MAGIC: Record<(typeof UPLOAD_TYPES)[number], (b: Uint8Array) => boolean> = {
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8,
  "image/png": (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47,
  "image/webp": (b) =>
    String.fromCharCode(...b.slice(0, 4)) === "RIFF" &&
    String.fromCharCode(...b.slice(8, 12)) === "WEBP",
};

/** The image's type by its first bytes, if it is one of the allowed types. */
export function imageType(bytes: Uint8Array): (typeof UPLOAD_TYPES)[number] | null {
  return UPLOAD_TYPES.find((t) => MAGIC[t](bytes)) ?? null;
}

/** Why a picture cannot be kept, or null. */
export function uploadProblem(bytes: Uint8Array): string | null {
  if (!imageType(bytes)) return UPLOAD_WRONG_TYPE;
  if (bytes.length > UPLOAD_MAX_BYTES) return UPLOAD_TOO_LARGE;
  return null;
}

export function dataUrlBytes(s: string): Uint8Array | null {
  const m = /^data:image\/(png|jpeg|webp);base64,([A-Za-z0-9+/=]+)$/.exec(s);
  return m ? Uint8Array.from(Buffer.from(m[2]!, "base64")) : null;
}

export type FillResult =
  | { ok: true; id: string; title: string }
  | { ok: false; errors: Record<string, string>; values: [string, string][]; message?: string };

/**
 * Stores the posted pictures (a photo input `a.<id>.file`, a signature `a.<id>.data`) and puts
 * their upload ids in the answers' inputs; a picture that is not allowed gets a message.
 */
async function storePictures(
  ctx: ModuleContext,
  form: FormData,
  errors: Record<string, string>,
): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for (const [name, value] of form.entries()) {
    if (name.endsWith(".file") && typeof value !== "string") {
      if (value.size === 0) continue;
      const field = name.slice(0, -".file".length);
      const bytes = new Uint8Array(await value.arrayBuffer());
      const problem = uploadProblem(bytes);
      if (problem) {
        errors[field] = problem;
        continue;
      }
      const up = await uploadFile(upstream(ctx.auth.token), {
        content_type: imageType(bytes)!,
        bytes,
      });
      out.push([field, up.id]);
    } else if (name.endsWith(".data") && typeof value === "string" && value) {
      const field = name.slice(0, -".data".length);
      const bytes = dataUrlBytes(value);
      const problem = bytes ? uploadProblem(bytes) : UPLOAD_WRONG_TYPE;
      if (problem) {
        errors[field] = problem;
        continue;
      }
      const up = await uploadFile(upstream(ctx.auth.token), {
        content_type: imageType(bytes!)!,
        bytes: bytes!,
      });
      out.push([field, up.id]);
    }
  }
  return out;
}

export async function submitFill(
  ctx: ModuleContext,
  formId: number,
  form: FormData,
  now = new Date(),
): Promise<FillResult> {
  const page = await fillPage(ctx, formId);
  // A phone that was offline may send answers to the version it showed, if that one still exists.
  const postedVersion = Number(form.get("version"));
  let fields = page.fields;
  let version = page.version;
  if (Number.isInteger(postedVersion) && postedVersion !== page.version) {
    const older = (await getForm(upstream(ctx.auth.token), formId)).published.find(
      (v) => v.version === postedVersion,
    );
    if (older) {
      fields = older.fields.map(toField);
      version = older.version;
    }
  }
  const errors: Record<string, string> = {};
  const pictures = await storePictures(ctx, form, errors);
  const replaced = new Set(pictures.map(([k]) => k));
  const entries: [string, string][] = [
    ...[...form.entries()]
      .filter(
        (e): e is [string, string] =>
          typeof e[1] === "string" && !e[0].endsWith(".data") && !replaced.has(e[0]),
      )
      .map(([k, v]) => [k, v] as [string, string]),
    ...pictures,
  ];
  const checked = checkAnswers(fields, postedOf(entries), {
    vehicles: page.vehicles.length ? page.vehicles.map((v) => v.imei) : undefined,
  });
  const allErrors = { ...checked.errors, ...errors };
  const values = entries.filter(([k]) => k.startsWith("a.") || k.startsWith("n."));
  if (Object.keys(allErrors).length) return { ok: false, errors: allErrors, values };
  const reference = String(form.get("reference") ?? "");
  try {
    const sent = await submitForm(upstream(ctx.auth.token), {
      form_id: formId,
      version,
      answers: checked.answers,
      submitted_at: now.toISOString(),
      ...(/^[A-Za-z0-9_-]{8,100}$/.test(reference) ? { reference } : {}),
    });
    return { ok: true, id: sent.id, title: page.title };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 400)
      return { ok: false, errors: {}, values, message: `The answers were refused: ${e.message}` };
    throw e;
  }
}

export { UPLOAD_ID };

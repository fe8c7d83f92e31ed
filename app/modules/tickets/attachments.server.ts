/**
 * Ticket attachments: a JPEG, PNG, WebP picture or a PDF of at most 700 KB (the forms module's
 * limit: the upstream takes bodies of 1 MB, base64 included), checked here by its first bytes
 * rather than the name or the browser's word; downloaded through our server for the company's own
 * people only (another company's attachment is a 404 upstream).
 */
import { FILE_KINDS, nameForKind, sniffKindIn, type FileKind } from "~/lib/file-types";
import { fileNameWithin } from "~/lib/input";
import { upstream } from "~/services/api.server";
import type { ModuleContext } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { getAttachment, getTicket, uploadAttachment, type Ticket } from "./upstream.server";

export const ATTACHMENT_MAX_BYTES = 700 * 1024;
export const ATTACHMENT_TOO_LARGE = "The file is too large: at most 700 KB.";
export const ATTACHMENT_WRONG_TYPE = "Attach a JPEG, PNG or WebP picture or a PDF.";
export const ATTACHMENT_MISSING = "Choose a file to attach.";

type AttachmentType = "image/jpeg" | "image/png" | "image/webp" | "application/pdf";

const ATTACHMENT_KINDS: readonly FileKind[] = ["jpeg", "png", "webp", "pdf"];

/** The file's type by its first bytes, if it is one we take. */
export function attachmentType(b: Uint8Array): AttachmentType | null {
  const kind = sniffKindIn(b, ATTACHMENT_KINDS);
  return kind ? (FILE_KINDS[kind].mime as AttachmentType) : null;
}

/** Why a file cannot be attached, or null. */
export function attachmentProblem(bytes: Uint8Array): string | null {
  if (bytes.length === 0) return ATTACHMENT_MISSING;
  if (!attachmentType(bytes)) return ATTACHMENT_WRONG_TYPE;
  if (bytes.length > ATTACHMENT_MAX_BYTES) return ATTACHMENT_TOO_LARGE;
  return null;
}

/**
 * A name safe to keep and to send back in a header: no paths, no control or bidirectional
 * characters, no quotes, and an extension that says what the bytes are (`x.html` of a JPEG is
 * `x.jpg`).
 */
export function cleanName(name: string, type: AttachmentType): string {
  const kind = ATTACHMENT_KINDS.find((k) => FILE_KINDS[k].mime === type)!;
  const clean = (s: string) => fileNameWithin(s, 120, (x) => x.replace(/["\p{Cc}]/gu, ""));
  const base = clean(name);
  if (!base) return type === "application/pdf" ? "attachment.pdf" : `picture.${type.slice(6)}`;
  return clean(nameForKind(base, kind));
}

export async function attachFile(
  ctx: ModuleContext,
  ticketId: number,
  file: FormDataEntryValue | null,
): Promise<{ ok: true; ticket: Ticket; name: string } | { ok: false; message: string }> {
  const up = upstream(ctx.auth.token);
  // Another company's ticket is a 404 whatever was sent with it.
  await getTicket(up, ticketId).catch((e) => {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    throw e;
  });
  if (!file || typeof file === "string" || file.size === 0)
    return { ok: false, message: ATTACHMENT_MISSING };
  // Past the limit the type is not worth reading.
  if (file.size > ATTACHMENT_MAX_BYTES) return { ok: false, message: ATTACHMENT_TOO_LARGE };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const problem = attachmentProblem(bytes);
  if (problem) return { ok: false, message: problem };
  const type = attachmentType(bytes)!;
  const name = cleanName(file.name, type);
  try {
    const ticket = await uploadAttachment(up, ticketId, {
      name,
      content_type: type,
      bytes,
    });
    return { ok: true, ticket, name };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    if (isUpstreamError(e) && [400, 409, 413, 415].includes(e.status))
      return { ok: false, message: e.message };
    throw e;
  }
}

/** One attachment's bytes for the download route (404 when it is not the company's). */
export async function attachmentFile(ctx: ModuleContext, idText: string) {
  if (!/^\d{1,12}$/.test(idText)) throw new Response("Not found", { status: 404 });
  try {
    return await getAttachment(upstream(ctx.auth.token), Number(idText));
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    throw e;
  }
}

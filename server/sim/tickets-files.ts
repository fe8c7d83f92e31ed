/**
 * Ticket attachments (designed): `POST /tickets/attachments/:ticketId` {name, content_type, data
 * (base64)} adds a JPEG, PNG, WebP or PDF of at most 700 KiB (the HTTP layer takes 1 MB bodies) and
 * answers the ticket; `GET /tickets/attachments/:id` answers one attachment with its bytes. The
 * ticket lists its attachments without their bytes. Another company's ticket or attachment is a 404.
 */
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { idOf } from "./maintenance";
import { data, type SimAttachment } from "./tickets-data";
import { ownTicket, text, ticketView } from "./tickets-input";

export const ATTACHMENT_MAX_BYTES = 700 * 1024;
export const ATTACHMENT_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"];
const MAX_PER_TICKET = 20;

/** The file's first bytes must say what its content type says. */
function looksLike(type: string, b: Buffer): boolean {
  if (type === "image/jpeg") return b[0] === 0xff && b[1] === 0xd8;
  if (type === "image/png") return b.subarray(0, 4).toString("latin1") === "\x89PNG";
  if (type === "image/webp")
    return (
      b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString() === "WEBP"
    );
  return b.subarray(0, 5).toString("latin1") === "%PDF-";
}

function attach(ctx: Ctx) {
  const t = ownTicket(ctx, idOf(ctx));
  const b = obj(ctx.body);
  const name = text(b.name, "name", 120);
  if (typeof b.content_type !== "string" || !ATTACHMENT_TYPES.includes(b.content_type))
    throw new HttpError(415, `content_type must be one of: ${ATTACHMENT_TYPES.join(", ")}`);
  if (typeof b.data !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(b.data))
    throw new HttpError(400, "data must be base64");
  const bytes = Buffer.from(b.data, "base64");
  if (bytes.length === 0) throw new HttpError(400, "data is empty");
  if (bytes.length > ATTACHMENT_MAX_BYTES)
    throw new HttpError(413, `an attachment may be at most ${ATTACHMENT_MAX_BYTES} bytes`);
  if (!looksLike(b.content_type, bytes))
    throw new HttpError(415, `data is not a ${b.content_type} file`);
  t.attachments ??= [];
  if (t.attachments.length >= MAX_PER_TICKET)
    throw new HttpError(409, `A ticket has at most ${MAX_PER_TICKET} attachments`);
  const d = data(ctx);
  const a: SimAttachment = {
    id: ++d.seq,
    name,
    content_type: b.content_type,
    size: bytes.length,
    by: ctx.user.username_id,
    at: ctx.now,
    data: b.data,
  };
  t.attachments.push(a);
  t.history.push({ at: ctx.now, by: ctx.user.username_id, what: `Attached ${name}` });
  return ok(ticketView(t), 201);
}

function attachment(ctx: Ctx) {
  const id = Number(idOf(ctx));
  for (const t of data(ctx).tickets) {
    if (t.companyid !== ctx.user.companyid) continue;
    const a = t.attachments?.find((x) => x.id === id);
    if (a) return ok({ ...a, ticket_id: t.id });
  }
  throw new HttpError(404, "Attachment not found");
}

export const ticketFileRoutes = routes([
  ["POST", "/tickets/attachments/:id", attach],
  ["GET", "/tickets/attachments/:id", attachment],
]);

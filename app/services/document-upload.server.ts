/**
 * One uploaded document (multipart field `document`) handed to an upstream: the type read from the
 * file's first bytes (PDF, JPEG or PNG, never the name or what the browser said), refused past
 * DOCUMENT_MAX_BYTES before the upstream is called. Shared by document owners (jobsites; the
 * supplier documents follow the same rules). The body gate lets these routes send up to that limit
 * (UPLOAD_ROUTES in request-bodies.server.ts).
 */
import { DOCUMENT_MAX_BYTES, type DocumentType, type UploadRefusal } from "~/lib/documents";
import { cleanFileName } from "~/lib/input";
import { contentDisposition, headOf, postedFiles } from "~/services/file-transfer.server";
import { isUpstreamError } from "~/services/upstream/errors";

const ascii = (b: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...b.subarray(from, to));

/** A document's type by its first bytes (its signature), or null when not PDF, JPEG or PNG. */
export function documentTypeOf(head: Uint8Array): DocumentType | null {
  if (ascii(head, 0, 5) === "%PDF-") return "application/pdf";
  if (head[0] === 0x89 && ascii(head, 1, 4) === "PNG") return "image/png";
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  return null;
}

/** A document's name as stored and listed: no path, no control characters, no quotes. */
export const cleanDocumentName = (name: string) => cleanFileName(name, "document");

export type UploadOutcome<T> =
  | { ok: true; saved: T }
  | { ok: false; code: UploadRefusal }
  | { ok: false; code: "upstream"; message: string };

/**
 * Reads the request's one document and hands it to `send` (the upstream call) as a stream.
 * An upstream 404 is rethrown as a 404 response; its 400/413 come back as `upstream` refusals.
 */
export async function receiveDocument<T>(
  request: Request,
  send: (
    file: { name: string; type: DocumentType },
    body: ReadableStream<Uint8Array>,
    signal: AbortSignal,
  ) => Promise<T>,
): Promise<UploadOutcome<T>> {
  try {
    const files = await postedFiles(request, "document");
    if (files.length === 0) return { ok: false, code: "missing" };
    if (files.length > 1) return { ok: false, code: "many" };
    const file = files[0]!;
    if (file.size === 0) return { ok: false, code: "empty" };
    const type = documentTypeOf(await headOf(file));
    if (!type) return { ok: false, code: "type" };
    if (file.size > DOCUMENT_MAX_BYTES) return { ok: false, code: "size" };
    const name = cleanDocumentName(file.name);
    const saved = await send({ name, type }, file.stream(), request.signal);
    return { ok: true, saved };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    if (isUpstreamError(e) && e.status === 413) return { ok: false, code: "size" };
    if (isUpstreamError(e) && e.status === 400)
      return { ok: false, code: "upstream", message: e.message };
    throw e;
  }
}

/** A stored document's bytes as a download: never shown inline, never sniffed, never cached. */
export const documentDownload = (
  body: BodyInit | null,
  doc: { name: string; content_type: string },
) =>
  new Response(body, {
    headers: {
      "Content-Type": doc.content_type,
      "Content-Disposition": contentDisposition(doc.name),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });

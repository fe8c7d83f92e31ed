/**
 * One uploaded document (multipart field `document`) handed to an upstream: the type read from the
 * file's first bytes (PDF, JPEG or PNG, never the name or what the browser said), refused past
 * DOCUMENT_MAX_BYTES before the upstream is called. Shared by document owners (jobsites; the
 * supplier documents follow the same rules). The body gate lets these routes send up to that limit
 * (UPLOAD_ROUTES in request-bodies.server.ts).
 */
import { DOCUMENT_MAX_BYTES, type DocumentType, type UploadRefusal } from "~/lib/documents";
import { cleanFileName } from "~/lib/input";
import type { FileKind } from "~/lib/file-types";
import { contentDisposition, postedFiles, sniffedFile } from "~/services/file-transfer.server";
import { isUpstreamError } from "~/services/upstream/errors";

const DOCUMENT_KINDS: readonly FileKind[] = ["pdf", "jpeg", "png"];

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
    // The name's extension follows the bytes: a PDF posted as `evil".html` is kept as `evil_.pdf`.
    const sniffed = await sniffedFile(file, DOCUMENT_KINDS, cleanDocumentName);
    if (!sniffed) return { ok: false, code: "type" };
    if (file.size > DOCUMENT_MAX_BYTES) return { ok: false, code: "size" };
    const { name, mime } = sniffed;
    const type = mime as DocumentType;
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

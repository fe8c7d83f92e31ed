/**
 * One uploaded document (multipart field `document`) streamed to an upstream as it arrives: the
 * type read from the file's first bytes (PDF, JPEG or PNG, never the name or what the browser
 * said), counted past DOCUMENT_MAX_BYTES (the upstream request is aborted and keeps nothing).
 * Shared by document owners (jobsites; the supplier documents follow the same rules).
 */
import { unstable_parseMultipartFormData } from "@remix-run/node";
import { DOCUMENT_MAX_BYTES, type DocumentType, type UploadRefusal } from "~/lib/documents";
import { isUpstreamError } from "~/services/upstream/errors";
import { limitedBody } from "~/services/upstream/streams.server";

const ascii = (b: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...b.subarray(from, to));

/** A document's type by its first bytes (its signature), or null when not PDF, JPEG or PNG. */
export function documentTypeOf(head: Uint8Array): DocumentType | null {
  if (ascii(head, 0, 5) === "%PDF-") return "application/pdf";
  if (head[0] === 0x89 && ascii(head, 1, 4) === "PNG") return "image/png";
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  return null;
}

/** A file name safe for a header and a list: no paths, no quotes, at most 200 characters. */
export const cleanDocumentName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? "")
    .replace(/["\r\n\t]/g, "_")
    .trim()
    .slice(0, 200) || "document";

class Refused extends Error {
  constructor(readonly code: UploadRefusal) {
    super(code);
  }
}

export type UploadOutcome<T> =
  | { ok: true; saved: T }
  | { ok: false; code: UploadRefusal }
  | { ok: false; code: "upstream"; message: string };

/**
 * Reads the request's one document and hands it to `send` (the upstream call) as a counted stream.
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
  let saved: { v: T } | null = null;
  try {
    await unstable_parseMultipartFormData(request, async (part) => {
      if (part.name !== "document" || !part.filename) {
        for await (const _ of part.data) void _;
        return undefined;
      }
      if (saved) throw new Refused("many");
      const it = part.data[Symbol.asyncIterator]();
      let head = new Uint8Array(0);
      while (head.length < 8) {
        const { value, done } = await it.next();
        if (done) break;
        head = new Uint8Array([...head, ...value]);
      }
      if (head.length === 0) throw new Refused("empty");
      const type = documentTypeOf(head);
      if (!type) throw new Refused("type");
      const { body, signal } = limitedBody(
        { [Symbol.asyncIterator]: () => it },
        DOCUMENT_MAX_BYTES,
        () => new Refused("size"),
        head,
      );
      saved = { v: await send({ name: cleanDocumentName(part.filename), type }, body, signal) };
      return undefined;
    });
  } catch (e) {
    if (e instanceof Refused) return { ok: false, code: e.code };
    if (isUpstreamError(e) && e.status === 404) throw new Response("Not found", { status: 404 });
    if (isUpstreamError(e) && e.status === 413) return { ok: false, code: "size" };
    if (isUpstreamError(e) && e.status === 400)
      return { ok: false, code: "upstream", message: e.message };
    throw e;
  }
  if (!saved) return { ok: false, code: "missing" };
  return { ok: true, saved: (saved as { v: T }).v };
}

/** A stored document's bytes as a download: never shown inline, never sniffed, never cached. */
export const documentDownload = (
  body: BodyInit | null,
  doc: { name: string; content_type: string },
) =>
  new Response(body, {
    headers: {
      "Content-Type": doc.content_type,
      "Content-Disposition": `attachment; filename="${cleanDocumentName(doc.name)}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });

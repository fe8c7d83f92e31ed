/**
 * Wiki files: uploads streamed from the multipart body to the upstream with a size limit and a type
 * allow-list (nothing kept past the limit), and downloads streamed back after the rights check, as
 * attachments unless an image or a PDF.
 */
import { unstable_parseMultipartFormData } from "@remix-run/node";
import type { ModuleContext } from "~/services/guard.server";
import { upstream } from "~/services/api.server";
import { logInfo } from "~/services/log.server";
import { redirectWithToast } from "~/services/toast.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { limitedBody } from "~/services/upstream/streams.server";
import { fileTypeOf, formatBytes, isPreviewable, sanitiseFileName } from "./rules";
import { notFound, requireInsightTag } from "./tags.server";
import * as iup from "./upstream.server";
import { forbidden, wikiPath } from "./wiki-kit.server";
import { rightsOf, uploadLimit } from "./wiki.server";

class UploadRefused extends Error {}

/**
 * POST /dashboard/insight-tags/:uuid/wiki/upload?folder=ID (multipart, field `file`): the file
 * goes to the upstream as it arrives, counted; past the limit the upstream request is aborted (it
 * keeps nothing) and the user is told. The name is sanitised and its extension must be allowed;
 * the type stored is the allow-list's, never what the browser said.
 */
export async function uploadAction(ctx: ModuleContext, raw: string, request: Request) {
  const tag = await requireInsightTag(ctx, raw);
  const url = new URL(request.url);
  const folderId = Number(url.searchParams.get("folder"));
  const up = upstream(ctx.auth.token);
  const tree = await iup.wiki(up, tag.uuid);
  const folder = tree.folders.find((f) => f.id === folderId);
  if (!folder) throw notFound();
  if (!(await rightsOf(ctx)).wiki_upload) throw forbidden();
  const back = wikiPath(tag.uuid, { folder: folder.id });
  const limit = uploadLimit();
  const refuse = (message: string) =>
    redirectWithToast(back, { type: "error", title: "Upload refused", description: message });

  let saved: iup.UpstreamWikiFile | null = null;
  try {
    await unstable_parseMultipartFormData(request, async (part) => {
      if (part.name !== "file" || !part.filename) {
        // Small text fields are not needed; drain them.
        for await (const _ of part.data) void _;
        return undefined;
      }
      if (saved) throw new UploadRefused("Send one file at a time.");
      const name = sanitiseFileName(part.filename);
      const type = name ? fileTypeOf(name) : null;
      if (!type)
        throw new UploadRefused(
          "That type of file is not allowed: PDF, images (PNG, JPEG, GIF, WebP), text, CSV, Word, Excel, OpenDocument or ZIP.",
        );
      if (
        tree.files.some(
          (f) => f.folder_id === folder.id && f.name.toLowerCase() === name.toLowerCase(),
        )
      )
        throw new UploadRefused(`A file named ${name} is already in this folder.`);
      const { body, signal } = limitedBody(
        part.data,
        limit,
        () => new UploadRefused(`The file is larger than the limit of ${formatBytes(limit)}.`),
      );
      saved = await iup.uploadFile(
        up,
        { folderId: folder.id, name, contentType: type },
        body,
        signal,
      );
      return saved.name;
    });
  } catch (e) {
    if (e instanceof UploadRefused) return refuse(e.message);
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    if (isUpstreamError(e) && (e.status === 400 || e.status === 413)) return refuse(e.message);
    throw e;
  }
  if (!saved) return refuse("Choose a file to upload.");
  const file = saved as iup.UpstreamWikiFile;
  logInfo(
    "insight-tags",
    `user=${ctx.user.username} uploaded file=${file.id} size=${file.size} tag=${tag.uuid}`,
  );
  return redirectWithToast(back, { type: "success", description: `${file.name} uploaded.` });
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
function disposition(kind: "inline" | "attachment", name: string) {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** GET /dashboard/insight-tags/:uuid/wiki/files/:id: the file, after checking it is in this tag's wiki. */
export async function downloadAction(ctx: ModuleContext, raw: string, rawId: string, url: URL) {
  const tag = await requireInsightTag(ctx, raw);
  const up = upstream(ctx.auth.token);
  const id = Number(rawId);
  const file = (await iup.wiki(up, tag.uuid)).files.find((f) => f.id === id);
  if (!file) throw notFound();
  const type = fileTypeOf(file.name) ?? "application/octet-stream";
  const res = await iup.downloadFile(up, file.id).catch((e: unknown) => {
    if (isUpstreamError(e) && (e.status === 404 || e.status === 410)) throw notFound();
    throw e;
  });
  const inline = isPreviewable(type) && url.searchParams.get("download") !== "1";
  return new Response(res.body, {
    headers: {
      "Content-Type": type,
      "Content-Length": String(file.size),
      "Content-Disposition": disposition(inline ? "inline" : "attachment", file.name),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy":
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}

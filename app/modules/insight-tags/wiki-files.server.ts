/**
 * Wiki files: uploads streamed from the multipart body to the upstream with a size limit and a type
 * allow-list (nothing kept past the limit), and downloads streamed back after the rights check, as
 * attachments unless an image or a PDF.
 */
import type { ModuleContext } from "~/services/guard.server";
import { upstream } from "~/services/api.server";
import type { FileKind } from "~/lib/file-types";
import { contentDisposition, postedFiles, sniffedFile } from "~/services/file-transfer.server";
import { logInfo } from "~/services/log.server";
import { redirectWithToast } from "~/services/toast.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import { fileTypeOf, formatBytes, isPreviewable, sanitiseFileName } from "./rules";
import { notFound, requireInsightTag } from "./tags.server";
import * as iup from "./upstream.server";
import { forbidden, wikiPath } from "./wiki-kit.server";
import { rightsOf, uploadLimit } from "./wiki.server";

/** What the wiki takes (WIKI_FILE_TYPES by extension), told by the bytes. */
const WIKI_KINDS: readonly FileKind[] = ["pdf", "jpeg", "png", "gif", "webp", "zip", "text"];

/**
 * POST /dashboard/insight-tags/:uuid/wiki/upload?folder=ID (multipart, field `file`): the file
 * goes to the upstream once it is known to be within the limit; past it the user is told. The
 * name is sanitised, its contents must be of a type the wiki takes, and its extension is made to
 * say that type; the type stored is the allow-list's, never what the browser said.
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

  let file: iup.UpstreamWikiFile;
  try {
    const files = await postedFiles(request, "file");
    if (files.length === 0) return refuse("Choose a file to upload.");
    if (files.length > 1) return refuse("Send one file at a time.");
    const posted = files[0]!;
    // A name of a type the wiki takes, and bytes of one: the extension is then made to say what
    // the bytes are (a page sent as `invoice.pdf` is kept as `invoice.txt`), never the name alone.
    const asNamed = sanitiseFileName(posted.name);
    const sniffed = asNamed ? await sniffedFile(posted, WIKI_KINDS, sanitiseFileName) : null;
    const name = sniffed && fileTypeOf(asNamed) ? sniffed.name : "";
    const type = name ? fileTypeOf(name) : null;
    if (!type)
      return refuse(
        "That type of file is not allowed: PDF, images (PNG, JPEG, GIF, WebP), text, CSV, Word, Excel, OpenDocument or ZIP.",
      );
    if (
      tree.files.some(
        (f) => f.folder_id === folder.id && f.name.toLowerCase() === name.toLowerCase(),
      )
    )
      return refuse(`A file named ${name} is already in this folder.`);
    if (posted.size > limit)
      return refuse(`The file is larger than the limit of ${formatBytes(limit)}.`);
    file = await iup.uploadFile(
      up,
      { folderId: folder.id, name, contentType: type },
      posted.stream(),
      request.signal,
    );
  } catch (e) {
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    if (isUpstreamError(e) && (e.status === 400 || e.status === 413)) return refuse(e.message);
    throw e;
  }
  logInfo(
    "insight-tags",
    `user=${ctx.user.username} uploaded file=${file.id} size=${file.size} tag=${tag.uuid}`,
  );
  return redirectWithToast(back, { type: "success", description: `${file.name} uploaded.` });
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
      "Content-Disposition": contentDisposition(file.name, inline ? "inline" : "attachment"),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy":
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    },
  });
}

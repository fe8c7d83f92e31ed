/**
 * A tag's wiki (/dashboard/insight-tags/:uuid/wiki): categories → folders → files, breadcrumbs,
 * and the forms, each allowed only by its wiki permission (SPEC §3 defaults when the upstream has
 * no explicit setting for the user; 403 otherwise). Uploads are streamed from the multipart body
 * to the upstream with a size limit and a type allow-list; downloads are streamed back after the
 * rights check, as attachments unless an image or a PDF.
 */
import { json, unstable_parseMultipartFormData } from "@remix-run/node";
import { firstErrors, parseForm } from "~/lib/parse-form";
import type { ModuleContext } from "~/services/guard.server";
import { upstream } from "~/services/api.server";
import { getEnv } from "~/services/env.server";
import { switchIntent } from "~/services/intent.server";
import { logInfo } from "~/services/log.server";
import { redirectWithToast } from "~/services/toast.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import {
  WIKI_INTENT_PERMISSION,
  fileTypeOf,
  formatBytes,
  isPreviewable,
  mayWiki,
  sanitiseFileName,
  wikiRights,
  type WikiRights,
} from "./rules";
import { nameSchema } from "./schemas";
import { notFound, requireInsightTag } from "./tags.server";
import * as iup from "./upstream.server";

const forbidden = () => new Response("Forbidden", { status: 403 });

export async function rightsOf(ctx: ModuleContext): Promise<WikiRights> {
  return wikiRights(await iup.myWikiPermissions(upstream(ctx.auth.token)));
}

/** The upload size limit in bytes (WIKI_UPLOAD_MAX_BYTES, default 25 MB). */
export const uploadLimit = () => getEnv().WIKI_UPLOAD_MAX_BYTES;

const wikiPath = (uuid: string, q: { category?: number; folder?: number } = {}) => {
  const p = new URLSearchParams();
  if (q.category) p.set("category", String(q.category));
  if (q.folder) p.set("folder", String(q.folder));
  const s = p.toString();
  return `/dashboard/insight-tags/${uuid}/wiki${s ? `?${s}` : ""}`;
};

export async function wikiPage(ctx: ModuleContext, raw: string, url: URL) {
  const tag = await requireInsightTag(ctx, raw);
  const up = upstream(ctx.auth.token);
  const [tree, rights] = await Promise.all([iup.wiki(up, tag.uuid), rightsOf(ctx)]);
  const folderId = Number(url.searchParams.get("folder")) || null;
  const folder = folderId ? (tree.folders.find((f) => f.id === folderId) ?? null) : null;
  if (folderId && !folder) throw notFound();
  const categoryId = folder?.category_id ?? (Number(url.searchParams.get("category")) || null);
  const category = categoryId ? (tree.categories.find((c) => c.id === categoryId) ?? null) : null;
  if (categoryId && !category) throw notFound();
  const crumbs = [
    { title: tag.name, href: `/dashboard/insight-tag/${tag.uuid}` },
    { title: "Wiki", href: wikiPath(tag.uuid) },
    ...(category
      ? [{ title: category.name, href: wikiPath(tag.uuid, { category: category.id }) }]
      : []),
    ...(folder ? [{ title: folder.name, href: wikiPath(tag.uuid, { folder: folder.id }) }] : []),
  ];
  return {
    tag: { uuid: tag.uuid, name: tag.name },
    crumbs,
    category,
    folder,
    categories: tree.categories.map((c) => ({
      ...c,
      folders: tree.folders.filter((f) => f.category_id === c.id).length,
    })),
    folders: category
      ? tree.folders
          .filter((f) => f.category_id === category.id)
          .map((f) => ({ ...f, files: tree.files.filter((x) => x.folder_id === f.id).length }))
      : [],
    files: folder
      ? tree.files
          .filter((x) => x.folder_id === folder.id)
          .map((x) => ({
            ...x,
            preview: isPreviewable(x.content_type),
            sizeText: formatBytes(x.size),
          }))
      : [],
    rights,
    limitText: formatBytes(uploadLimit()),
  };
}

type WikiData = { intent: string; errors?: Record<string, string>; confirmFor?: string };
/** A delete asks first (works without JavaScript): the first post returns what to confirm. */
const unconfirmed = (form: FormData, intent: string, id: number) =>
  form.get("confirm") === "yes" ? null : json<WikiData>({ intent, confirmFor: `${intent}:${id}` });
const bad = (intent: string, errors: Record<string, string>) =>
  json<WikiData>({ intent, errors }, { status: 400 });

/** Runs an upstream write; a duplicate name (409) or bad input (400) becomes the form's message. */
async function named(intent: string, form: FormData, run: (name: string) => Promise<unknown>) {
  const sub = parseForm(form, nameSchema);
  if (sub.status !== "success") return { error: bad(intent, firstErrors(sub)) };
  try {
    await run(sub.value.name);
    return { name: sub.value.name };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 409)
      return { error: bad(intent, { name: "That name is already used here." }) };
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    if (isUpstreamError(e) && e.status === 400) return { error: bad(intent, { name: e.message }) };
    throw e;
  }
}

const idOf = (form: FormData, key: string) => {
  const n = Number(form.get(key));
  if (!Number.isInteger(n) || n <= 0) throw notFound();
  return n;
};

export async function wikiAction(ctx: ModuleContext, raw: string, form: FormData) {
  const tag = await requireInsightTag(ctx, raw);
  const up = upstream(ctx.auth.token);
  const intent = String(form.get("intent") ?? "");
  if (Object.hasOwn(WIKI_INTENT_PERMISSION, intent) && !mayWiki(await rightsOf(ctx), intent)) {
    logInfo("access", `refused user=${ctx.user.username} wiki intent=${intent} tag=${tag.uuid}`);
    throw forbidden();
  }
  const tree = await iup.wiki(up, tag.uuid);
  const categoryOf = (id: number) => tree.categories.find((c) => c.id === id) ?? notFoundThrow();
  const folderOf = (id: number) => tree.folders.find((f) => f.id === id) ?? notFoundThrow();
  const fileOf = (id: number) => tree.files.find((f) => f.id === id) ?? notFoundThrow();
  const done = (to: string, description: string) => {
    logInfo("insight-tags", `user=${ctx.user.username} ${intent} tag=${tag.uuid}`);
    return redirectWithToast(to, { type: "success", description });
  };
  return switchIntent(form, {
    "create-category": async (f) => {
      let id = 0;
      const r = await named(intent, f, async (n) => {
        id = (await iup.createCategory(up, tag.uuid, n)).id;
      });
      return r.error ?? done(wikiPath(tag.uuid, { category: id }), `Category ${r.name} created.`);
    },
    "rename-category": async (f) => {
      const c = categoryOf(idOf(f, "id"));
      const r = await named(intent, f, (n) => iup.renameCategory(up, c.id, n));
      return (
        r.error ?? done(wikiPath(tag.uuid, { category: c.id }), `Category renamed to ${r.name}.`)
      );
    },
    "delete-category": async (f) => {
      const c = categoryOf(idOf(f, "id"));
      const ask = unconfirmed(f, intent, c.id);
      if (ask) return ask;
      await iup.deleteCategory(up, c.id);
      return done(wikiPath(tag.uuid), `Category ${c.name} deleted.`);
    },
    "create-folder": async (f) => {
      const c = categoryOf(idOf(f, "categoryId"));
      let id = 0;
      const r = await named(intent, f, async (n) => {
        id = (await iup.createFolder(up, c.id, n)).id;
      });
      return r.error ?? done(wikiPath(tag.uuid, { folder: id }), `Folder ${r.name} created.`);
    },
    "rename-folder": async (f) => {
      const x = folderOf(idOf(f, "id"));
      const r = await named(intent, f, (n) => iup.renameFolder(up, x.id, n));
      return r.error ?? done(wikiPath(tag.uuid, { folder: x.id }), `Folder renamed to ${r.name}.`);
    },
    "delete-folder": async (f) => {
      const x = folderOf(idOf(f, "id"));
      const ask = unconfirmed(f, intent, x.id);
      if (ask) return ask;
      await iup.deleteFolder(up, x.id);
      return done(wikiPath(tag.uuid, { category: x.category_id }), `Folder ${x.name} deleted.`);
    },
    "delete-file": async (f) => {
      const x = fileOf(idOf(f, "id"));
      const ask = unconfirmed(f, intent, x.id);
      if (ask) return ask;
      await iup.deleteFile(up, x.id);
      return done(wikiPath(tag.uuid, { folder: x.folder_id }), `File ${x.name} deleted.`);
    },
  });
}
function notFoundThrow(): never {
  throw notFound();
}

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
      const ctl = new AbortController();
      let size = 0;
      const it = part.data[Symbol.asyncIterator]();
      const body = new ReadableStream<Uint8Array>({
        async pull(c) {
          const { value, done } = await it.next();
          if (done) return c.close();
          size += value.length;
          if (size > limit) {
            const e = new UploadRefused(
              `The file is larger than the limit of ${formatBytes(limit)}.`,
            );
            ctl.abort(e);
            c.error(e);
            return;
          }
          c.enqueue(value);
        },
        async cancel() {
          await it.return?.();
        },
      });
      saved = await iup.uploadFile(
        up,
        { folderId: folder.id, name, contentType: type },
        body,
        ctl.signal,
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

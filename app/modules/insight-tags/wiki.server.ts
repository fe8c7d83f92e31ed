/**
 * A tag's wiki (/dashboard/insight-tags/:uuid/wiki): categories → folders → files and pages,
 * breadcrumbs, and the forms, each allowed only by its wiki permission (SPEC §3 defaults when the
 * upstream has no explicit setting for the user; 403 otherwise). Pages are in wiki-pages.server.ts,
 * uploads and downloads in wiki-files.server.ts.
 */
import { json } from "@remix-run/node";
import { parseForm } from "~/lib/parse-form";
import type { ModuleContext } from "~/services/guard.server";
import { upstream } from "~/services/api.server";
import { getEnv } from "~/services/env.server";
import { switchIntent } from "~/services/intent.server";
import { logInfo } from "~/services/log.server";
import { redirectWithToast } from "~/services/toast.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import {
  WIKI_INTENT_PERMISSION,
  formatBytes,
  isPreviewable,
  mayWiki,
  wikiRights,
  type WikiRights,
} from "./rules";
import { nameSchema, type WikiActionData } from "./schemas";
import { notFound, requireInsightTag } from "./tags.server";
import { forbidden, idParam, notFoundThrow, unconfirmed, wikiPath } from "./wiki-kit.server";
import * as iup from "./upstream.server";
import { pageAction, pageView } from "./wiki-pages.server";

export async function rightsOf(ctx: ModuleContext): Promise<WikiRights> {
  return wikiRights(await iup.myWikiPermissions(upstream(ctx.auth.token)));
}

/** The upload size limit in bytes (WIKI_UPLOAD_MAX_BYTES, default 25 MB). */
export const uploadLimit = () => getEnv().WIKI_UPLOAD_MAX_BYTES;

export async function wikiPage(ctx: ModuleContext, raw: string, url: URL) {
  const tag = await requireInsightTag(ctx, raw);
  const up = upstream(ctx.auth.token);
  const [tree, rights] = await Promise.all([iup.wiki(up, tag.uuid), rightsOf(ctx)]);
  const q = url.searchParams;
  const page = q.get("page") ? await pageView(up, tree, idParam(q.get("page"))) : null;
  const folderId = page?.folder_id ?? (q.get("folder") ? idParam(q.get("folder")) : null);
  const folder = folderId ? (tree.folders.find((f) => f.id === folderId) ?? null) : null;
  if (folderId && !folder) throw notFound();
  const categoryId = folder?.category_id ?? (q.get("category") ? idParam(q.get("category")) : null);
  const category = categoryId ? (tree.categories.find((c) => c.id === categoryId) ?? null) : null;
  if (categoryId && !category) throw notFound();
  const crumbs = [
    { title: tag.name, href: `/dashboard/insight-tag/${tag.uuid}` },
    { title: "Wiki", href: wikiPath(tag.uuid) },
    ...(category
      ? [{ title: category.name, href: wikiPath(tag.uuid, { category: category.id }) }]
      : []),
    ...(folder ? [{ title: folder.name, href: wikiPath(tag.uuid, { folder: folder.id }) }] : []),
    ...(page ? [{ title: page.title, href: wikiPath(tag.uuid, { page: page.id }) }] : []),
  ];
  return {
    tag: { uuid: tag.uuid, name: tag.name },
    crumbs,
    category,
    folder,
    page,
    /** The page editor: a new page (`?folder=ID&new=page`) or this page (`?page=ID&edit=1`). */
    editing: page
      ? q.get("edit") === "1" && rights.wiki_upload
      : Boolean(folder) && q.get("new") === "page" && rights.wiki_upload,
    categories: tree.categories.map((c) => ({
      ...c,
      folders: tree.folders.filter((f) => f.category_id === c.id).length,
    })),
    folders: category
      ? tree.folders
          .filter((f) => f.category_id === category.id)
          .map((f) => ({
            ...f,
            files: tree.files.filter((x) => x.folder_id === f.id).length,
            pages: tree.pages.filter((x) => x.folder_id === f.id).length,
          }))
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
    pages: folder ? tree.pages.filter((x) => x.folder_id === folder.id) : [],
    rights,
    limitText: formatBytes(uploadLimit()),
  };
}

/**
 * Runs an upstream write of a category or folder name; a duplicate (409) or bad input (400)
 * becomes the name field's message, with what was typed kept.
 */
async function named(
  intent: string,
  id: number,
  form: FormData,
  run: (name: string) => Promise<unknown>,
) {
  const sub = parseForm(form, nameSchema);
  const bad = (message?: string) => ({
    name: "",
    error: json<WikiActionData>(
      { intent, id, reply: sub.reply(message ? { fieldErrors: { name: [message] } } : {}) },
      { status: 400 },
    ),
  });
  if (sub.status !== "success") return bad();
  try {
    await run(sub.value.name);
    return { name: sub.value.name, error: null };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 409) return bad("That name is already used here.");
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    if (isUpstreamError(e) && e.status === 400) return bad(e.message);
    throw e;
  }
}

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
  const pages = pageAction({ ctx, up, tag, tree, intent, done });
  return switchIntent(form, {
    ...pages,
    "create-category": async (f) => {
      let id = 0;
      const r = await named(intent, 0, f, async (n) => {
        id = (await iup.createCategory(up, tag.uuid, n)).id;
      });
      return r.error ?? done(wikiPath(tag.uuid, { category: id }), `Category ${r.name} created.`);
    },
    "rename-category": async (f) => {
      const c = categoryOf(idParam(f.get("id")));
      const r = await named(intent, c.id, f, (n) => iup.renameCategory(up, c.id, n));
      return (
        r.error ?? done(wikiPath(tag.uuid, { category: c.id }), `Category renamed to ${r.name}.`)
      );
    },
    "delete-category": async (f) => {
      const c = categoryOf(idParam(f.get("id")));
      const ask = unconfirmed(f, intent, c.id);
      if (ask) return ask;
      await iup.deleteCategory(up, c.id);
      return done(wikiPath(tag.uuid), `Category ${c.name} deleted.`);
    },
    "create-folder": async (f) => {
      const c = categoryOf(idParam(f.get("categoryId")));
      let id = 0;
      const r = await named(intent, 0, f, async (n) => {
        id = (await iup.createFolder(up, c.id, n)).id;
      });
      return r.error ?? done(wikiPath(tag.uuid, { folder: id }), `Folder ${r.name} created.`);
    },
    "rename-folder": async (f) => {
      const x = folderOf(idParam(f.get("id")));
      const r = await named(intent, x.id, f, (n) => iup.renameFolder(up, x.id, n));
      return r.error ?? done(wikiPath(tag.uuid, { folder: x.id }), `Folder renamed to ${r.name}.`);
    },
    "delete-folder": async (f) => {
      const x = folderOf(idParam(f.get("id")));
      const ask = unconfirmed(f, intent, x.id);
      if (ask) return ask;
      await iup.deleteFolder(up, x.id);
      return done(wikiPath(tag.uuid, { category: x.category_id }), `Folder ${x.name} deleted.`);
    },
    "delete-file": async (f) => {
      const x = fileOf(idParam(f.get("id")));
      const ask = unconfirmed(f, intent, x.id);
      if (ask) return ask;
      await iup.deleteFile(up, x.id);
      return done(wikiPath(tag.uuid, { folder: x.folder_id }), `File ${x.name} deleted.`);
    },
  });
}

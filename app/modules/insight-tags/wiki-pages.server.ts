/**
 * Wiki pages: text documents written in a tag's wiki, in Markdown, kept in a folder beside its
 * files. Writing one needs wiki_upload (as adding a file does), deleting one wiki_delete; the
 * wiki's action checks that before these run. Markdown is rendered on the server by the one
 * renderer of the docs, which escapes raw HTML and keeps only safe link schemes.
 */
import { json } from "@remix-run/node";
import { parseForm } from "~/lib/parse-form";
import { renderMarkdown } from "~/services/markdown.server";
import type { ModuleContext } from "~/services/guard.server";
import type { redirectWithToast } from "~/services/toast.server";
import { isUpstreamError } from "~/services/upstream/index.server";
import type { Upstream } from "~/services/upstream/client.server";
import { pageSchema, type WikiActionData } from "./schemas";
import { notFound } from "./tags.server";
import * as iup from "./upstream.server";
import { idParam, notFoundThrow, unconfirmed, wikiPath } from "./wiki-kit.server";

/** One page of this tag's wiki with its text rendered; 404 when it is not in this tag's tree. */
export async function pageView(up: Upstream, tree: iup.UpstreamWiki, id: number) {
  if (!tree.pages.some((p) => p.id === id)) throw notFound();
  const page = await iup.wikiPage(up, id).catch((e: unknown) => {
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    throw e;
  });
  return { ...page, html: renderMarkdown(page.body) };
}

type Ctx = {
  ctx: ModuleContext;
  up: Upstream;
  tag: { uuid: string };
  tree: iup.UpstreamWiki;
  intent: string;
  done: (to: string, description: string) => ReturnType<typeof redirectWithToast>;
};

/** Runs a page write; a title taken in the folder (409) or bad input (400) becomes a field message. */
async function written(
  intent: string,
  id: number,
  form: FormData,
  run: (v: { title: string; body: string }) => Promise<iup.UpstreamWikiPage>,
) {
  const sub = parseForm(form, pageSchema);
  const bad = (fieldErrors?: Record<string, string[]>) =>
    json<WikiActionData>(
      { intent, id, reply: sub.reply(fieldErrors ? { fieldErrors } : {}) },
      { status: 400 },
    );
  if (sub.status !== "success") return { error: bad(), page: null };
  try {
    return { page: await run(sub.value), error: null };
  } catch (e) {
    if (isUpstreamError(e) && e.status === 409)
      return {
        error: bad({ title: ["A page with this title is already in this folder."] }),
        page: null,
      };
    if (isUpstreamError(e) && e.status === 404) throw notFound();
    if (isUpstreamError(e) && e.status === 400)
      return { error: bad({ body: [e.message] }), page: null };
    throw e;
  }
}

/** The page intents of the wiki's action (create-page, edit-page, delete-page). */
export function pageAction({ up, tag, tree, intent, done }: Ctx) {
  const folderOf = (id: number) => tree.folders.find((f) => f.id === id) ?? notFoundThrow();
  const pageOf = (id: number) => tree.pages.find((p) => p.id === id) ?? notFoundThrow();
  return {
    "create-page": async (f: FormData) => {
      const folder = folderOf(idParam(f.get("folderId")));
      const r = await written(intent, 0, f, (v) =>
        iup.createPage(up, { folderId: folder.id, ...v }),
      );
      if (r.error) return r.error;
      return done(wikiPath(tag.uuid, { page: r.page.id }), `Page ${r.page.title} created.`);
    },
    "edit-page": async (f: FormData) => {
      const p = pageOf(idParam(f.get("id")));
      const r = await written(intent, p.id, f, (v) => iup.updatePage(up, p.id, v));
      if (r.error) return r.error;
      return done(wikiPath(tag.uuid, { page: p.id }), `Page ${r.page.title} saved.`);
    },
    "delete-page": async (f: FormData) => {
      const p = pageOf(idParam(f.get("id")));
      const ask = unconfirmed(f, intent, p.id);
      if (ask) return ask;
      await iup.deletePage(up, p.id);
      return done(wikiPath(tag.uuid, { folder: p.folder_id }), `Page ${p.title} deleted.`);
    },
  };
}

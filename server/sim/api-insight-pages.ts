/**
 * Wiki pages of insight tags (designed; SPEC §2.3 "categories → folders → files and pages"): text
 * documents written in the wiki, in Markdown, kept in a folder beside its files. The wiki tree
 * (GET /insight-tags/wiki) lists them without their text; this file reads and writes one. A title
 * is unique in its folder (409); another company's page or folder is 404.
 */
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { folderOf, idOf, insightData, name, pagesOf, type SimPage } from "./api-insight-tags";

/** The longest page text taken (characters): a page is a document, not a file store. */
export const PAGE_BODY_MAX = 100_000;

const pageView = (p: SimPage) => ({
  id: p.id,
  folder_id: p.folder_id,
  title: p.title,
  body: p.body,
  updated_at: new Date(p.updated_at).toISOString(),
  updated_by: p.updated_by,
});

function pageOf(ctx: Ctx, id: unknown): SimPage {
  const n = idOf(id, "id");
  const p = pagesOf(insightData(ctx)).find((x) => x.id === n);
  if (!p || p.companyid !== ctx.user.companyid) throw new HttpError(404, "Page not found");
  return p;
}

function bodyOf(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (typeof v !== "string") throw new HttpError(400, "body must be text");
  if (v.length > PAGE_BODY_MAX)
    throw new HttpError(400, `body must be at most ${PAGE_BODY_MAX} characters`);
  return v;
}

function titleTaken(ctx: Ctx, folderId: number, title: string, except = 0) {
  const t = title.toLowerCase();
  return pagesOf(insightData(ctx)).some(
    (p) => p.folder_id === folderId && p.id !== except && p.title.toLowerCase() === t,
  );
}

const getPage = (ctx: Ctx) => ok(pageView(pageOf(ctx, ctx.query.get("id"))));

function createPage(ctx: Ctx) {
  const b = obj(ctx.body);
  const folder = folderOf(ctx, b.folder_id);
  const title = name(b.title, "title", 120);
  const body = bodyOf(b.body);
  if (titleTaken(ctx, folder.id, title))
    throw new HttpError(409, "A page with this title already exists");
  const d = insightData(ctx);
  const p: SimPage = {
    id: d.nextId++,
    companyid: folder.companyid,
    folder_id: folder.id,
    title,
    body,
    updated_at: ctx.now,
    updated_by: ctx.user.name,
  };
  pagesOf(d).push(p);
  return ok(pageView(p), 201);
}

/** PATCH ?id= {title?, body?}: rename, rewrite or both; validated before anything changes. */
function updatePage(ctx: Ctx) {
  const p = pageOf(ctx, ctx.query.get("id"));
  const b = obj(ctx.body);
  const title = b.title === undefined ? p.title : name(b.title, "title", 120);
  const body = b.body === undefined ? p.body : bodyOf(b.body);
  if (titleTaken(ctx, p.folder_id, title, p.id))
    throw new HttpError(409, "A page with this title already exists");
  Object.assign(p, { title, body, updated_at: ctx.now, updated_by: ctx.user.name });
  return ok(pageView(p));
}

function deletePage(ctx: Ctx) {
  const p = pageOf(ctx, ctx.query.get("id"));
  const d = insightData(ctx);
  d.pages = pagesOf(d).filter((x) => x.id !== p.id);
  return { status: 204 };
}

export const insightPageRoutes = routes([
  ["POST", "/insight-tags/wiki/pages", createPage],
  ["GET", "/insight-tags/wiki/pages/page", getPage],
  ["PATCH", "/insight-tags/wiki/pages/page", updatePage],
  ["DELETE", "/insight-tags/wiki/pages/page", deletePage],
]);

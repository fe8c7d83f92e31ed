/**
 * Designed upstream calls for insight tags (the spec names the pages, not the API; the
 * simulator's api-insight-tags.ts serves them): tags with their last position and battery,
 * position/readings history, the public view and its contact form, the wiki tree of a tag
 * (categories → folders → files and pages), file upload and download as streams, Markdown pages,
 * and the users' explicit wiki permissions. zod validates every JSON response.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";
import { getStream, postStream } from "~/services/upstream/streams.server";
import { PUBLIC_FIELDS, WIKI_PERMISSIONS } from "./rules";

const isoTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), "expected an ISO date-time");

export const insightTagSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string(),
  photo: z.string().nullable(),
  kind: z.enum(["gps", "label"]),
  retired: z.boolean(),
  created_at: isoTime,
  public_fields: z.array(z.enum(PUBLIC_FIELDS)),
  owner_contact: z.string().nullable(),
  last_position: z.object({ time: isoTime, lat: z.number(), lng: z.number() }).nullable(),
  battery: z.number().min(0).max(100).nullable(),
});
export type UpstreamInsightTag = z.infer<typeof insightTagSchema>;

export const sampleSchema = z.object({
  time: isoTime,
  lat: z.number(),
  lng: z.number(),
  temperature: z.number(),
  battery: z.number(),
});

export const publicTagSchema = z.object({
  uuid: z.string(),
  fields: z.array(z.enum(PUBLIC_FIELDS)),
  name: z.string().optional(),
  description: z.string().optional(),
  photo: z.string().nullable().optional(),
  owner_contact: z.string().nullable().optional(),
  battery: z.number().nullable().optional(),
  last_seen: isoTime.nullable().optional(),
  position: z.object({ lat: z.number(), lng: z.number() }).nullable().optional(),
  readings: z.array(z.object({ time: isoTime, temperature: z.number() })).optional(),
});
export type UpstreamPublicTag = z.infer<typeof publicTagSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  time: isoTime,
  /** Only in the answer to the contact form (server to server): whose notifications to tell. */
  company_id: z.number().int().optional(),
});

export const categorySchema = z.object({ id: z.number().int(), name: z.string() });
export const folderSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
});
export const fileSchema = z.object({
  id: z.number().int(),
  folder_id: z.number().int(),
  name: z.string(),
  content_type: z.string(),
  size: z.number().int().nonnegative(),
  uploaded_at: isoTime,
  uploaded_by: z.string(),
});
export type UpstreamWikiFile = z.infer<typeof fileSchema>;
/** A page in the tree: its text is read on its own (GET /insight-tags/wiki/pages/page). */
export const pageEntrySchema = z.object({
  id: z.number().int(),
  folder_id: z.number().int(),
  title: z.string(),
  updated_at: isoTime,
  updated_by: z.string(),
});
export const pageSchema = pageEntrySchema.extend({ body: z.string() });
export type UpstreamWikiPage = z.infer<typeof pageSchema>;
export const wikiSchema = z.object({
  categories: z.array(categorySchema),
  folders: z.array(folderSchema),
  files: z.array(fileSchema),
  pages: z.array(pageEntrySchema),
});
export type UpstreamWiki = z.infer<typeof wikiSchema>;

export const wikiPermissionsSchema = z
  .record(z.string(), z.boolean())
  .transform((r) =>
    Object.fromEntries(
      Object.entries(r).filter(([k]) => (WIKI_PERMISSIONS as readonly string[]).includes(k)),
    ),
  );

const get = <S extends z.ZodTypeAny>(up: Upstream, path: string, schema: S, query = {}) =>
  up.request({ method: "GET", path, query, schema, idempotent: true }).then((r) => r.data);
const send = <S extends z.ZodTypeAny>(
  up: Upstream,
  method: "POST" | "PATCH" | "PUT" | "DELETE",
  path: string,
  schema: S,
  body?: unknown,
  query?: Record<string, string | number>,
) => up.request({ method, path, query, body, schema }).then((r) => r.data);
const none = z.unknown();

/** GET /insight-tags: the company's tags (retired ones too) with last position and battery. */
export const insightTags = (up: Upstream) => get(up, "/insight-tags", z.array(insightTagSchema));

/** GET /insight-tags/tag?uuid=: one tag of the company (404 otherwise). */
export const insightTag = (up: Upstream, uuid: string) =>
  get(up, "/insight-tags/tag", insightTagSchema, { uuid });

/** POST /insight-tags: uuid from the label (400 malformed, 409 taken) or generated when absent. */
export const createInsightTag = (
  up: Upstream,
  input: {
    uuid?: string;
    name: string;
    description?: string;
    kind: "gps" | "label";
    owner_contact?: string;
  },
) => send(up, "POST", "/insight-tags", insightTagSchema, input);

/** PATCH /insight-tags/tag?uuid=: name, description, owner contact, public fields, retired. */
export const updateInsightTag = (
  up: Upstream,
  uuid: string,
  input: Partial<
    Pick<UpstreamInsightTag, "name" | "description" | "owner_contact" | "public_fields" | "retired">
  >,
) => send(up, "PATCH", "/insight-tags/tag", insightTagSchema, input, { uuid });

/** GET /insight-tags/history?uuid&from&to: hourly positions and readings (GPS tags; ≤ 31 days). */
export const tagHistory = (
  up: Upstream,
  uuid: string,
  range: { from?: string; to?: string } = {},
) => get(up, "/insight-tags/history", z.array(sampleSchema), { uuid, ...range });

/** GET /insight-tags/messages?uuid=: what people who scanned the tag sent, newest first. */
export const tagMessages = (up: Upstream, uuid: string) =>
  get(up, "/insight-tags/messages", z.array(messageSchema), { uuid });

/** GET /insight-tags/public?uuid= (no token): only the fields the company chose; 404 unknown or retired. */
export const publicTag = (up: Upstream, uuid: string) =>
  get(up, "/insight-tags/public", publicTagSchema, { uuid });

/** POST /insight-tags/public/contact (no token): stores a message for the tag's company. */
export const contactOwner = (
  up: Upstream,
  input: { uuid: string; name: string; email: string; message: string },
) => send(up, "POST", "/insight-tags/public/contact", messageSchema, input);

/** GET /insight-tags/wiki?uuid=: the tag's whole wiki tree. */
export const wiki = (up: Upstream, uuid: string) =>
  get(up, "/insight-tags/wiki", wikiSchema, { uuid });

export const createCategory = (up: Upstream, uuid: string, name: string) =>
  send(up, "POST", "/insight-tags/wiki/categories", categorySchema, { uuid, name });
export const renameCategory = (up: Upstream, id: number, name: string) =>
  send(up, "PATCH", "/insight-tags/wiki/categories/category", categorySchema, { name }, { id });
export const deleteCategory = (up: Upstream, id: number) =>
  send(up, "DELETE", "/insight-tags/wiki/categories/category", none, undefined, { id });
export const createFolder = (up: Upstream, categoryId: number, name: string) =>
  send(up, "POST", "/insight-tags/wiki/folders", folderSchema, { category_id: categoryId, name });
export const renameFolder = (up: Upstream, id: number, name: string) =>
  send(up, "PATCH", "/insight-tags/wiki/folders/folder", folderSchema, { name }, { id });
export const deleteFolder = (up: Upstream, id: number) =>
  send(up, "DELETE", "/insight-tags/wiki/folders/folder", none, undefined, { id });
export const deleteFile = (up: Upstream, id: number) =>
  send(up, "DELETE", "/insight-tags/wiki/files/file", none, undefined, { id });

/** POST /insight-tags/wiki/pages: a Markdown page in a folder (409 title taken in the folder). */
export const createPage = (
  up: Upstream,
  input: { folderId: number; title: string; body: string },
) =>
  send(up, "POST", "/insight-tags/wiki/pages", pageSchema, {
    folder_id: input.folderId,
    title: input.title,
    body: input.body,
  });
/** GET /insight-tags/wiki/pages/page?id=: one page with its text (another company's: 404). */
export const wikiPage = (up: Upstream, id: number) =>
  get(up, "/insight-tags/wiki/pages/page", pageSchema, { id });
/** PATCH /insight-tags/wiki/pages/page?id=: new title and/or text (409 title taken). */
export const updatePage = (up: Upstream, id: number, input: { title?: string; body?: string }) =>
  send(up, "PATCH", "/insight-tags/wiki/pages/page", pageSchema, input, { id });
export const deletePage = (up: Upstream, id: number) =>
  send(up, "DELETE", "/insight-tags/wiki/pages/page", none, undefined, { id });

/** GET /insight-tags/wiki/permissions: the caller's explicit wiki settings (missing = default). */
export const myWikiPermissions = (up: Upstream) =>
  get(up, "/insight-tags/wiki/permissions", wikiPermissionsSchema);

/** PUT /insight-tags/wiki/permissions: a user's explicit settings (needs edit_permissions). */
export const setWikiPermissions = (
  up: Upstream,
  userId: number,
  permissions: Partial<Record<(typeof WIKI_PERMISSIONS)[number], boolean>>,
) =>
  send(up, "PUT", "/insight-tags/wiki/permissions", wikiPermissionsSchema, {
    user_id: userId,
    permissions,
  });

export const userWikiPermissionsSchema = z.object({
  user_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  permissions: wikiPermissionsSchema,
});
export type UpstreamUserWikiPermissions = z.infer<typeof userWikiPermissionsSchema>;

/** GET /insight-tags/wiki/permissions/users: the company's users and their explicit settings (edit_permissions). */
export const usersWikiPermissions = (up: Upstream) =>
  get(up, "/insight-tags/wiki/permissions/users", z.array(userWikiPermissionsSchema));

/**
 * POST /insight-tags/wiki/files?folder_id&name&content_type with the file's bytes as a stream
 * (never whole in memory). Aborting `signal` (e.g. past the size limit) ends the request; the
 * upstream then keeps nothing. A file is not retried: its bytes are gone once sent.
 */
export async function uploadFile(
  up: Upstream,
  input: { folderId: number; name: string; contentType: string },
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): Promise<UpstreamWikiFile> {
  const saved = await postStream(
    up,
    "/insight-tags/wiki/files",
    { folder_id: String(input.folderId), name: input.name, content_type: input.contentType },
    body,
    signal,
  );
  return fileSchema.parse(saved);
}

/** GET /insight-tags/wiki/files/content?id=: the file's bytes as the upstream streams them. */
export function downloadFile(up: Upstream, id: number): Promise<Response> {
  return getStream(up, "/insight-tags/wiki/files/content", { id: String(id) });
}

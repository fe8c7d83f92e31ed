/* eslint-disable max-lines -- one area's calls (tags, public view, wiki, files, permissions) kept together; split when it grows */
/**
 * Insight tag calls (designed; SPEC §1, §2.1, §2.3): insight tags (GPS tags and QR/NFC labels on
 * assets) with their derived positions and readings, the public view of a tag and its contact
 * form, each tag's wiki (categories → folders → files; file bodies streamed to and from disk,
 * never held in the state) and per-user wiki permissions. Another company's tag, category, folder
 * or file is 404.
 */
import fs from "node:fs";
import path from "node:path";
import { round6 } from "./geo";
import { blobPath as blobOf, filesDir, receiveBlob } from "./files";
import { HttpError, obj, ok, routes, type Ctx, type SimState } from "./kit";
import { hash, strCode, unit } from "./prng";

export const WIKI_PERMISSIONS = [
  "wiki_create_category",
  "wiki_edit_category",
  "wiki_delete_category",
  "wiki_create_folder",
  "wiki_edit_folder",
  "wiki_upload",
  "wiki_delete",
] as const;
type WikiPermission = (typeof WIKI_PERMISSIONS)[number];

export const PUBLIC_FIELDS = [
  "name",
  "description",
  "photo",
  "owner_contact",
  "battery",
  "last_seen",
  "position",
  "readings",
] as const;
type PublicField = (typeof PUBLIC_FIELDS)[number];

export type SimInsightTag = {
  uuid: string;
  companyid: number;
  name: string;
  description: string;
  photo: string | null;
  kind: "gps" | "label";
  retired: boolean;
  created_at: number;
  public_fields: PublicField[];
  owner_contact: string | null;
  base: { lat: number; lng: number };
};
type SimCategory = { id: number; companyid: number; uuid: string; name: string };
type SimFolder = { id: number; companyid: number; category_id: number; name: string };
type SimFile = {
  id: number;
  companyid: number;
  folder_id: number;
  name: string;
  content_type: string;
  size: number;
  uploaded_at: number;
  uploaded_by: string;
  blob: string;
};
/** A text page written in the wiki (Markdown), kept in a folder beside its files. */
export type SimPage = {
  id: number;
  companyid: number;
  folder_id: number;
  title: string;
  body: string;
  updated_at: number;
  updated_by: string;
};
type SimMessage = {
  id: number;
  companyid: number;
  uuid: string;
  name: string;
  email: string;
  message: string;
  time: number;
};
export type InsightState = {
  tags: SimInsightTag[];
  categories: SimCategory[];
  folders: SimFolder[];
  files: SimFile[];
  /** Absent in state saved before pages existed: read through pagesOf(). */
  pages?: SimPage[];
  messages: SimMessage[];
  /** username_id → the user's explicit wiki settings (a missing one: the app's default). */
  permissions: Record<string, Partial<Record<WikiPermission, boolean>>>;
  nextId: number;
};

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const MAX_FILE = 100 * 1024 * 1024;
const HOUR = 3_600_000;

function formatUuid(hex: string) {
  const h = hex.toLowerCase().replace(/-/g, "");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

function seed(now: number): InsightState {
  const mk = (
    n: number,
    companyid: number,
    name: string,
    description: string,
    kind: "gps" | "label",
    base: { lat: number; lng: number },
  ): SimInsightTag => ({
    uuid: formatUuid(
      [1, 2, 3, 4]
        .map((k) => hash(companyid, n, k).toString(16).padStart(8, "0"))
        .join("")
        .slice(0, 32),
    ),
    companyid,
    name,
    description,
    photo: null,
    kind,
    retired: false,
    created_at: now - 60 * 86_400_000,
    public_fields: ["name", "description", "owner_contact"],
    owner_contact: companyid === 1 ? "Harbour Logistics depot, 07 3000 1000" : "Southside Plumbing",
    base,
  });
  const tags = [
    mk(1, 1, "Generator G-40", "40 kVA diesel generator", "gps", { lat: -27.43, lng: 153.08 }),
    mk(2, 1, "Trailer T-7", "Flat-bed trailer, 7 m", "gps", { lat: -27.53, lng: 153.0 }),
    mk(3, 1, "Lighting tower L-2", "Solar lighting tower", "label", { lat: -27.47, lng: 153.1 }),
    mk(4, 2, "Pipe camera", "Drain inspection camera", "gps", { lat: -27.54, lng: 153.03 }),
  ];
  return {
    tags,
    categories: [],
    folders: [],
    files: [],
    pages: [],
    messages: [],
    // The administrator of company 1 and of company 2 may do everything in the wiki.
    permissions: Object.fromEntries(
      [1001, 2001].map((id) => [
        String(id),
        Object.fromEntries(WIKI_PERMISSIONS.map((p) => [p, true])),
      ]),
    ),
    nextId: 1,
  };
}

export const pagesOf = (d: InsightState) => (d.pages ??= []);

export function insightData(ctx: { state: SimState; now: number }): InsightState {
  const s = ctx.state as SimState & { insightTags?: InsightState };
  s.insightTags ??= seed(s.world.createdAt);
  return s.insightTags;
}

// --- derived positions and readings -------------------------------------------------------------

/** Where a GPS tag was at the start of hour slot `k` (a slow random walk around its base). */
function positionAt(t: SimInsightTag, k: number) {
  const c = strCode(t.uuid);
  const a = unit(c, Math.floor(k / 6)) * 2 * Math.PI;
  const r = 0.01 + unit(c, Math.floor(k / 6), 7) * 0.02;
  return { lat: round6(t.base.lat + Math.sin(a) * r), lng: round6(t.base.lng + Math.cos(a) * r) };
}
function readingAt(t: SimInsightTag, k: number, now: number) {
  const c = strCode(t.uuid);
  const days = (now - t.created_at) / 86_400_000;
  return {
    temperature: Math.round((18 + 8 * Math.sin((k / 24) * 2 * Math.PI) + unit(c, k) * 3) * 10) / 10,
    battery: Math.max(5, Math.round(100 - days * 0.6 - (c % 20))),
  };
}
/** Hourly samples of a GPS tag in [from, to]; a label has none. */
function samples(t: SimInsightTag, from: number, to: number, now: number) {
  if (t.kind !== "gps") return [];
  const out = [];
  const start = Math.max(from, t.created_at);
  for (let k = Math.ceil(start / HOUR); k * HOUR <= Math.min(to, now); k++) {
    out.push({
      time: new Date(k * HOUR).toISOString(),
      ...positionAt(t, k),
      ...readingAt(t, k, now),
    });
  }
  return out;
}
function latest(t: SimInsightTag, now: number) {
  if (t.kind !== "gps") return { last_position: null, battery: null };
  const k = Math.floor(now / HOUR);
  return {
    last_position: { time: new Date(k * HOUR).toISOString(), ...positionAt(t, k) },
    battery: readingAt(t, k, now).battery,
  };
}

function view(t: SimInsightTag, now: number) {
  return {
    uuid: t.uuid,
    name: t.name,
    description: t.description,
    photo: t.photo,
    kind: t.kind,
    retired: t.retired,
    created_at: new Date(t.created_at).toISOString(),
    public_fields: t.public_fields,
    owner_contact: t.owner_contact,
    ...latest(t, now),
  };
}

// --- lookups -------------------------------------------------------------------------------------

export function tagOf(ctx: Ctx, uuid: unknown): SimInsightTag {
  const u = typeof uuid === "string" ? uuid.toLowerCase() : "";
  const t = insightData(ctx).tags.find((x) => x.uuid === u);
  if (!t || t.companyid !== ctx.user.companyid) throw new HttpError(404, "Tag not found");
  return t;
}
export function idOf(v: unknown, name: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new HttpError(400, `${name} is required`);
  return n;
}
function categoryOf(ctx: Ctx, id: unknown): SimCategory {
  const n = idOf(id, "id");
  const c = insightData(ctx).categories.find((x) => x.id === n);
  if (!c || c.companyid !== ctx.user.companyid) throw new HttpError(404, "Category not found");
  return c;
}
export function folderOf(ctx: Ctx, id: unknown): SimFolder {
  const n = idOf(id, "id");
  const f = insightData(ctx).folders.find((x) => x.id === n);
  if (!f || f.companyid !== ctx.user.companyid) throw new HttpError(404, "Folder not found");
  return f;
}
function fileOf(ctx: Ctx, id: unknown): SimFile {
  const n = idOf(id, "id");
  const f = insightData(ctx).files.find((x) => x.id === n);
  if (!f || f.companyid !== ctx.user.companyid) throw new HttpError(404, "File not found");
  return f;
}

export function name(v: unknown, what: string, max = 80): string {
  const s = typeof v === "string" ? v.trim() : "";
  if (!s) throw new HttpError(400, `${what} is required`);
  if (s.length > max) throw new HttpError(400, `${what} must be at most ${max} characters`);
  return s;
}
function optText(v: unknown, what: string, max: number): string | null {
  if (v === null || v === undefined || v === "") return null;
  if (typeof v !== "string") throw new HttpError(400, `${what} must be text`);
  if (v.trim().length > max) throw new HttpError(400, `${what} must be at most ${max} characters`);
  return v.trim() || null;
}

// --- tags ----------------------------------------------------------------------------------------

const listTags = (ctx: Ctx) =>
  ok(
    insightData(ctx)
      .tags.filter((t) => t.companyid === ctx.user.companyid)
      .map((t) => view(t, ctx.now)),
  );

const getTag = (ctx: Ctx) => ok(view(tagOf(ctx, ctx.query.get("uuid")), ctx.now));

function createTag(ctx: Ctx) {
  const body = obj(ctx.body);
  const data = insightData(ctx);
  let uuid: string;
  if (body.uuid === undefined || body.uuid === null || body.uuid === "") {
    uuid = formatUuid(Buffer.from(ctx.random(), "base64url").toString("hex").padEnd(32, "0"));
  } else {
    if (typeof body.uuid !== "string" || !UUID.test(body.uuid.trim()))
      throw new HttpError(400, "uuid must be a UUID (32 hexadecimal digits)");
    uuid = formatUuid(body.uuid.trim());
  }
  if (data.tags.some((t) => t.uuid === uuid))
    throw new HttpError(409, "A tag with this uuid is already registered");
  const kind = body.kind === "label" ? "label" : body.kind === "gps" ? "gps" : null;
  if (!kind) throw new HttpError(400, "kind must be gps or label");
  const c = strCode(uuid);
  const t: SimInsightTag = {
    uuid,
    companyid: ctx.user.companyid,
    name: name(body.name, "name"),
    description: optText(body.description, "description", 500) ?? "",
    photo: null,
    kind,
    retired: false,
    created_at: ctx.now,
    public_fields: ["name", "description", "owner_contact"],
    owner_contact: optText(body.owner_contact, "owner_contact", 200),
    base: {
      lat: round6(-27.47 + (unit(c, 1) - 0.5) * 0.2),
      lng: round6(153.02 + (unit(c, 2) - 0.5) * 0.2),
    },
  };
  data.tags.push(t);
  return ok(view(t, ctx.now), 201);
}

function updateTag(ctx: Ctx) {
  const t = tagOf(ctx, ctx.query.get("uuid"));
  const body = obj(ctx.body);
  const next = { ...t };
  if (body.name !== undefined) next.name = name(body.name, "name");
  if (body.description !== undefined)
    next.description = optText(body.description, "description", 500) ?? "";
  if (body.owner_contact !== undefined)
    next.owner_contact = optText(body.owner_contact, "owner_contact", 200);
  if (body.public_fields !== undefined) {
    const f = body.public_fields;
    if (!Array.isArray(f) || !f.every((x) => (PUBLIC_FIELDS as readonly unknown[]).includes(x)))
      throw new HttpError(400, `public_fields must be some of ${PUBLIC_FIELDS.join(", ")}`);
    next.public_fields = [...new Set(f as PublicField[])];
  }
  if (body.retired !== undefined) {
    if (typeof body.retired !== "boolean")
      throw new HttpError(400, "retired must be true or false");
    next.retired = body.retired;
  }
  Object.assign(t, next);
  return ok(view(t, ctx.now));
}

function history(ctx: Ctx) {
  const t = tagOf(ctx, ctx.query.get("uuid"));
  const to = Date.parse(ctx.query.get("to") ?? "") || ctx.now;
  const from = Date.parse(ctx.query.get("from") ?? "") || to - 48 * HOUR;
  if (from > to) throw new HttpError(400, "from must be before to");
  if (to - from > 31 * 86_400_000) throw new HttpError(400, "at most 31 days");
  return ok(samples(t, from, to, ctx.now));
}

// --- public view and contact form ---------------------------------------------------------------

function publicTag(ctx: Ctx) {
  const u = (ctx.query.get("uuid") ?? "").toLowerCase();
  const t = insightData(ctx).tags.find((x) => x.uuid === u);
  if (!t || t.retired) throw new HttpError(404, "Tag not found");
  const v = view(t, ctx.now);
  const f = new Set(t.public_fields);
  const out: Record<string, unknown> = { uuid: t.uuid, fields: t.public_fields };
  if (f.has("name")) out.name = v.name;
  if (f.has("description")) out.description = v.description;
  if (f.has("photo")) out.photo = v.photo;
  if (f.has("owner_contact")) out.owner_contact = v.owner_contact;
  if (f.has("battery")) out.battery = v.battery;
  if (f.has("last_seen")) out.last_seen = v.last_position?.time ?? null;
  if (f.has("position"))
    out.position = v.last_position ? { lat: v.last_position.lat, lng: v.last_position.lng } : null;
  if (f.has("readings"))
    out.readings = samples(t, ctx.now - 24 * HOUR, ctx.now, ctx.now)
      .slice(-24)
      .map((s) => ({ time: s.time, temperature: s.temperature }));
  return ok(out);
}

function contact(ctx: Ctx) {
  const body = obj(ctx.body);
  const u = typeof body.uuid === "string" ? body.uuid.toLowerCase() : "";
  const data = insightData(ctx);
  const t = data.tags.find((x) => x.uuid === u);
  if (!t || t.retired) throw new HttpError(404, "Tag not found");
  const m: SimMessage = {
    id: data.nextId++,
    companyid: t.companyid,
    uuid: t.uuid,
    name: optText(body.name, "name", 80) ?? "",
    email: optText(body.email, "email", 200) ?? "",
    message: name(body.message, "message", 2000),
    time: ctx.now,
  };
  data.messages.push(m);
  return ok({ ...messageView(m), company_id: t.companyid }, 201);
}
const messageView = (m: SimMessage) => ({
  id: m.id,
  uuid: m.uuid,
  name: m.name,
  email: m.email,
  message: m.message,
  time: new Date(m.time).toISOString(),
});
function messages(ctx: Ctx) {
  const t = tagOf(ctx, ctx.query.get("uuid"));
  return ok(
    insightData(ctx)
      .messages.filter((m) => m.uuid === t.uuid)
      .map(messageView)
      .reverse(),
  );
}

// --- wiki ----------------------------------------------------------------------------------------

const fileView = (f: SimFile) => ({
  id: f.id,
  folder_id: f.folder_id,
  name: f.name,
  content_type: f.content_type,
  size: f.size,
  uploaded_at: new Date(f.uploaded_at).toISOString(),
  uploaded_by: f.uploaded_by,
});

function wiki(ctx: Ctx) {
  const t = tagOf(ctx, ctx.query.get("uuid"));
  const d = insightData(ctx);
  const categories = d.categories.filter((c) => c.uuid === t.uuid);
  const cids = new Set(categories.map((c) => c.id));
  const folders = d.folders.filter((f) => cids.has(f.category_id));
  const fids = new Set(folders.map((f) => f.id));
  return ok({
    categories: categories.map(({ id, name }) => ({ id, name })),
    folders: folders.map(({ id, category_id, name }) => ({ id, category_id, name })),
    files: d.files.filter((f) => fids.has(f.folder_id)).map(fileView),
    pages: pagesOf(d)
      .filter((p) => fids.has(p.folder_id))
      .map(({ id, folder_id, title, updated_at, updated_by }) => ({
        id,
        folder_id,
        title,
        updated_at: new Date(updated_at).toISOString(),
        updated_by,
      })),
  });
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function createCategory(ctx: Ctx) {
  const body = obj(ctx.body);
  const t = tagOf(ctx, body.uuid);
  const d = insightData(ctx);
  const n = name(body.name, "name");
  if (d.categories.some((c) => c.uuid === t.uuid && same(c.name, n)))
    throw new HttpError(409, "A category with this name already exists");
  const c = { id: d.nextId++, companyid: t.companyid, uuid: t.uuid, name: n };
  d.categories.push(c);
  return ok({ id: c.id, name: c.name }, 201);
}
function renameCategory(ctx: Ctx) {
  const c = categoryOf(ctx, ctx.query.get("id"));
  const n = name(obj(ctx.body).name, "name");
  if (
    insightData(ctx).categories.some((x) => x.uuid === c.uuid && x.id !== c.id && same(x.name, n))
  )
    throw new HttpError(409, "A category with this name already exists");
  c.name = n;
  return ok({ id: c.id, name: c.name });
}
function removeFiles(ctx: Ctx, keep: (f: SimFile) => boolean) {
  const d = insightData(ctx);
  for (const f of d.files.filter((f) => !keep(f)))
    fs.rmSync(path.join(filesDir(ctx.state), f.blob), { force: true });
  d.files = d.files.filter(keep);
}
function deleteCategory(ctx: Ctx) {
  const c = categoryOf(ctx, ctx.query.get("id"));
  const d = insightData(ctx);
  const gone = new Set(d.folders.filter((f) => f.category_id === c.id).map((f) => f.id));
  removeFiles(ctx, (f) => !gone.has(f.folder_id));
  d.pages = pagesOf(d).filter((p) => !gone.has(p.folder_id));
  d.folders = d.folders.filter((f) => !gone.has(f.id));
  d.categories = d.categories.filter((x) => x.id !== c.id);
  return { status: 204 };
}
function createFolder(ctx: Ctx) {
  const body = obj(ctx.body);
  const c = categoryOf(ctx, body.category_id);
  const d = insightData(ctx);
  const n = name(body.name, "name");
  if (d.folders.some((f) => f.category_id === c.id && same(f.name, n)))
    throw new HttpError(409, "A folder with this name already exists");
  const f = { id: d.nextId++, companyid: c.companyid, category_id: c.id, name: n };
  d.folders.push(f);
  return ok({ id: f.id, category_id: f.category_id, name: f.name }, 201);
}
function renameFolder(ctx: Ctx) {
  const f = folderOf(ctx, ctx.query.get("id"));
  const n = name(obj(ctx.body).name, "name");
  if (
    insightData(ctx).folders.some(
      (x) => x.category_id === f.category_id && x.id !== f.id && same(x.name, n),
    )
  )
    throw new HttpError(409, "A folder with this name already exists");
  f.name = n;
  return ok({ id: f.id, category_id: f.category_id, name: f.name });
}
function deleteFolder(ctx: Ctx) {
  const f = folderOf(ctx, ctx.query.get("id"));
  const d = insightData(ctx);
  removeFiles(ctx, (x) => x.folder_id !== f.id);
  d.pages = pagesOf(d).filter((p) => p.folder_id !== f.id);
  d.folders = d.folders.filter((x) => x.id !== f.id);
  return { status: 204 };
}

/**
 * The body of POST /insight-tags/wiki/files, streamed into a new file on disk (never whole in
 * memory). Only once it has all arrived is it handed on; a broken or oversized body leaves nothing.
 */
async function receiveFile(ctx: Ctx, body: AsyncIterable<Buffer>) {
  folderOf(ctx, ctx.query.get("folder_id")); // 404 before reading a byte
  const { blob, size } = await receiveBlob(ctx.state, body, MAX_FILE);
  return {
    folder_id: Number(ctx.query.get("folder_id")),
    name: ctx.query.get("name") ?? "",
    content_type: ctx.query.get("content_type") ?? "",
    size,
    blob,
  };
}

function createFile(ctx: Ctx) {
  const b = obj(ctx.body);
  const blobPath = blobOf(ctx.state, b.blob);
  try {
    const folder = folderOf(ctx, b.folder_id);
    const n = name(b.name, "name", 200);
    if (/[/\\\0]/.test(n)) throw new HttpError(400, "name must not contain / or \\");
    const type = name(b.content_type, "content_type", 100);
    if (!fs.existsSync(blobPath) || fs.statSync(blobPath).size !== b.size)
      throw new HttpError(400, "The file's body is missing");
    const d = insightData(ctx);
    const f: SimFile = {
      id: d.nextId++,
      companyid: folder.companyid,
      folder_id: folder.id,
      name: n,
      content_type: type,
      size: Number(b.size),
      uploaded_at: ctx.now,
      uploaded_by: ctx.user.name,
      blob: path.basename(blobPath),
    };
    d.files.push(f);
    return ok(fileView(f), 201);
  } catch (e) {
    fs.rmSync(blobPath, { force: true });
    throw e;
  }
}

function fileContent(ctx: Ctx) {
  const f = fileOf(ctx, ctx.query.get("id"));
  const p = path.join(filesDir(ctx.state), f.blob);
  if (!fs.existsSync(p)) throw new HttpError(410, "The file's body is gone");
  return { file: { path: p, size: f.size }, contentType: f.content_type };
}

function deleteFile(ctx: Ctx) {
  const f = fileOf(ctx, ctx.query.get("id"));
  removeFiles(ctx, (x) => x.id !== f.id);
  return { status: 204 };
}

// --- wiki permissions ---------------------------------------------------------------------------

function myPermissions(ctx: Ctx) {
  return ok(insightData(ctx).permissions[String(ctx.user.username_id)] ?? {});
}

/** PUT {user_id, permissions}: needs edit_permissions; a user of another company is 404. */
function setPermissions(ctx: Ctx) {
  if (!ctx.user.permissions.edit_permissions) throw new HttpError(403, "Not allowed");
  const b = obj(ctx.body);
  const u = ctx.state.world.users.find((x) => x.username_id === Number(b.user_id));
  if (!u || u.companyid !== ctx.user.companyid) throw new HttpError(404, "User not found");
  const p = obj(b.permissions);
  const next: Partial<Record<WikiPermission, boolean>> = {};
  for (const [k, v] of Object.entries(p)) {
    if (!(WIKI_PERMISSIONS as readonly string[]).includes(k) || typeof v !== "boolean")
      throw new HttpError(400, `Unknown wiki permission ${k}`);
    next[k as WikiPermission] = v;
  }
  insightData(ctx).permissions[String(u.username_id)] = next;
  return ok(next);
}

/** GET: every user of the company with their explicit settings (needs edit_permissions). */
function usersPermissions(ctx: Ctx) {
  if (!ctx.user.permissions.edit_permissions) throw new HttpError(403, "Not allowed");
  const all = insightData(ctx).permissions;
  return ok(
    ctx.state.world.users
      .filter((u) => u.companyid === ctx.user.companyid)
      .map((u) => ({
        user_id: u.username_id,
        username: u.username,
        name: u.name,
        permissions: all[String(u.username_id)] ?? {},
      })),
  );
}

export const insightTagRoutes = [
  ...routes([
    ["GET", "/insight-tags", listTags],
    ["POST", "/insight-tags", createTag],
    ["GET", "/insight-tags/tag", getTag],
    ["PATCH", "/insight-tags/tag", updateTag],
    ["GET", "/insight-tags/history", history],
    ["GET", "/insight-tags/messages", messages],
    ["GET", "/insight-tags/wiki", wiki],
    ["POST", "/insight-tags/wiki/categories", createCategory],
    ["PATCH", "/insight-tags/wiki/categories/category", renameCategory],
    ["DELETE", "/insight-tags/wiki/categories/category", deleteCategory],
    ["POST", "/insight-tags/wiki/folders", createFolder],
    ["PATCH", "/insight-tags/wiki/folders/folder", renameFolder],
    ["DELETE", "/insight-tags/wiki/folders/folder", deleteFolder],
    ["POST", "/insight-tags/wiki/files", createFile, { stream: receiveFile }],
    ["GET", "/insight-tags/wiki/files/content", fileContent],
    ["DELETE", "/insight-tags/wiki/files/file", deleteFile],
    ["GET", "/insight-tags/wiki/permissions", myPermissions],
    ["PUT", "/insight-tags/wiki/permissions", setPermissions],
    ["GET", "/insight-tags/wiki/permissions/users", usersPermissions],
  ]),
  ...routes(
    [
      ["GET", "/insight-tags/public", publicTag],
      ["POST", "/insight-tags/public/contact", contact],
    ],
    { auth: false },
  ),
];

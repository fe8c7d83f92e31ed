/**
 * The map payload per company, built from the device cache and kept in memory as gzipped bytes,
 * so the map's data endpoint answers without touching PostgreSQL or re-serialising 10,000 devices.
 * Rebuilt when the cache changes (cacheVersion) or when statuses may have aged (every AGE_MS).
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
import { encodeLive, type MapStatic } from "~/lib/map-data";
import { requireAuthApi } from "~/services/auth.server";
import { authOf, byNickname, cacheVersion, companyRows, parseGeofenceGps, statusThresholds, toView } from "~/services/devices.server";

const AGE_MS = 15_000;

export type Encoded = { json: Buffer; gzip: Buffer; etag: string };
type Entry = { version: number; builtAt: number; staticPart: Encoded & { v: string }; live: Encoded };


function encode(value: unknown): Encoded {
  const json = Buffer.from(JSON.stringify(value));
  return { json, gzip: zlib.gzipSync(json, { level: 6 }), etag: `"${crypto.createHash("sha1").update(json).digest("base64url").slice(0, 16)}"` };
}

async function build(companyId: number, version: number): Promise<Entry> {
  const now = Date.now();
  const t = statusThresholds();
  const views = (await companyRows(companyId)).map((r) => toView(r, now, t)).sort(byNickname);
  const groups = new Map<number, string>();
  const tags = new Map<number, [string, string | null]>();
  for (const d of views) {
    for (const x of d.groups) groups.set(x.id, x.nickname);
    for (const x of d.tags) tags.set(x.id, [x.name, x.colour ?? null]);
  }
  const body = {
    imei: views.map((d) => d.imei),
    name: views.map((d) => d.nickname),
    icon: views.map((d) => d.avatar),
    type: views.map((d) => d.deviceTypeId),
    grp: views.map((d) => d.groups.map((x) => x.id)),
    tag: views.map((d) => d.tags.map((x) => x.id)),
    groups: [...groups].sort((a, b) => a[1].localeCompare(b[1], undefined, { sensitivity: "base" })),
    tags: [...tags].map(([id, [name, colour]]) => [id, name, colour] as [number, string, string | null]),
    fence: views.flatMap((d, i) => {
      const c = parseGeofenceGps(d.geofenceGps);
      return c && d.geofenceMeters ? [[i, Math.round(c.lat * 1e5), Math.round(c.lng * 1e5), d.geofenceMeters] as [number, number, number, number]] : [];
    }),
  };
  const v = crypto.createHash("sha1").update(JSON.stringify(body)).digest("base64url").slice(0, 12);
  const staticPart = { ...encode({ v, ...body } satisfies MapStatic), v };
  return { version, builtAt: now, staticPart, live: encode(encodeLive(v, now, views)) };
}

type Slot = { ready?: Entry; building?: Promise<Entry> };
const gs = globalThis as unknown as { __tracksmithMapSlots?: Map<number, Slot> };
const slots = () => (gs.__tracksmithMapSlots ??= new Map());

function rebuild(companyId: number, slot: Slot): Promise<Entry> {
  slot.building ??= build(companyId, cacheVersion(companyId))
    .then((e) => (slot.ready = e))
    .finally(() => (slot.building = undefined));
  return slot.building;
}

/**
 * The current payload of a company. Stale-while-revalidate: once one exists, a request never
 * waits for a rebuild (10,000 devices take a few hundred ms); the rebuild runs in the background.
 */
export async function mapPayload(companyId: number): Promise<Entry> {
  let slot = slots().get(companyId);
  if (!slot) slots().set(companyId, (slot = {}));
  const e = slot.ready;
  if (!e) return rebuild(companyId, slot);
  if (e.version !== cacheVersion(companyId) || Date.now() - e.builtAt >= AGE_MS) void rebuild(companyId, slot).catch(() => undefined);
  return e;
}

/** A response for the encoded bytes: gzip when the browser accepts it, 304 on a matching ETag. */
export function encodedResponse(request: Request, e: Encoded, cacheControl: string): Response {
  const headers = new Headers({ "Content-Type": "application/json", "Cache-Control": cacheControl, ETag: e.etag, Vary: "Accept-Encoding" });
  if (request.headers.get("If-None-Match") === e.etag) return new Response(null, { status: 304, headers });
  if (/\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "")) {
    headers.set("Content-Encoding", "gzip");
    headers.set("Content-Length", String(e.gzip.length));
    return new Response(new Uint8Array(e.gzip.buffer as ArrayBuffer, e.gzip.byteOffset, e.gzip.length), { headers });
  }
  headers.set("Content-Length", String(e.json.length));
  return new Response(new Uint8Array(e.json.buffer as ArrayBuffer, e.json.byteOffset, e.json.length), { headers });
}

const AUTH_MEMO_MS = 5000;
const authMemo = new Map<string, { at: number; auth: ReturnType<typeof authOf> }>();

/**
 * The session behind a map data request. The map polls and reconnects often; the same cookie is
 * checked against PostgreSQL at most every AUTH_MEMO_MS (a signed-out session keeps map access
 * for at most that long).
 */
export async function mapAuth(request: Request) {
  const cookie = request.headers.get("Cookie") ?? "";
  const hit = cookie ? authMemo.get(cookie) : undefined;
  const now = Date.now();
  if (hit && now - hit.at < AUTH_MEMO_MS && hit.auth) return hit.auth;
  const auth = authOf(await requireAuthApi(request));
  if (authMemo.size > 1000) authMemo.clear();
  if (cookie) authMemo.set(cookie, { at: now, auth });
  return auth;
}

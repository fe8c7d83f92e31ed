/**
 * The map payload per company, built from the device cache and kept in memory as gzipped bytes,
 * so the map's data endpoint answers without touching PostgreSQL or re-serialising 10,000 devices.
 * Rebuilt when the cache changes (cacheVersion) or when statuses may have aged (every AGE_MS).
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
import { encodeLive, type MapStatic } from "~/lib/map-data";
import { byNickname, cacheVersion, companyRows, parseGeofenceGps, statusThresholds, toView } from "~/services/devices.server";

const AGE_MS = 15_000;

export type Encoded = { json: Buffer; gzip: Buffer; etag: string };
type Entry = { version: number; builtAt: number; staticPart: Encoded & { v: string }; live: Encoded };

const g = globalThis as unknown as { __tracksmithMapData?: Map<number, Promise<Entry>> };
const entries = () => (g.__tracksmithMapData ??= new Map());

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

/** The current payload of a company (built at most once at a time). */
export async function mapPayload(companyId: number): Promise<Entry> {
  const version = cacheVersion(companyId);
  const current = entries().get(companyId);
  if (current) {
    const e = await current.catch(() => null);
    if (e && e.version === version && Date.now() - e.builtAt < AGE_MS) return e;
    if (entries().get(companyId) !== current) return mapPayload(companyId);
  }
  const next = build(companyId, version);
  entries().set(companyId, next);
  next.catch(() => entries().delete(companyId));
  return next;
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

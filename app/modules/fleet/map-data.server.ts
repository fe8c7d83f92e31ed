/**
 * The map payload per company, built from the device cache and kept in memory as gzipped bytes,
 * so the map's data endpoint answers without touching PostgreSQL or re-serialising 10,000 devices.
 * Rebuilt when the cache changes (cacheVersion here, remoteVersion when another process announced
 * a change) or when statuses may have aged (every AGE_MS). While PostgreSQL is unreachable the
 * payload in memory is served to the sessions this process already knows.
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
import { encodeLive, type MapStatic } from "./map-data-format";
import { authFromSession } from "~/services/auth.server";
import { readSessionQuick } from "~/services/session.server";
import { cacheVersion, parseGeofenceGps, statusThresholds, toView } from "./devices.server";
import { companyRows, touchCompany } from "./devices-read.server";
import { authOf } from "~/services/company-context.server";
import { byNickname, compareText } from "~/lib/text-order";
import { singleton } from "~/services/singleton.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/services/db-unavailable.server";
import type { SessionData } from "~/services/session.server";
import { ensureLiveChannel, remoteVersion } from "./live-feed.server";

const AGE_MS = 15_000;

export type Encoded = { json: Buffer; gzip: Buffer; etag: string };
type Entry = {
  version: string;
  builtAt: number;
  staticPart: Encoded & { v: string };
  live: Encoded;
};

function encode(value: unknown): Encoded {
  const json = Buffer.from(JSON.stringify(value));
  return {
    json,
    gzip: zlib.gzipSync(json, { level: 6 }),
    etag: `"${crypto.createHash("sha1").update(json).digest("base64url").slice(0, 16)}"`,
  };
}

const versionOf = (companyId: number) => `${cacheVersion(companyId)}|${remoteVersion(companyId)}`;

async function build(companyId: number, version: string, only?: readonly string[]): Promise<Entry> {
  const now = Date.now();
  const t = statusThresholds();
  const rows = await companyRows(companyId);
  const seen = only ? rows.filter((r) => only.includes(r.imei)) : rows;
  const views = seen.map((r) => toView(r, now, t)).sort(byNickname);
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
    groups: [...groups].sort((a, b) => compareText(a[1], b[1])),
    tags: [...tags].map(
      ([id, [name, colour]]) => [id, name, colour] as [number, string, string | null],
    ),
    fence: views.flatMap((d, i) => {
      const c = parseGeofenceGps(d.geofenceGps);
      return c && d.geofenceMeters
        ? [
            [i, Math.round(c.lat * 1e5), Math.round(c.lng * 1e5), d.geofenceMeters] as [
              number,
              number,
              number,
              number,
            ],
          ]
        : [];
    }),
  };
  const v = crypto.createHash("sha1").update(JSON.stringify(body)).digest("base64url").slice(0, 12);
  const staticPart = { ...encode({ v, ...body } satisfies MapStatic), v };
  return { version, builtAt: now, staticPart, live: encode(encodeLive(v, now, views)) };
}

type Slot = { ready?: Entry; building?: Promise<Entry> };
const slots = () => singleton("mapSlots", () => new Map<number, Slot>());

function rebuild(companyId: number, slot: Slot): Promise<Entry> {
  slot.building ??= build(companyId, versionOf(companyId))
    .then((e) => (slot.ready = e))
    .finally(() => (slot.building = undefined));
  return slot.building;
}

/**
 * The current payload of a company. Stale-while-revalidate: once one exists, a request never
 * waits for a rebuild (10,000 devices take a few hundred ms); the rebuild runs in the background.
 */
export async function mapPayload(companyId: number): Promise<Entry> {
  // Other processes' writes reach this cache through NOTIFY (live-feed.server.ts).
  ensureLiveChannel();
  let slot = slots().get(companyId);
  if (!slot) slots().set(companyId, (slot = {}));
  const e = slot.ready;
  if (!e) return rebuild(companyId, slot);
  if (e.version !== versionOf(companyId) || Date.now() - e.builtAt >= AGE_MS)
    void rebuild(companyId, slot).catch(() => undefined);
  return e;
}

export type MapDataRequest = {
  cookie: string | null;
  acceptEncoding: string | null;
  ifNoneMatch: string | null;
  part: string | null;
  v: string | null;
};
export type MapDataReply = { status: number; headers: Record<string, string>; body: Buffer | null };

/** The encoded bytes as a reply: gzip when the browser accepts it, 304 on a matching ETag. */
function encodedReply(req: MapDataRequest, e: Encoded, cacheControl: string): MapDataReply {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "Cache-Control": cacheControl,
    ETag: e.etag,
    Vary: "Accept-Encoding",
    "X-Content-Type-Options": "nosniff",
  };
  if (req.ifNoneMatch === e.etag) return { status: 304, headers, body: null };
  const gzip = /\bgzip\b/.test(req.acceptEncoding ?? "");
  const body = gzip ? e.gzip : e.json;
  if (gzip) headers["Content-Encoding"] = "gzip";
  headers["Content-Length"] = String(body.length);
  return { status: 200, headers, body };
}

/**
 * The map's data (app/lib/map-data.ts): `?part=static&v=` is immutable per version and cached by
 * the browser; the live part is small and revalidated with its ETag. Plain in, plain out, so the
 * Express server can answer it ahead of Remix's pipeline (server/http.ts) and the Remix route too.
 */
export async function serveMapData(req: MapDataRequest): Promise<MapDataReply> {
  const session = await sessionOf(req.cookie);
  if (session === "unavailable") return unavailable();
  const valid = session && authFromSession(session);
  if (!valid)
    return {
      status: 401,
      headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" },
      body: Buffer.from("Unauthorized"),
    };
  const auth = authOf(valid);
  let payload: Entry;
  try {
    await touchCompany(auth);
    // A restricted account (account–device links) gets its own payload of its linked devices,
    // built per request: such accounts see a few devices, and the company's cache stays shared.
    payload = auth.only
      ? await build(auth.companyId, versionOf(auth.companyId), auth.only)
      : await mapPayload(auth.companyId);
  } catch (e) {
    // Never the company's whole payload for a restricted account.
    const kept = auth.only ? undefined : slots().get(auth.companyId)?.ready;
    if (!isDatabaseUnavailable(e)) throw e;
    if (!kept) return unavailable();
    payload = kept; // PostgreSQL is away: what this process has in memory is the best answer
  }
  if (req.part === "static") {
    const immutable = req.v === payload.staticPart.v;
    return encodedReply(
      req,
      payload.staticPart,
      immutable ? "private, max-age=31536000, immutable" : "private, no-cache",
    );
  }
  return encodedReply(req, payload.live, "private, no-cache");
}

function unavailable(): MapDataReply {
  return {
    status: 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(RETRY_AFTER_SECONDS),
    },
    body: Buffer.from("The service is temporarily unavailable"),
  };
}

/** Sessions this process verified in the last minute: honoured while PostgreSQL is unreachable. */
const known = () =>
  singleton("mapDataSessions", () => new Map<string, { at: number; data: Partial<SessionData> }>());
const OUTAGE_GRACE_MS = 60_000;

async function sessionOf(cookie: string | null) {
  try {
    const data = await readSessionQuick(cookie);
    if (cookie && data) {
      if (known().size >= 5000) known().clear();
      known().set(cookie, { at: Date.now(), data });
    } else if (cookie) known().delete(cookie);
    return data;
  } catch (e) {
    if (!isDatabaseUnavailable(e)) throw e;
    const hit = cookie ? known().get(cookie) : undefined;
    return hit && Date.now() - hit.at < OUTAGE_GRACE_MS ? hit.data : "unavailable";
  }
}

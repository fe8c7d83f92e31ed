/**
 * Addresses of positions (issue 17): the upstream's reverse geocoding, cached in PostgreSQL
 * (AddressCache). The `accurateAddress` setting picks the level: street (a house number on the
 * nearest road, on a 1e-4° grid, about 11 m) or suburb (on a 1e-2° grid, about 1 km). The upstream
 * is asked for the cell's centre, so a cached row is exactly the answer for every position in it.
 *
 * A page never waits long: lookups of cells not cached yet run (a few at a time, each cell once
 * per process) within `budgetMs`; what is not back by then is null for now and is in the cache
 * for the next read. "No address here" is cached too (for a day); failures are not cached.
 */
import { upstream } from "~/services/api.server";
import type { Auth } from "~/services/company-context.server";
import { prisma } from "~/services/db.server";
import { cleanOptional } from "~/lib/input";
import { logError } from "~/services/log.server";
import { singleton } from "~/services/singleton.server";
import {
  reverseGeocode,
  searchPlaces,
  type AddressLevel,
  type Place,
} from "./geocode-upstream.server";

export type { AddressLevel };

const SCALE: Record<AddressLevel, number> = { street: 1e4, suburb: 1e2 };
const FOUND_TTL_MS = 30 * 86_400_000;
const NOT_FOUND_TTL_MS = 86_400_000;
const PARALLEL = 4;
/** At most this many cells are asked of the upstream per read (the rest wait for a later read). */
export const MAX_LOOKUPS = 60;

export const levelOf = (accurate: boolean): AddressLevel => (accurate ? "street" : "suburb");

/** The grid cell of a position at a level, and the cell's centre (what the upstream is asked). */
export function cellOf(lat: number, lng: number, level: AddressLevel) {
  const s = SCALE[level];
  const latKey = Math.round(lat * s);
  const lngKey = Math.round(lng * s);
  return { latKey, lngKey, lat: latKey / s, lng: lngKey / s, key: `${level}:${latKey}:${lngKey}` };
}

type Cell = ReturnType<typeof cellOf>;
const inflight = () => singleton("addressLookups", () => new Map<string, Promise<string | null>>());

async function lookup(auth: Auth, cell: Cell, level: AddressLevel): Promise<string | null> {
  const a = await reverseGeocode(upstream(auth.token), cell.lat, cell.lng, level);
  const now = Date.now();
  const data = {
    // PostgreSQL refuses U+0000 in text: the upstream's address is cleaned of control characters.
    label: cleanOptional(a?.label ?? null),
    suburb: cleanOptional(a?.suburb ?? null),
    street: cleanOptional(a?.street ?? null),
    fetchedAt: new Date(now),
    expiresAt: new Date(now + (a ? FOUND_TTL_MS : NOT_FOUND_TTL_MS)),
  };
  await prisma.addressCache.upsert({
    where: { level_latKey_lngKey: { level, latKey: cell.latKey, lngKey: cell.lngKey } },
    create: { level, latKey: cell.latKey, lngKey: cell.lngKey, ...data },
    update: data,
  });
  return data.label;
}

function lookupOnce(auth: Auth, cell: Cell, level: AddressLevel): Promise<string | null> {
  const map = inflight();
  let p = map.get(cell.key);
  if (!p) {
    p = lookup(auth, cell, level).finally(() => map.delete(cell.key));
    map.set(cell.key, p);
  }
  return p;
}

async function runLimited<T>(items: T[], n: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!).catch(() => undefined);
    }),
  );
}

export type AddressOptions = { budgetMs?: number; now?: number };

/**
 * The address of each position (null: none known yet, or none there), from the cache, asking the
 * upstream for missing cells within the budget.
 */
export async function addressesFor(
  auth: Auth,
  points: { lat: number; lng: number }[],
  level: AddressLevel,
  { budgetMs = 1500, now = Date.now() }: AddressOptions = {},
): Promise<(string | null)[]> {
  const cells = points.map((p) => cellOf(p.lat, p.lng, level));
  const unique = new Map(cells.map((c) => [c.key, c]));
  const known = new Map<string, string | null>();
  if (unique.size) {
    const rows = await prisma.addressCache.findMany({
      where: {
        level,
        expiresAt: { gt: new Date(now) },
        OR: [...unique.values()].map((c) => ({ latKey: c.latKey, lngKey: c.lngKey })),
      },
      select: { latKey: true, lngKey: true, label: true },
    });
    for (const r of rows) known.set(`${level}:${r.latKey}:${r.lngKey}`, r.label);
  }
  const missing = [...unique.values()].filter((c) => !known.has(c.key)).slice(0, MAX_LOOKUPS);
  if (missing.length) {
    const work = runLimited(missing, PARALLEL, async (c) => {
      try {
        known.set(c.key, await lookupOnce(auth, c, level));
      } catch (e) {
        logError("addresses", e);
      }
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      work,
      new Promise<void>((r) => (timer = setTimeout(r, Math.max(0, budgetMs)))),
    ]);
    clearTimeout(timer);
  }
  return cells.map((c) => known.get(c.key) ?? null);
}

/** Removes expired rows (the job worker calls it now and then; reads ignore them anyway). */
export async function pruneAddresses(now = Date.now()) {
  return (await prisma.addressCache.deleteMany({ where: { expiresAt: { lte: new Date(now) } } }))
    .count;
}

export type PlaceResult = { places: Place[]; error: string | null };

/**
 * The map's address search. Coordinates typed as "lat, lng" are a place of their own; other text
 * goes to the upstream's place search. A failure is said, not thrown (the map stays usable).
 */
export async function findPlaces(auth: Auth, text: string): Promise<PlaceResult> {
  const q = text.trim().slice(0, 200);
  const m = q.match(/^(-?\d{1,2}(?:\.\d+)?)\s*[,\s]\s*(-?\d{1,3}(?:\.\d+)?)$/);
  if (m) {
    const lat = Number(m[1]);
    const lng = Number(m[2]);
    if (Math.abs(lat) <= 90 && Math.abs(lng) <= 180) {
      const [label] = await addressesFor(auth, [{ lat, lng }], "street", { budgetMs: 3000 });
      return {
        places: [{ label: label ?? `${lat}, ${lng}`, kind: "street", lat, lng }],
        error: null,
      };
    }
  }
  if (q.length < 2) return { places: [], error: "Type at least two characters." };
  try {
    return { places: await searchPlaces(upstream(auth.token), q), error: null };
  } catch (e) {
    logError("addresses", e);
    return { places: [], error: "The address search is not available right now." };
  }
}

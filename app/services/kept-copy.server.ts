/**
 * The last good answer of every loader, kept in this process, so a page whose data the tracking
 * service does not give right now shows what it had instead of an error page (and a failed save
 * does not replace the form the user typed into). Keyed by the route, the address and the session
 * cookie: a copy is only ever given back to the session it was made for, and only after the
 * loader's own guard has let that session in again. Bounded in size and age.
 */
import crypto from "node:crypto";
import { KEPT_FIELD, type KeptMark } from "~/lib/kept-copy";
import { sessionCookieName } from "~/services/session.server";
import { singleton } from "~/services/singleton.server";

const MAX_ENTRY_BYTES = 1_000_000;
const MAX_TOTAL_BYTES = 48_000_000;
const MAX_AGE_MS = 24 * 3600_000;

type Entry = { body: string; at: number };
const store = singleton("kept-copies", () => ({ map: new Map<string, Entry>(), bytes: 0 }));

/** The session cookie's value ("" without one): flash cookies change on every page. */
function sessionOf(request: Request): string {
  const name = `${sessionCookieName()}=`;
  const pair = (request.headers.get("cookie") ?? "").split(/;\s*/).find((p) => p.startsWith(name));
  return pair?.slice(name.length) ?? "";
}

export function keptCopyKey(routeId: string, request: Request): string | null {
  const session = sessionOf(request);
  if (!session) return null;
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  return crypto
    .createHash("sha256")
    .update(`${routeId}\n${url.pathname}${url.search}\n${session}`)
    .digest("base64url");
}

function drop(key: string) {
  const old = store.map.get(key);
  if (!old) return;
  store.bytes -= old.body.length;
  store.map.delete(key);
}

/** Keeps a loader's JSON answer (a plain object) as the last good copy. */
export function keepCopy(key: string, body: string, now = Date.now()) {
  drop(key);
  if (body.length > MAX_ENTRY_BYTES || !body.startsWith("{")) return;
  store.map.set(key, { body, at: now });
  store.bytes += body.length;
  // Oldest first (insertion order): drop until within the bound.
  for (const oldest of store.map.keys()) {
    if (store.bytes <= MAX_TOTAL_BYTES) break;
    drop(oldest);
  }
}

/** The last good copy with its age marked, or null when there is none young enough. */
export function keptCopy(key: string, now = Date.now()): Record<string, unknown> | null {
  const entry = store.map.get(key);
  if (!entry) return null;
  if (now - entry.at > MAX_AGE_MS) {
    drop(key);
    return null;
  }
  const data = JSON.parse(entry.body) as Record<string, unknown>;
  const mark: KeptMark = { ageMinutes: Math.max(0, Math.round((now - entry.at) / 60_000)) };
  return { ...data, [KEPT_FIELD]: mark };
}

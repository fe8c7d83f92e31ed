/**
 * Rendered pages, reused while their loader data is the same. A page's HTML is a function of its
 * address, its loader data and the clock, and rendering it costs far more than its loaders: with
 * 10,000 devices, most of a fleet page's time was React and Mantine rendering the same menu and
 * rows again. Loaders (and with them every permission check and the freshest data) still run on
 * every request; only the rendering is skipped when their data is exactly what a kept page was
 * rendered from. Each answer gets its own CSP nonce in place of the one the page was rendered with.
 * Two people share a kept page only if their loader data is identical (it names the user), so
 * nothing of one reaches another. Texts that age with the clock ("2 min ago") are at most
 * COOKIE_TTL_MS old.
 */
import crypto from "node:crypto";
import type { EntryContext } from "@remix-run/node";

/** Sign-in pages: nothing in them ages. */
const ANONYMOUS_TTL_MS = 60_000;
/** A signed-in page: relative times and "today" stay close to the clock. */
const COOKIE_TTL_MS = 10_000;
const MAX_BYTES = 48 * 1024 * 1024;

type Page = { html: string; nonce: string; at: number; ttl: number };
const pages = new Map<string, Page>();
let bytes = 0;
const counts = { hits: 0, misses: 0 };

export type PageKey = { key: string; ttlMs: number };

/**
 * The key of a page that may be reused, or null: a GET answered 200 with neither action data nor
 * errors, and no deferred data (a promise does not show in its JSON).
 */
export function reusablePageKey(
  request: Request,
  status: number,
  context: EntryContext,
): PageKey | null {
  if (request.method !== "GET" || status !== 200) return null;
  const { loaderData, actionData, errors, activeDeferreds } = context.staticHandlerContext;
  if (actionData || errors) return null;
  if (activeDeferreds && Object.keys(activeDeferreds).length > 0) return null;
  const key = crypto
    .createHash("sha256")
    .update(request.url)
    .update("\n")
    .update(JSON.stringify(loaderData))
    .digest("base64");
  return { key, ttlMs: request.headers.has("cookie") ? COOKIE_TTL_MS : ANONYMOUS_TTL_MS };
}

/** The kept HTML with `nonce` in place of its own, or null. */
export function cachedPage(key: string, nonce: string, now = Date.now()): string | null {
  const page = pages.get(key);
  if (page && now - page.at > page.ttl) drop(key);
  if (!page || !pages.has(key)) {
    counts.misses++;
    return null;
  }
  counts.hits++;
  return page.html.split(page.nonce).join(nonce);
}

export function keepPage(
  key: string,
  html: string,
  nonce: string,
  now = Date.now(),
  ttl = ANONYMOUS_TTL_MS,
) {
  // A nonce too short to be unique in the page could not be swapped safely.
  if (nonce.length < 16) return;
  drop(key);
  pages.set(key, { html, nonce, at: now, ttl });
  bytes += html.length;
  // Oldest first in a Map: drop the oldest beyond the bound.
  while (bytes > MAX_BYTES) drop(pages.keys().next().value!);
}

function drop(key: string) {
  const page = pages.get(key);
  if (!page) return;
  bytes -= page.html.length;
  pages.delete(key);
}

/** Pages answered from the cache and rendered, since the start (the figures of the `load` bench). */
export function pageCacheStats() {
  return { ...counts, pages: pages.size, bytes };
}

export function forgetPages() {
  pages.clear();
  bytes = 0;
}

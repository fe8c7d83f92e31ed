/**
 * Rendered pages of visitors without a cookie (the sign-in pages): no session, no toast, the same
 * HTML for everyone who gets the same loader data. Rendering one costs far more than its loaders,
 * so the HTML is kept for a minute per address and loader data, and each answer gets its own CSP
 * nonce in place of the one it was rendered with. Anything with a cookie is rendered every time.
 */
import type { EntryContext } from "@remix-run/node";

const TTL_MS = 60_000;
const MAX_PAGES = 64;

type Page = { html: string; nonce: string; at: number };
const pages = new Map<string, Page>();

/** The key of a page that may be kept, or null: a GET without cookies answered 200. */
export function anonymousPageKey(
  request: Request,
  status: number,
  context: EntryContext,
): string | null {
  if (request.method !== "GET" || status !== 200 || request.headers.has("cookie")) return null;
  const { loaderData, actionData, errors } = context.staticHandlerContext;
  if (actionData || errors) return null;
  return `${request.url}\n${JSON.stringify(loaderData)}`;
}

/** The kept HTML with `nonce` in place of its own, or null. */
export function cachedPage(key: string, nonce: string, now = Date.now()): string | null {
  const page = pages.get(key);
  if (!page) return null;
  if (now - page.at > TTL_MS) {
    pages.delete(key);
    return null;
  }
  return page.html.split(page.nonce).join(nonce);
}

export function keepPage(key: string, html: string, nonce: string, now = Date.now()) {
  // A nonce too short to be unique in the page could not be swapped safely.
  if (nonce.length < 16) return;
  pages.delete(key);
  pages.set(key, { html, nonce, at: now });
  // Oldest first in a Map: drop the oldest beyond the bound.
  while (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
}

export function forgetPages() {
  pages.clear();
}

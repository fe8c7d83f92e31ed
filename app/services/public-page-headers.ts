import type { HeadersFunction } from "@remix-run/node";

/**
 * A page opened by a secret link (the token or code is in its address: /track/…, /forms/…,
 * /tickets/approve/…, /verify/…, a shared asset dashboard) must not be kept by a cache on the way,
 * nor hand the link to the next site in a Referer: one set of headers for all of them.
 * "same-origin", not "no-referrer": under no-referrer the browser sends `Origin: null` with the
 * page's own form posts (an answer, an approval), which Remix refuses as a possible CSRF.
 */
export const PUBLIC_TOKEN_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex",
} as const;

/**
 * The route's `headers` export. Without one, Remix gives the HTML document none of the loader's
 * headers (only its ?_data answer had them), error pages of the route included.
 */
export const publicTokenHeaders: HeadersFunction = () => PUBLIC_TOKEN_HEADERS;

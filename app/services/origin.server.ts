import type { IncomingHttpHeaders } from "node:http";
import { getEnv } from "./env.server";

/**
 * Remix v2 has no Origin check of its own. A state-changing request must come from our own
 * origin; browsers send Origin on every cross-site POST, so a foreign or "null" Origin is refused.
 * Requests without Origin (curl, server-to-server) fall back to Sec-Fetch-Site when present.
 */
export function sameOriginRequest(headers: IncomingHttpHeaders, protocol: string): boolean {
  const host = headers["x-forwarded-host"] ?? headers.host;
  const origin = headers.origin;
  if (origin) {
    if (origin === "null") return false;
    try {
      const url = new URL(origin);
      return url.host === host && (url.protocol === `${protocol}:` || getEnv().TRUST_PROXY);
    } catch {
      return false;
    }
  }
  const site = headers["sec-fetch-site"];
  return site === undefined || site === "same-origin" || site === "none";
}

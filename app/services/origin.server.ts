import type { IncomingHttpHeaders } from "node:http";
import { getEnv } from "./env.server";

const first = (v: string | string[] | undefined) =>
  (Array.isArray(v) ? v[0] : v)?.split(",")[0]?.trim() || undefined;

/**
 * The host the browser addressed: the Host header, or X-Forwarded-Host only behind a reverse proxy
 * we trust (TRUST_PROXY=1); otherwise anyone could name the host a request is checked against.
 */
export function requestHost(headers: IncomingHttpHeaders): string | undefined {
  const forwarded = getEnv().TRUST_PROXY ? first(headers["x-forwarded-host"]) : undefined;
  return forwarded ?? headers.host;
}

function sameSite(address: string, host: string | undefined, protocol: string): boolean {
  try {
    const url = new URL(address);
    return url.host === host && (url.protocol === `${protocol}:` || getEnv().TRUST_PROXY);
  } catch {
    return false;
  }
}

/**
 * Remix v2 has no Origin check of its own. A state-changing request must come from our own
 * origin; browsers send Origin on every cross-site POST, so a foreign or "null" Origin is refused.
 * Without Origin, Sec-Fetch-Site (when sent) must say same-origin, and a Referer (when sent) must be
 * one of our pages. A request with neither (curl, server-to-server) carries no browser's cookies
 * by accident: the session cookie is SameSite=Lax.
 */
export function sameOriginRequest(headers: IncomingHttpHeaders, protocol: string): boolean {
  const host = requestHost(headers);
  const origin = headers.origin;
  if (origin) return origin !== "null" && sameSite(origin, host, protocol);
  const site = headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  const referer = headers.referer;
  return !referer || sameSite(referer, host, protocol);
}

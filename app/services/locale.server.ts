import { localeForCountry, localeFromAcceptLanguage, type DateLocale } from "~/lib/locale";
import { getEnv } from "~/services/env.server";
import { logInfo } from "~/services/log.server";

const cache = new Map<string, { country: string | null; at: number }>();
const CACHE_MS = 6 * 3_600_000;
const LOOKUP_TIMEOUT_MS = 800;

/**
 * The country of a client address from the IP-location service named by IP_LOCATION_URL (optional).
 * The URL may hold `{ip}`; otherwise the address is appended as a path segment. The answer is JSON
 * with `country_code`, `countryCode` or `country` (ISO 3166 alpha-2). Failures fall back silently.
 */
async function countryOf(address: string): Promise<string | null> {
  const url = getEnv().IP_LOCATION_URL;
  if (!url || !address || address === "unknown") return null;
  const hit = cache.get(address);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.country;
  let country: string | null = null;
  try {
    const target = url.includes("{ip}")
      ? url.replace("{ip}", encodeURIComponent(address))
      : `${url.replace(/\/$/, "")}/${encodeURIComponent(address)}`;
    const res = await fetch(target, { signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) });
    if (res.ok) {
      const body = (await res.json()) as Record<string, unknown>;
      const value = body.country_code ?? body.countryCode ?? body.country;
      country =
        typeof value === "string" && /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : null;
    }
  } catch (error) {
    logInfo("locale", `IP location lookup failed: ${(error as Error).message}`);
  }
  cache.set(address, { country, at: Date.now() });
  return country;
}

/** The date locale of a request: the IP's country where configured, else the Accept-Language header. */
export async function dateLocaleFor(request: Request, clientAddress: string): Promise<DateLocale> {
  return (
    localeForCountry(await countryOf(clientAddress)) ??
    localeFromAcceptLanguage(request.headers.get("accept-language"))
  );
}

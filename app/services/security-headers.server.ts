import { getEnv } from "./env.server";

/**
 * Browser features the app never uses, turned off for the page and every frame in it. Fullscreen
 * stays for our own pages (map controls); geolocation is off: the app shows where the fleet's
 * devices are, never where the browser is.
 */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=()",
  "camera=()",
  "display-capture=()",
  "encrypted-media=()",
  "fullscreen=(self)",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=()",
  "publickey-credentials-get=()",
  "screen-wake-lock=()",
  "serial=()",
  "usb=()",
  "xr-spatial-tracking=()",
].join(", ");

/**
 * The CSP source of a Leaflet tile URL template: its scheme and host (and port), with a `{s}`-style
 * placeholder in the host widened to a `*.` wildcard, e.g. https://{s}.tile.example.org/{z}/{x}/{y}
 * → https://*.tile.example.org.
 */
export function tileSource(template: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template);
  if (!m) return null;
  let host = m[2]!.replace(/^[^@]*@/, "");
  if (host.includes("{")) {
    const labels = host.split(".");
    const last = labels.findLastIndex((l) => l.includes("{"));
    const rest = labels.slice(last + 1);
    if (rest.length < 2 || rest.join(".").includes("{")) return `${m[1]!.toLowerCase()}:`;
    host = ["*", ...rest].join(".");
  }
  return `${m[1]!.toLowerCase()}://${host.toLowerCase()}`;
}

/** Where images may come from: ourselves (and the /media proxy), data: and blob:, tiles, MEDIA_HOSTS. */
export function imageSources(): string[] {
  const env = getEnv();
  const tiles = [env.MAP_TILES_NORMAL, env.MAP_TILES_SATELLITE, env.MAP_TILES_RAIL].map(tileSource);
  const media = (env.MEDIA_HOSTS ?? "").split(",").map((h) => h.trim().replace(/\/+$/, ""));
  const sources = ["'self'", "data:", "blob:", ...tiles, ...media].filter(Boolean) as string[];
  return [...new Set(sources)];
}

/**
 * Headers for every response, static files and errors included (set by server/http.ts before
 * anything answers): no MIME sniffing, and no window of another origin keeps a handle on ours.
 */
export function baseSecurityHeaders(): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Referrer-Policy": "strict-origin-when-cross-origin",
  };
}

/**
 * The payment provider's origin: "Add a card" posts to us and we redirect to its hosted page,
 * which browsers check against form-action.
 */
function paymentOrigin(): string {
  const env = getEnv();
  const url = env.PAYMENT_PROVIDER_URL ?? env.UPSTREAM_API_URL;
  try {
    return url ? ` ${new URL(url).origin}` : "";
  } catch {
    return "";
  }
}

/**
 * The courier's pages may ask where the browser is (the proof of delivery's place); the policy is
 * the document's, kept across client navigation, so the list page needs it too. Elsewhere it is off.
 */
const GEOLOCATION_PAGES = /^\/courier(\/|$)/;

/** Headers every HTML page carries; the CSP nonce is fresh per request (made in server/http.ts). */
export function securityHeaders(nonce: string, pathname = ""): Record<string, string> {
  const production = getEnv().NODE_ENV === "production";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'` + (production ? "" : " 'unsafe-eval'"),
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imageSources().join(" ")}`,
    "font-src 'self' data:",
    "connect-src 'self'" + (production ? "" : " ws://localhost:* ws://127.0.0.1:*"),
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `form-action 'self'${paymentOrigin()}`,
  ].join("; ");
  const headers: Record<string, string> = {
    ...baseSecurityHeaders(),
    "Content-Security-Policy": csp,
    "X-Frame-Options": "DENY",
    "Permissions-Policy": GEOLOCATION_PAGES.test(pathname)
      ? PERMISSIONS_POLICY.replace("geolocation=()", "geolocation=(self)")
      : PERMISSIONS_POLICY,
  };
  if (production) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

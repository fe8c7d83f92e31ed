/**
 * Only ever a same-site path: `//x`, `/\x`, absolute URLs, `..` segments and control characters
 * all fall back to the default.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = "/dashboard/assets",
): string {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Control characters and backslashes are how open redirects hide: refuse them outright.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(to)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  if (
    decoded.startsWith("//") ||
    decoded.startsWith("/\\") ||
    decoded.split(/[/?#]/).includes("..")
  )
    return fallback;
  if (/^\/+(login|logout)\b/.test(to)) return fallback;
  return to;
}

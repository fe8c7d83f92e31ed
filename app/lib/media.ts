/**
 * Photos and icons the upstream serves as paths on its own host reach the browser through our
 * /media proxy (the browser never talks to the upstream, and never sees its token).
 */
export function mediaUrl(src: string | null | undefined): string | undefined {
  if (!src) return undefined;
  if (/^(https:|data:image\/)/.test(src)) return src;
  if (src.startsWith("/") && !src.startsWith("//")) return `/media${src}`;
  return undefined;
}

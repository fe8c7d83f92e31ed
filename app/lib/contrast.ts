/**
 * WCAG 2.1 colour contrast, for the theme: every text colour it derives is checked here against the
 * surfaces it is drawn on (SC 1.4.3, 4.5:1 for normal text). Pure, hex colours only (#rgb, #rrggbb).
 */
export const AA_TEXT = 4.5;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  const h = hex.replace("#", "");
  const full = h.length === 3 ? [...h].map((c) => c + c).join("") : h.slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function hexOf(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Relative luminance (WCAG 2.1). */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `over` painted with `alpha` opacity on `base` (what a translucent tint looks like). */
export function blend(base: string, over: string, alpha: number): string {
  const b = rgbOf(base);
  const o = rgbOf(over);
  return hexOf([0, 1, 2].map((i) => b[i] * (1 - alpha) + o[i] * alpha) as Rgb);
}

/**
 * `color`, moved towards black (or white, `lighten`) in small steps until it reads at `min` on
 * every one of `backgrounds`; unchanged when it already does. Keeps the hue of the brand colour.
 */
export function readableOn(
  color: string,
  backgrounds: string[],
  { min = AA_TEXT, lighten = false }: { min?: number; lighten?: boolean } = {},
): string {
  const target = lighten ? "#ffffff" : "#000000";
  const ok = (c: string) => backgrounds.every((bg) => contrastRatio(c, bg) >= min);
  for (let step = 0; step <= 40; step++) {
    const candidate = blend(color, target, step / 40);
    if (ok(candidate)) return candidate;
  }
  return target;
}

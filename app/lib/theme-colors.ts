import {
  defaultVariantColorsResolver,
  parseThemeColor,
  rgba,
  type MantineTheme,
  type VariantColorsResolver,
} from "@mantine/core";
import { blend, readableOn } from "~/lib/contrast";

/**
 * WCAG 2.1 AA colours for every theme (SC 1.4.3). Mantine draws text in a colour's shade 6 (light)
 * or 3 (dark) on white, on the colour's own 10 % tint, or white on shade 6: the brand green
 * #12b886 read 2.3–2.6:1 that way. Here every text colour a theme derives — each palette colour's
 * text, light-variant, outline and filled colours, links, dimmed text, errors, and any hex colour
 * given to a component (the device status colours) — is moved towards black (light themes) or
 * white (dark) just far enough to read at 4.6:1 on every surface of that theme and on its tints.
 * The hues stay; only shades that failed change.
 */
const MIN = 4.6;
const WHITE = "#ffffff";
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export type Scheme = "light" | "dark";

/** The surfaces text is drawn on, per theme: body, cards, inputs, striped and hovered rows. */
export function surfacesOf(themeName: string, theme: Pick<MantineTheme, "colors">): string[] {
  const { gray, dark } = theme.colors;
  if (themeName === "DARK") return [dark[7], dark[6], dark[5], dark[8]];
  const own = themeName === "NATURE" ? [NATURE_BODY, NATURE_DEFAULT] : [];
  return [WHITE, gray[0], gray[1], ...own];
}

export const NATURE_BODY = "#f5f1e6";
export const NATURE_DEFAULT = "#fbf8f0";

/** The strongest tint of a light variant (its hover) per scheme: Mantine's, and ours on dark. */
const TINT = { light: 0.12, dark: 0.25 } as const;

/** A text colour from `base` that reads on every surface and on `tint`'s translucent fill of it. */
export function textColour(base: string, scheme: Scheme, surfaces: string[], tint = base): string {
  const backgrounds = [...surfaces, ...surfaces.map((s) => blend(s, tint, TINT[scheme]))];
  return readableOn(base, backgrounds, { min: MIN, lighten: scheme === "dark" });
}

/** A fill from `base` on which white text reads (buttons, filled badges). */
export function fillColour(base: string): string {
  return readableOn(base, [WHITE], { min: MIN });
}

/** The per-colour CSS variables Mantine's components read, made readable for one scheme. */
export function accessibleColourVariables(
  theme: Pick<MantineTheme, "colors" | "primaryColor">,
  scheme: Scheme,
  surfaces: string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    // Mantine's own choices: tints from shade 6, text from 6 (light) or 3 (dark), fill 6 or 8.
    const text = textColour(
      scheme === "light" ? shades[6] : shades[3],
      scheme,
      surfaces,
      shades[6],
    );
    const filled = fillColour(scheme === "light" ? shades[6] : shades[8]);
    out[`--mantine-color-${name}-text`] = text;
    out[`--mantine-color-${name}-light-color`] = text;
    out[`--mantine-color-${name}-outline`] = text;
    out[`--mantine-color-${name}-filled`] = filled;
    out[`--mantine-color-${name}-filled-hover`] = blend(filled, "#000000", 0.12);
  }
  const { gray, dark, red } = theme.colors;
  const primary = theme.colors[theme.primaryColor];
  out["--mantine-color-anchor"] = textColour(
    scheme === "light" ? primary[6] : primary[4],
    scheme,
    surfaces,
  );
  // Dimmed text also sits on the primary colour's tint (the active menu entry).
  out["--mantine-color-dimmed"] = textColour(
    scheme === "light" ? gray[6] : dark[2],
    scheme,
    surfaces,
    primary[6],
  );
  out["--mantine-color-error"] = textColour(scheme === "light" ? red[6] : red[8], scheme, surfaces);
  return out;
}

/**
 * The same rule for colours the CSS variables cannot cover: a hex colour or a palette shade given
 * to a component (`color="#f08c00"`, `color="teal.4"`). Palette names keep Mantine's variables,
 * which accessibleColourVariables already fixed.
 */
export function accessibleVariantResolver(
  scheme: Scheme,
  surfaces: string[],
): VariantColorsResolver {
  return (input) => {
    const result = defaultVariantColorsResolver(input);
    const parsed = parseThemeColor({ color: input.color, theme: input.theme });
    const value = parsed.value;
    if ((parsed.isThemeColor && parsed.shade === undefined) || !HEX.test(value ?? ""))
      return result;
    switch (input.variant) {
      case "filled": {
        const fill = fillColour(value);
        return { ...result, background: fill, hover: blend(fill, "#000000", 0.12) };
      }
      case "light":
      case "subtle":
      case "transparent": {
        const color = textColour(value, scheme, surfaces);
        // On a dark surface a 10 % tint of a dark colour (grey) vanishes: a stronger one there.
        const [rest, hover] = scheme === "dark" ? [0.2, TINT.dark] : [0.1, TINT.light];
        return {
          ...result,
          color,
          ...(input.variant === "light"
            ? { background: rgba(value, rest), hover: rgba(value, hover) }
            : {}),
        };
      }
      case "outline": {
        const color = textColour(value, scheme, surfaces);
        return { ...result, color, border: `1px solid ${color}` };
      }
      default:
        return result;
    }
  };
}

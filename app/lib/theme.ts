import {
  Checkbox,
  createTheme,
  DEFAULT_THEME,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from "@mantine/core";
import type { Settings } from "~/lib/settings";
import {
  accessibleColourVariables,
  accessibleVariantResolver,
  NATURE_BODY,
  NATURE_DEFAULT,
  surfacesOf,
} from "~/lib/theme-colors";

/** SPEC §9 constants of the shell. */
export const DRAWER_WIDTH = 280;
export const DRAWER_COLLAPSED_WIDTH = 80;
export const DOCS_DRAWER_WIDTH = 256;
export const TOP_BAR_HEIGHT = 64;
export const CORNER_RADIUS = 16;
export const MAX_SNACKBARS = 3;

/** The NATURE theme's primary colour: moss green, from pale lichen to forest. */
const nature: MantineColorsTuple = [
  "#f1f7ec",
  "#e2eed8",
  "#c4dcb0",
  "#a4c985",
  "#89b960",
  "#77ae49",
  "#6b9e3d",
  "#5a8732",
  "#4c752a",
  "#3c5f20",
];

/** Warm earth browns for NATURE accents. */
const earth: MantineColorsTuple = [
  "#f8f3ee",
  "#ece2d6",
  "#d9c3aa",
  "#c5a27b",
  "#b58654",
  "#ab763c",
  "#a66d30",
  "#915c24",
  "#82511e",
  "#714415",
];

/** NATURE's page background and surfaces (parchment rather than white). */
export { NATURE_BODY };

const RESPONSIVE_FONT_SIZES = {
  xs: "clamp(0.7rem, 0.66rem + 0.15vw, 0.8rem)",
  sm: "clamp(0.8rem, 0.75rem + 0.2vw, 0.9rem)",
  md: "clamp(0.9rem, 0.84rem + 0.25vw, 1.05rem)",
  lg: "clamp(1rem, 0.93rem + 0.3vw, 1.2rem)",
  xl: "clamp(1.1rem, 1rem + 0.4vw, 1.35rem)",
};

const COMPACT_SPACING = { xs: "0.375rem", sm: "0.5rem", md: "0.75rem", lg: "1rem", xl: "1.5rem" };

const base = {
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  colors: { nature, earth },
  // Every page has one h1, its title: the same size on every page (Mantine's h2 scale).
  headings: { sizes: { h1: { fontSize: "1.625rem", lineHeight: "1.35" } } },
  // Rounded corners would make a checkbox a circle, which reads as a pick-one radio button.
  components: { Checkbox: Checkbox.extend({ defaultProps: { radius: "sm" } }) },
};

/** The Mantine theme for a set of user settings (applies without a reload: the provider re-renders). */
export function themeFor(
  settings: Pick<Settings, "theme" | "roundedCorners" | "responsiveFontSizes" | "compact">,
): MantineThemeOverride {
  const scheme = colorSchemeFor(settings.theme);
  const surfaces = surfacesOf(settings.theme, {
    colors: { ...DEFAULT_THEME.colors, ...base.colors },
  });
  // Only set what differs: an explicit undefined would wipe Mantine's own scales.
  return createTheme({
    ...base,
    primaryColor: settings.theme === "NATURE" ? "nature" : "teal",
    variantColorResolver: accessibleVariantResolver(scheme, surfaces),
    defaultRadius: settings.roundedCorners ? CORNER_RADIUS : "xs",
    ...(settings.roundedCorners
      ? { radius: { md: `${CORNER_RADIUS}px`, lg: `${CORNER_RADIUS}px` } }
      : {}),
    ...(settings.responsiveFontSizes ? { fontSizes: RESPONSIVE_FONT_SIZES } : {}),
    ...(settings.compact ? { spacing: COMPACT_SPACING } : {}),
    other: { themeName: settings.theme },
  });
}

const resolved = new Map<string, ReturnType<CSSVariablesResolver>>();

/**
 * NATURE repaints the body and the surfaces; LIGHT and DARK keep Mantine's own. Every theme's text
 * colours are made to read at WCAG AA on its surfaces (theme-colors.ts).
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const name = String(theme.other?.themeName ?? "LIGHT");
  const key = `${name}|${theme.primaryColor}`;
  const cached = resolved.get(key);
  if (cached) return cached;
  const nature: Record<string, string> =
    name === "NATURE"
      ? {
          "--mantine-color-body": NATURE_BODY,
          "--mantine-color-default": NATURE_DEFAULT,
          "--mantine-color-default-border": "#d9cfb8",
          "--mantine-color-text": "#2f3a24",
        }
      : {};
  const lightSurfaces = surfacesOf(name === "DARK" ? "LIGHT" : name, theme);
  const out = {
    variables: {},
    light: { ...accessibleColourVariables(theme, "light", lightSurfaces), ...nature },
    dark: accessibleColourVariables(theme, "dark", surfacesOf("DARK", theme)),
  };
  resolved.set(key, out);
  return out;
};

/** The colour scheme Mantine renders for a theme name. */
export function colorSchemeFor(theme: Settings["theme"]): "light" | "dark" {
  return theme === "DARK" ? "dark" : "light";
}

/** Kept for code that wants the default theme without settings. */
export const theme = themeFor({
  theme: "LIGHT",
  roundedCorners: true,
  responsiveFontSizes: true,
  compact: false,
});

import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { blend, contrastRatio, readableOn } from "~/lib/contrast";
import { THEMES, DEFAULT_SETTINGS } from "~/lib/settings";
import { colorSchemeFor, cssVariablesResolver, themeFor } from "~/lib/theme";
import { surfacesOf } from "~/lib/theme-colors";

/** Issue 17 item 6: every text colour of every theme reads at WCAG AA (4.5:1) where it is drawn. */
const AA = 4.5;

describe("contrast", () => {
  it("computes WCAG ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#12b886", "#ffffff")).toBeCloseTo(2.55, 2); // the old brand green
    expect(contrastRatio("#868e96", "#ffffff")).toBeCloseTo(3.32, 2); // the old dimmed grey
    expect(blend("#ffffff", "#000000", 0.5)).toBe("#808080");
  });

  it("darkens (or lightens) a colour just enough, and keeps one that already reads", () => {
    const dark = readableOn("#12b886", ["#ffffff"]);
    expect(contrastRatio(dark, "#ffffff")).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(dark, "#ffffff")).toBeLessThan(5.5);
    expect(readableOn("#000000", ["#ffffff"])).toBe("#000000");
    const light = readableOn("#495057", ["#242424"], { lighten: true });
    expect(contrastRatio(light, "#242424")).toBeGreaterThanOrEqual(AA);
  });
});

describe.each(THEMES)("the %s theme", (name) => {
  const settings = { ...DEFAULT_SETTINGS, theme: name };
  const theme = mergeMantineTheme(DEFAULT_THEME, themeFor(settings));
  const scheme = colorSchemeFor(name);
  const vars = cssVariablesResolver(theme)[scheme] as Record<string, string>;
  const surfaces = surfacesOf(name, theme);
  const worst = (color: string, backgrounds = surfaces) =>
    Math.min(...backgrounds.map((b) => contrastRatio(color, b)));

  it("draws links, dimmed text and errors at 4.5:1 on every surface", () => {
    for (const v of ["--mantine-color-anchor", "--mantine-color-dimmed", "--mantine-color-error"])
      expect(worst(vars[v]!), v).toBeGreaterThanOrEqual(AA);
  });

  it("draws every palette colour's text on its own tint, and white on its fill, at 4.5:1", () => {
    for (const color of Object.keys(theme.colors)) {
      const base = theme.colors[color]![6];
      const tints = surfaces.map((s) => blend(s, base, scheme === "dark" ? 0.2 : 0.12));
      for (const v of ["text", "light-color", "outline"])
        expect(
          worst(vars[`--mantine-color-${color}-${v}`]!, [...surfaces, ...tints]),
          `${color} ${v}`,
        ).toBeGreaterThanOrEqual(AA);
      expect(
        contrastRatio(vars[`--mantine-color-${color}-filled`]!, "#ffffff"),
        color,
      ).toBeGreaterThanOrEqual(AA);
    }
  });

  it("makes a hex colour given to a badge or button readable (the device status colours)", () => {
    for (const color of ["#1971c2", "#f08c00", "#495057", "#c92a2a"]) {
      const light = theme.variantColorResolver({ color, theme, variant: "light" });
      const tints = surfaces.map((s) => blend(s, color, scheme === "dark" ? 0.25 : 0.12));
      expect(worst(light.color, [...surfaces, ...tints]), color).toBeGreaterThanOrEqual(AA);
      const filled = theme.variantColorResolver({ color, theme, variant: "filled" });
      expect(contrastRatio(filled.background, "#ffffff"), color).toBeGreaterThanOrEqual(AA);
    }
  });
});

describe("shapes", () => {
  it("keeps checkboxes square-ish with rounded corners on, so they do not read as radio buttons", () => {
    const theme = mergeMantineTheme(
      DEFAULT_THEME,
      themeFor({ ...DEFAULT_SETTINGS, roundedCorners: true }),
    );
    expect(theme.defaultRadius).toBe(16);
    expect(theme.components.Checkbox?.defaultProps?.radius).toBe("sm");
    expect(theme.radius.sm).toBe(DEFAULT_THEME.radius.sm);
  });
});

import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * Issue 35, one ruler: the project's own lint configuration refuses a unit label typed in place
 * in app/ (a temperature is the reader's °C or °F), and takes the helpers of ~/lib/units.
 */
const eslint = new ESLint();
const UNIT = /unit label is the reader's/;
const problems = async (code: string, filePath = "app/modules/example/page.tsx") =>
  (await eslint.lintText(code, { filePath }))[0]!.messages
    .filter((m) => m.ruleId === "no-restricted-syntax" && UNIT.test(m.message))
    .map((m) => m.line);

describe("the unit-label lint rule (temperatures)", () => {
  it("refuses °C and °F typed in place, `°${unit}`, and the fixed-unit constants", async () => {
    const code = [
      'import { CELSIUS, FAHRENHEIT } from "~/lib/units";',
      "export const a = (c: number) => `${c.toFixed(1)} °C`;",
      'export const b = "Temperature (°F)";',
      'export const c = (unit: "C" | "F") => `Maximum (°${unit})`;',
      "export const d = [CELSIUS, FAHRENHEIT];",
    ].join("\n");
    // The import names both constants (one report each).
    expect(await problems(code)).toEqual([1, 1, 2, 3, 4]);
  });

  it("lets the reader's helpers through, and a heading's degrees", async () => {
    const code = [
      'import { formatCelsius, temperatureLabel, MATURITY_UNIT } from "~/lib/units";',
      'export const a = (c: number) => formatCelsius(c, "imperial");',
      'export const b = `Temperature (${temperatureLabel("metric")})`;',
      "export const c = (h: number) => `${Math.round(h)}°`;",
      "export const d = `Maturity (${MATURITY_UNIT})`;",
    ].join("\n");
    expect(await problems(code)).toEqual([]);
  });

  it("holds in routes, not in app/lib/units.ts itself or in tests", async () => {
    const code = 'export const a = "21.5 °C";';
    expect(await problems(code, "app/routes/dashboard.example.tsx")).toEqual([1]);
    expect(await problems(code, "app/lib/units.ts")).toEqual([]);
    expect(await problems(code, "app/modules/example/page.test.ts")).toEqual([]);
  });
});

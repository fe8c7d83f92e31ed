import { describe, expect, it } from "vitest";
import { newPage, signIn, whenReady } from "./support/browser";

/**
 * Concrete curing, the mix side (issue 24) in the browser: a mix design created with its
 * calibration shows the fitted curves with R²; the evaporation calculator (live, and by POST
 * without JavaScript); a pasted temperature log gives maturity and equivalent age, and a line out
 * of time order is named with the text kept.
 */
describe("concrete mix designs, evaporation and maturity", () => {
  it("creates a mix design with calibration and sees the curves and R²", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/concrete/mix-design");
    await whenReady(page);
    const form = page.getByTestId("mix-design-form");
    await form.getByLabel("Supplier").selectOption({ label: "Brisbane Ready Mix" });
    const name = `E2E N40 ${Date.now() % 100_000}`;
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel("Design strength (MPa)").fill("40");
    await form.getByLabel("Water/cement ratio").fill("0.45");
    await form.getByLabel("Slump (mm)").fill("100");
    const rows: Array<[string, string, string]> = [
      ["24", "790", "11"],
      ["72", "2380", "22"],
    ];
    for (const [i, [age, m, s]] of rows.entries()) {
      await form.getByLabel(`Point ${i + 1} age (h)`).fill(age);
      await form.getByLabel(`Point ${i + 1} maturity (°C·h)`).fill(m);
      await form.getByLabel(`Point ${i + 1} strength (MPa)`).fill(s);
    }
    // Two points: no curve yet, and saving says why, keeping what was typed.
    await page.getByTestId("curve-none").getByText("(2 entered)").waitFor();
    await page.getByRole("button", { name: "Create mix design" }).click();
    await page
      .getByTestId("calibration-error")
      .getByText(/at least 3 points/)
      .waitFor();
    expect(await form.getByLabel("Point 2 maturity (°C·h)").inputValue()).toBe("2380");
    expect(await form.getByLabel(/^Name/).inputValue()).toBe(name);

    await form.getByLabel("Point 3 age (h)").fill("168");
    await form.getByLabel("Point 3 maturity (°C·h)").fill("5540");
    await form.getByLabel("Point 3 strength (MPa)").fill("30");
    await form.getByRole("button", { name: "Add a row" }).click();
    await form.getByLabel("Point 4 age (h)").fill("672");
    await form.getByLabel("Point 4 maturity (°C·h)").fill("22200");
    await form.getByLabel("Point 4 strength (MPa)").fill("41");
    // Live: the fits appear as the points are typed.
    await page.getByTestId("curve-fits").waitFor();
    await page.getByRole("button", { name: "Create mix design" }).click();
    await page.getByTestId("toast").getByText(`${name} saved.`).waitFor();
    await page.getByRole("heading", { name, level: 1 }).waitFor();
    const fits = page.getByTestId("curve-fits");
    for (const kind of ["logarithmic", "hyperbolic", "exponential"]) {
      const r2 = Number(await fits.getByTestId(`r2-${kind}`).innerText());
      expect(r2).toBeGreaterThan(0.9);
      expect(r2).toBeLessThanOrEqual(1);
    }
    await fits.getByText("best fit").waitFor();
    await page.getByTestId("curve-chart").locator("svg.recharts-surface").first().waitFor();
    await context.close();
  });

  it("the evaporation calculator: live with JavaScript, and by POST without", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/concrete/evaporation-limits");
    await whenReady(page);
    const calc = page.getByTestId("evaporation-calculator");
    await calc.getByLabel("Air temperature").fill("20");
    await calc.getByLabel("Concrete temperature").fill("20");
    await calc.getByLabel("Relative humidity").fill("70");
    await calc.getByLabel("Wind speed").fill("10");
    await page.getByTestId("evaporation-rate").getByText("0.187 kg/m²/h").waitFor();
    await page.getByTestId("evaporation-risk").getByText(/^Low/).waitFor();
    await calc
      .getByLabel("Limit")
      .selectOption({ label: "Low-bleed and high-SCM mixes (0.5 kg/m²/h)" });
    await calc.getByLabel("Wind speed").fill("40");
    // 5·(38^2.5·0.3)·44·10⁻⁶ = 0.587: above the low-bleed limit.
    await page.getByTestId("evaporation-rate").getByText("0.587 kg/m²/h").waitFor();
    await page.getByTestId("evaporation-risk").getByText(/^High/).waitFor();
    await context.close();

    const noJs = await newPage({ javaScriptEnabled: false });
    await signIn(noJs.page, "admin", "admin123");
    await noJs.page.goto("/concrete/evaporation-limits");
    const form = noJs.page.getByTestId("evaporation-calculator");
    await form.getByLabel("Air temperature").fill("20");
    await form.getByLabel("Concrete temperature").fill("20");
    await form.getByLabel("Relative humidity").fill("70");
    await form.getByLabel("Wind speed").fill("10");
    await form.getByRole("button", { name: "Calculate" }).click();
    await noJs.page.getByTestId("evaporation-rate").getByText("0.187 kg/m²/h").waitFor();
    expect(
      await noJs.page.getByTestId("evaporation-calculator").getByLabel("Wind speed").inputValue(),
    ).toBe("10");
    await noJs.context.close();
  });

  it("a pasted temperature log gives maturity and equivalent age; a line out of order is named", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/concrete/maturity-input");
    await whenReady(page);
    const calc = page.getByTestId("maturity-calculator");
    const log = calc.getByLabel("Temperature log (time, °C)");
    await log.fill("time, °C\n0, 10\n2, 5\n4, 0\n6, -5\n8, -12\n10, -14");
    await page.getByTestId("maturity-value").getByText("78.0 °C·h").waitFor();
    await page
      .getByTestId("equivalent-age-value")
      .getByText(/\d+\.\d h/)
      .waitFor();
    // 20 °C for 24 h: 720 °C·h, and 24 h of equivalent age at the 20 °C reference.
    await log.fill("0, 20\n24, 20");
    await page.getByTestId("maturity-value").getByText("720.0 °C·h").waitFor();
    await page.getByTestId("equivalent-age-value").getByText("24.0 h").waitFor();
    const bad = "0, 20\n1, 21\n\n0.5, 22";
    await log.fill(bad);
    await page
      .getByTestId("maturity-log-error")
      .getByText(/^Line 4: readings are out of time order/)
      .waitFor();
    // By POST too (the server answers the same and keeps the text).
    await calc.getByRole("button", { name: "Calculate" }).click();
    await page
      .getByTestId("maturity-log-error")
      .getByText(/^Line 4:/)
      .waitFor();
    expect(await log.inputValue()).toBe(bad);
    await context.close();
  });
});

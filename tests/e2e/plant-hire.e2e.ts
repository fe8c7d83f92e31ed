import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { newPage, signIn, whenReady } from "./support/browser";

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Plant hire and suppliers in the browser (issue 26): a hire contract whose dates are refused
 * keeps what was typed and is then saved, showing its utilisation and evidence; a supplier
 * document is uploaded and listed; the hire report is shown and downloaded as CSV and PDF.
 */
describe("plant hire", () => {
  it("creates a contract after a refused date range, with its utilisation shown", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/plant-hire");
    await whenReady(page);
    const form = page.getByTestId("hire-form");
    await form.getByLabel("Asset").selectOption({ index: 3 });
    await form.getByLabel("Supplier (hired in)").selectOption({ label: "Kennards Hire" });
    await form.getByLabel("On-hire").fill(day(-10));
    await form.getByLabel("Off-hire").fill(day(-20));
    await form.getByLabel("Rate").fill("320");
    await page.getByRole("button", { name: "Create contract" }).click();
    await form.getByText("Off-hire must not be before on-hire").waitFor();
    // What was typed is kept.
    expect(await form.getByLabel("On-hire").inputValue()).toBe(day(-10));
    expect(await form.getByLabel("Rate").inputValue()).toBe("320");
    await form.getByLabel("Off-hire").fill(day(5));
    await page.getByRole("button", { name: "Create contract" }).click();
    await page.getByTestId("toast").getByText("Hire contract created.").waitFor();
    await page.waitForURL(/\/dashboard\/plant-hire\/\d+$/);
    const figures = page.getByTestId("utilisation");
    await figures.getByText("Utilisation (hours)").waitFor();
    expect(await figures.innerText()).toMatch(/\d+%/);
    expect(await figures.innerText()).toMatch(/h used of \d+ h available/);
    await page
      .getByTestId("evidence")
      .getByText(/Engine hours first changed/)
      .waitFor();
    await context.close();
  });

  it("uploads a supplier document and lists it for download", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/suppliers");
    await whenReady(page);
    await page.getByTestId("suppliers").getByRole("link", { name: "Coates Hire" }).click();
    const docs = page.getByTestId("supplier-documents");
    await docs.waitFor();
    const name = `rates-${Date.now() % 100_000}.pdf`;
    await docs.getByLabel("Add a document").setInputFiles({
      name,
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4 rate card"),
    });
    await docs.getByRole("button", { name: "Upload" }).click();
    await page.getByTestId("toast").getByText(`${name} added to Coates Hire.`).waitFor();
    const link = page.getByTestId("supplier-documents").getByRole("link", { name });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(await readFile((await download.path())!, "utf8")).toBe("%PDF-1.4 rate card");
    await context.close();
  });

  it("shows the hire report and downloads it as CSV and PDF", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/plant-hire");
    await whenReady(page);
    await page.getByRole("link", { name: "Hire report" }).click();
    await page.getByRole("heading", { name: "Hire report" }).waitFor();
    const table = page.getByTestId("hire-report");
    await table.getByRole("columnheader", { name: "Days on site" }).waitFor();
    expect(await table.getByRole("row").count()).toBeGreaterThan(1);
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^hire-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile((await csv.path())!, "utf8");
    expect(text.split("\n")[0]).toContain("Utilisation (hours)");
    const [pdf] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe("%PDF-");
    await context.close();
  });
});

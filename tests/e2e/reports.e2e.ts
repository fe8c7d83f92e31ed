import fs from "node:fs/promises";
import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { parseCsv } from "../support/csv";
import { pdfText } from "../support/pdf";
import { newPage, signIn } from "./support/browser";

async function download(page: Page, name: string): Promise<{ filename: string; body: Buffer }> {
  const [dl] = await Promise.all([
    page.waitForEvent("download", { timeout: 60_000 }),
    page.getByRole("link", { name, exact: true }).click(),
  ]);
  const file = await dl.path();
  return { filename: dl.suggestedFilename(), body: await fs.readFile(file!) };
}

describe("scheduled reports", () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`create, edit, send now and delete a schedule (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async () => {
      const { page, context } = await newPage({ javaScriptEnabled });
      await signIn(page, "admin", "admin123");
      await page.goto("/dashboard/scheduled-reports");
      await page.getByRole("link", { name: "New schedule" }).click();
      await page.waitForURL((u) => u.pathname === "/dashboard/scheduled-reports/new");

      // An invalid recipient: refused with a clear message, what was typed stays.
      await page.locator('select[name="reportKind"]').selectOption("distance-per-vehicle");
      await page.locator('textarea[name="recipients"]').fill("fleet@example.com, not-an-address");
      const subject = `Weekly distance ${javaScriptEnabled ? "js" : "nojs"}`;
      await page.locator('input[name="subject"]').fill(subject);
      await page.getByRole("button", { name: "Create schedule" }).click();
      await page
        .getByText('Not a valid email address: "not-an-address". Nothing was saved.')
        .first()
        .waitFor();
      expect(await page.locator('textarea[name="recipients"]').inputValue()).toBe(
        "fleet@example.com, not-an-address",
      );
      expect(await page.locator('input[name="subject"]').inputValue()).toBe(subject);

      await page.locator('textarea[name="recipients"]').fill("fleet@example.com, boss@example.com");
      await page.locator('select[name="format"]').selectOption("csv");
      // Two vehicles: searched for and picked with JavaScript, Ctrl-clicked in the list without.
      if (javaScriptEnabled) {
        const picker = page.getByTestId("schedule-vehicles").getByRole("textbox");
        const dropdown = page.getByRole("listbox");
        await picker.click();
        await dropdown.getByRole("option").first().waitFor();
        const names = (await dropdown.getByRole("option").allTextContents()).slice(0, 2);
        for (const name of names) {
          await picker.fill(name);
          await dropdown.getByRole("option", { name, exact: true }).click();
        }
      } else {
        const list = page.locator('select[name="imeis"]');
        const values = await list
          .locator("option")
          .evaluateAll((os) => (os as HTMLOptionElement[]).slice(0, 2).map((o) => o.value));
        await list.selectOption(values);
      }
      await Promise.all([
        page.waitForURL(/\/dashboard\/scheduled-reports\/\w+$/),
        page.getByRole("button", { name: "Create schedule" }).click(),
      ]);
      await page.getByTestId("toast").getByText("Schedule created.").waitFor();
      await page.getByRole("heading", { name: subject }).waitFor();
      const id = new URL(page.url()).pathname.split("/").pop()!;
      const chosen = javaScriptEnabled
        ? await page.locator('input[type="hidden"][name="imeis"]').count()
        : await page.locator('select[name="imeis"] option:checked').count();
      expect(chosen).toBe(2);

      // Edit: a new subject and a monthly run.
      await page.locator('input[name="subject"]').fill(`${subject} (edited)`);
      await page.locator('select[name="frequency"]').selectOption("monthly");
      await page.locator('input[name="monthDay"]').fill("15");
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByTestId("toast").getByText("Changes saved.").waitFor();
      await page.getByRole("heading", { name: `${subject} (edited)` }).waitFor();
      await page.getByText("Monthly on day 15 at 07:00").waitFor();

      // Send now: the run appears in the history and is sent by the job queue.
      await page.getByRole("button", { name: "Send now" }).click();
      await page
        .getByTestId("toast")
        .getByText("The report is being sent now.", { exact: false })
        .waitFor();
      const sent = page.locator('[data-testid="run-history"] [data-status="sent"]');
      const deadline = Date.now() + 50_000;
      while (!(await sent.count()) && Date.now() < deadline) {
        const failed = await page
          .locator('[data-testid="run-history"] [data-status="failed"]')
          .count();
        if (failed)
          throw new Error(
            `run failed: ${await page.locator('[data-testid="run-history"]').innerText()}`,
          );
        if (!javaScriptEnabled) await page.reload();
        await page.waitForTimeout(1000);
      }
      expect(await sent.count()).toBe(1);
      const row = page.locator('[data-testid="run-history"] tbody tr').first();
      expect(await row.locator("td").nth(4).innerText()).toBe("2");
      expect(await row.locator("td").nth(3).innerText()).toMatch(/\d+(\.\d)? (B|KB)/);

      // Delete, after a confirmation.
      await page.getByRole("button", { name: "Delete…" }).click();
      await page.getByText("Delete this schedule?").waitFor();
      await Promise.all([
        page.waitForURL((u) => u.pathname === "/dashboard/scheduled-reports"),
        page.getByRole("button", { name: "Yes, delete" }).click(),
      ]);
      await page.getByRole("heading", { name: "Scheduled reports", exact: true }).waitFor();
      expect(await page.getByText(subject).count()).toBe(0);
      const gone = await page.goto(`/dashboard/scheduled-reports/${id}`);
      expect(gone?.status()).toBe(404);
      await context.close();
    });
  }
});

describe("report downloads", () => {
  it("shows a report with totals and downloads it as CSV, Excel and PDF", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/reports");
    await page.getByTestId("report-distance-per-vehicle").click();
    await page.waitForURL((u) => u.pathname === "/dashboard/reports/distance-per-vehicle");
    await page.getByTestId("report-totals").waitFor({ timeout: 60_000 });
    const totals = await page.getByTestId("report-totals").locator("th").allInnerTexts();
    expect(totals[0]).toBe("Total");
    const shownRows = await page.getByTestId("report-table").locator("tbody tr").count();
    expect(shownRows).toBeGreaterThan(5);

    const csv = await download(page, "CSV");
    expect(csv.filename).toMatch(/^distance-per-vehicle-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(
      csv.body
        .toString("utf8")
        .replace(/^\uFEFF/, "")
        .trimEnd(),
    );
    expect(rows[0]![0]).toBe("Vehicle");
    expect(rows).toHaveLength(shownRows + 2);
    expect(rows.at(-1)).toEqual(totals);

    const xlsx = await download(page, "Excel");
    expect(xlsx.filename).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Report")!;
    expect(sheet.getRow(1).getCell(1).value).toBe("Distance per vehicle");
    expect(sheet.getRow(3).getCell(1).value).toBe("Vehicle");
    expect(sheet.rowCount).toBe(shownRows + 4);

    const pdf = await download(page, "PDF");
    expect(pdf.filename).toMatch(/\.pdf$/);
    const { text } = await pdfText(pdf.body);
    expect(text).toContain("Distance per vehicle");
    expect(text).toContain("Total");
    await context.close();
  });

  it("the catalogue lists the reports; fleet reports and driver safety show their figures", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/reports");
    for (const kind of [
      "trip-summary",
      "distance-per-vehicle",
      "stops-idling",
      "geofence-visits",
      "speeding",
      "vehicles-in-use",
      "status-of-devices",
      "driver-safety",
      "temperature",
      "logbook",
    ]) {
      await page.getByTestId(`report-${kind}`).waitFor();
    }
    await page.goto("/dashboard/fleetreports");
    await page
      .getByTestId("vehicles-in-use")
      .getByText(/\d+ of \d+/)
      .waitFor();
    await page.getByTestId("status-moving").waitFor();
    await page.goto("/dashboard/driversafety");
    await page.getByText("Fleet driver score").waitFor();
    await page.getByText("Incidents", { exact: true }).first().waitFor();
    await context.close();
  });
});

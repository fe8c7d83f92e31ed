import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { newPage, signIn, whenReady } from "./support/browser";

/**
 * Jobsite documents in the browser (issue 19): a refused type told next to the field, an upload
 * listed and downloaded with the same bytes, then deleted after confirming.
 */
describe("jobsite documents", () => {
  it("refuses a GIF next to the field, uploads a PDF, downloads it and deletes it", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/admin/jobsite/101/documents");
    await whenReady(page);
    const docs = page.getByTestId("jobsite-documents");
    await docs.getByLabel("Add a document").setInputFiles({
      name: "photo.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("GIF89a not a pdf"),
    });
    await docs.getByRole("button", { name: "Upload" }).click();
    await docs.getByText("Only PDF, JPEG or PNG documents may be added.").waitFor();

    const name = `plan-${Date.now() % 100_000}.pdf`;
    await page
      .getByTestId("jobsite-documents")
      .getByLabel("Add a document")
      .setInputFiles({
        name,
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4 site plan"),
      });
    await page.getByTestId("jobsite-documents").getByRole("button", { name: "Upload" }).click();
    await page.getByTestId("toast").getByText(`${name} added to`).waitFor();
    const link = page.getByTestId("jobsite-documents").getByRole("link", { name });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(await readFile((await download.path())!, "utf8")).toBe("%PDF-1.4 site plan");

    const row = page.getByTestId("jobsite-documents").getByRole("row").filter({ hasText: name });
    await row.getByRole("button", { name: "Delete" }).click();
    await row.getByRole("button", { name: "Yes, delete" }).click();
    await page.getByTestId("toast").getByText(`${name} deleted.`).waitFor();
    await expect
      .poll(() => page.getByTestId("jobsite-documents").getByRole("link", { name }).count())
      .toBe(0);
    await context.close();
  });
});

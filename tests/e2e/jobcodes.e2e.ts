import { describe, expect, it } from "vitest";
import { newPage, signIn, whenReady } from "./support/browser";

/**
 * Job codes in the browser (issue 19): creating one through the form, and a code in use refusing
 * deletion (after the confirmation) with the count, then made inactive instead.
 */
describe("job codes", () => {
  it("creates a code; a code in use refuses deletion and is made inactive instead", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/admin/jobcodes");
    await whenReady(page);
    const form = page.getByTestId("jobcode-form");
    const code = `E2E-${Date.now() % 100_000}`;
    await form.getByLabel("Code").fill(code.toLowerCase());
    await form.getByLabel("Name").fill("E2E work");
    await page.getByRole("button", { name: "Create job code" }).click();
    await page.getByTestId("toast").getByText(`Job code ${code} created.`).waitFor();
    await page.getByTestId("jobcodes").getByRole("link", { name: code }).waitFor();

    const row = page.getByTestId("jobcodes").getByRole("row").filter({ hasText: "DRV-100" });
    await row.getByRole("button", { name: "Delete" }).click();
    await row.getByRole("button", { name: "Yes, delete" }).click();
    const refused = page.getByTestId("jobcode-refused");
    await refused.waitFor();
    // The count grows as timesheet entries are booked to the code (other tests clock on too).
    expect(await refused.innerText()).toMatch(
      /DRV-100 is used by \d+ timesheet entries: make it inactive instead\./,
    );
    await row.getByRole("button", { name: "Make inactive" }).click();
    await page
      .getByTestId("toast")
      .getByText("DRV-100 is inactive: no new time can be booked to it.")
      .waitFor();
    await row.getByText("Inactive").waitFor();
    // Still listed: nothing was deleted. Active again, as the simulator seeded it.
    expect(await row.count()).toBe(1);
    await row.getByRole("button", { name: "Make active" }).click();
    await page.getByTestId("toast").getByText("DRV-100 is active.").waitFor();
    await context.close();
  });
});

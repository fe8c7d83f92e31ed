import { describe, expect, it } from "vitest";
import { newPage, signIn, whenReady } from "./support/browser";

/**
 * Issue 35, pages show only what the user may do, in the browser: the driver (no
 * concrete_manage, no maintenance_manage) reads a mix design and a pour with every value shown but
 * nothing to type into or send, and is told which permission changing them needs; the boards show
 * cards without move controls.
 */
describe("read-only pages for a user who may not change them", () => {
  it("shows the driver a mix design and a pour read-only, with the permission they need", async () => {
    const { page, context } = await newPage();
    await signIn(page, "driver", "driver123");
    for (const [list, form] of [
      ["/concrete/mix-designs", "mix-design-form"],
      ["/concrete/pours", "pour-form"],
    ] as const) {
      await page.goto(list);
      await whenReady(page);
      const href =
        list === "/concrete/mix-designs"
          ? await page.locator('a[href^="/concrete/mix-design/"]').first().getAttribute("href")
          : await page.locator('a[href^="/concrete/view-pour/"]').first().getAttribute("href");
      await page.goto(href!.replace("/view-pour/", "/pour/"));
      await whenReady(page);
      const fields = page.getByTestId(form);
      await fields.getByTestId("requires-permission").getByText("concrete_manage").waitFor();
      const name = fields.getByRole("textbox").first();
      expect(await name.inputValue()).not.toBe("");
      expect(await name.isDisabled()).toBe(true);
      expect(await page.locator('form[method="post"]').count()).toBe(0);
      expect(await page.getByRole("button", { name: /^(Save|Delete|Create)/ }).count()).toBe(0);
    }
    await context.close();
  });

  it("shows the driver the maintenance board without drag handles or Move to", async () => {
    const { page, context } = await newPage();
    await signIn(page, "driver", "driver123");
    await page.goto("/dashboard/maintenance-board");
    await whenReady(page);
    await page.getByTestId("requires-permission").getByText("maintenance_manage").waitFor();
    expect(await page.locator("[data-card]").count()).toBeGreaterThan(0);
    expect(await page.locator("[data-drag], [data-move]").count()).toBe(0);
    await context.close();
  });
});

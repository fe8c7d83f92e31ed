import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LEAVE_GREEN, LEAVE_GREY } from "~/modules/timesheets/leave-rules";
import { newPage, signIn, whenReady } from "./support/browser";

/**
 * Leave in the browser (issue 20): a request made by selecting days on the calendar, grey while
 * pending and green once approved; the request modal closing when the selection is cleared; a
 * request ending before it starts refused with the typed values kept.
 */
const MONTH = "2027-02";

async function selectDays(page: Page, from: string, to: string) {
  const a = await page.locator(`.fc-daygrid-day[data-date="${from}"]`).boundingBox();
  const b = await page.locator(`.fc-daygrid-day[data-date="${to}"]`).boundingBox();
  if (!a || !b) throw new Error("day cells not found");
  await page.mouse.move(a.x + a.width / 2, a.y + a.height - 8);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height - 8, { steps: 8 });
  await page.mouse.up();
}

describe("leave calendar", () => {
  it("a range selected on the calendar becomes a request: grey, then green when approved", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`/timesheet/leave-calendar?month=${MONTH}`);
    await whenReady(page);
    await page.getByTestId("leave-calendar").locator(".fc-daygrid-day").first().waitFor();
    const modal = page.getByRole("dialog", { name: /Request leave/ });

    // Selecting opens the modal for that range; clearing the selection closes it.
    await selectDays(page, "2027-02-09", "2027-02-10");
    await modal.waitFor();
    // Days in the one date style (issue 35), the year named when it is not this year.
    expect(await modal.getByRole("heading").innerText()).toMatch(
      /^Request leave: 9 Feb( 2027)? to 10 Feb( 2027)?$/,
    );
    expect(await page.getByTestId("leave-days").innerText()).toContain("2 working days");
    expect(await page.locator(".fc-highlight").count()).toBeGreaterThan(0);
    // Outside the modal (the page's title, never a link): FullCalendar clears its selection.
    const title = await page.getByRole("heading", { level: 1 }).boundingBox();
    await page.mouse.click(title!.x + 4, title!.y + title!.height / 2);
    await modal.waitFor({ state: "hidden" });
    expect(await page.locator(".fc-highlight").count()).toBe(0);
    // The modal's overlay fades out after it: a drag started on it would select nothing.
    await expect.poll(() => page.locator(".mantine-Modal-overlay").count()).toBe(0);

    await selectDays(page, "2027-02-09", "2027-02-10");
    await modal.waitFor();
    await modal.getByLabel("Reason").fill("Calendar request");
    await modal.getByRole("button", { name: "Request leave" }).click();
    await page
      .getByTestId("toast")
      .getByText(/Leave requested: Annual leave, 2 working days/)
      .waitFor();
    await modal.waitFor({ state: "hidden" });
    const mine = page.locator('.fc-event[data-status="pending"]', { hasText: "Alex Morgan" });
    await mine.first().waitFor();
    expect(await mine.first().getAttribute("data-colour")).toBe(LEAVE_GREY);

    // Another reviewer approves it.
    const reviewer = await newPage();
    await signIn(reviewer.page, "tsadmin", "tsadmin123");
    await reviewer.page.goto("/timesheet/all-leave-requests?q=alex");
    await whenReady(reviewer.page);
    const row = reviewer.page
      .getByTestId("all-leave")
      .getByRole("row")
      .filter({ hasText: /9 Feb( 2027)? to 10 Feb( 2027)?/ });
    await row.getByRole("button", { name: "Approve" }).click();
    await reviewer.page
      .getByTestId("toast")
      .getByText("Alex Morgan's leave is approved.")
      .waitFor();
    await reviewer.context.close();

    await page.reload();
    await whenReady(page);
    const approved = page.locator('.fc-event[data-status="approved"]', { hasText: "Alex Morgan" });
    await approved.first().waitFor();
    expect(await approved.first().getAttribute("data-colour")).toBe(LEAVE_GREEN);
    const bg = await approved.first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).toBe("rgb(35, 122, 54)");

    // Selecting the event opens its detail.
    await approved.first().click();
    const detail = page.getByRole("dialog", { name: /Alex Morgan: Annual leave/ });
    await detail.waitFor();
    expect(await detail.innerText()).toContain("Approved by Tess Admin");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a request ending before it starts is refused with the values kept", async () => {
    const { page, context } = await newPage();
    await signIn(page, "driver", "driver123");
    await page.goto("/timesheet/leave-requests");
    await whenReady(page);
    const form = page.getByTestId("leave-request-form");
    await form.getByLabel("First day").fill("2027-03-10");
    await form.getByLabel("Last day").fill("2027-03-08");
    await form.getByLabel("Reason").fill("Backwards");
    await form.getByRole("button", { name: "Request leave" }).click();
    await page.getByText("The leave cannot end before it starts").waitFor();
    expect(await form.getByLabel("First day").inputValue()).toBe("2027-03-10");
    expect(await form.getByLabel("Reason").inputValue()).toBe("Backwards");
    await context.close();
  });
});

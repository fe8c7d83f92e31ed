import { describe, expect, it } from "vitest";
import { newPage, signIn, whenReady } from "./support/browser";

/**
 * Timesheets in the browser (issue 20): a driver clocks on (answering the site declaration) and
 * off and submits the week; a payroll administrator reviews with the telematics check beside each
 * entry, locks the pay period, reopens it with a reason and exports the payroll.
 */
describe("timesheets", () => {
  it("clock on, clock off and submit the week", async () => {
    const { page, context } = await newPage();
    await signIn(page, "driver", "driver123");
    await page.goto("/timesheet/view");
    await whenReady(page);
    const card = page.getByTestId("clock-card");
    await card.getByLabel("Job code").selectOption({ label: "DRV-100 · Driving" });
    await card.getByLabel("Jobsite").selectOption({ label: "Eagle Farm Distribution Centre" });
    // The site declaration is part of clocking on: unanswered, the clock-on is refused and what
    // was typed stays; answered, it is recorded with the entry.
    const declaration = card.getByTestId("clock-declaration");
    const q = (text: RegExp) => declaration.getByRole("radiogroup", { name: text });
    await q(/fever/).getByLabel("No").check();
    await card.getByRole("button", { name: "Clock on" }).click();
    await page
      .getByTestId("timesheet-message")
      .getByText("Answer every site declaration question to clock on")
      .waitFor();
    expect(await q(/fever/).getByLabel("No").isChecked()).toBe(true);
    expect(await card.getByLabel("Jobsite").inputValue()).not.toBe("");
    // The two unanswered questions are marked.
    await declaration.getByText("Answer yes or no").first().waitFor();
    expect(await declaration.getByText("Answer yes or no").count()).toBe(2);
    await q(/close contact/)
      .getByLabel("No")
      .check();
    await q(/fit for work/)
      .getByLabel("Yes")
      .check();
    await card.getByRole("button", { name: "Clock on" }).click();
    await page
      .getByTestId("toast")
      .getByText(/^Clocked on at \d\d:\d\d\. Declaration recorded\.$/)
      .waitFor();
    await card.getByRole("button", { name: "Start break" }).click();
    await card.getByText("On a break").waitFor();
    await card.getByRole("button", { name: "Clock off" }).click();
    await page
      .getByTestId("toast")
      .getByText(/^Clocked off at/)
      .waitFor();
    await page.getByTestId("week-entries").getByText("DRV-100 · Driving").first().waitFor();
    await page.getByRole("button", { name: /^Submit week \(\d+\)$/ }).click();
    await page
      .getByTestId("toast")
      .getByText(/^Week submitted: \d+ entr/)
      .waitFor();
    expect(await page.getByRole("button", { name: "Submit week (0)" }).isDisabled()).toBe(true);
    await context.close();
  });

  it("review with the telematics check, lock the period and export the payroll", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/timesheet/review?group=601");
    await whenReady(page);
    const check = page.getByTestId("telematics-check").first();
    expect(await check.innerText()).toMatch(
      /clocked \d+\.\d h · (vehicle active \d+\.\d h|no vehicle)/,
    );
    const boxes = page.getByTestId("review-entries").getByRole("checkbox");
    await boxes.first().check();
    await page.getByRole("button", { name: "Approve selected" }).click();
    await page.getByTestId("toast").getByText("1 entry approved.").waitFor();

    await page.goto("/timesheet/payroll?group=602");
    await whenReady(page);
    await page
      .getByTestId("payroll-lines")
      .getByText("Allowance: Site allowance")
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Lock period for everyone" }).click();
    await page.getByTestId("toast").getByText("Pay period locked for everyone.").waitFor();
    await page
      .getByTestId("lock-history")
      .getByText(/Locked by Alex Morgan/)
      .waitFor();
    const href = await page.getByRole("link", { name: "Export CSV" }).getAttribute("href");
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toMatch(
      /^\uFEFF?Person,Payroll code,Pay category,Hours,Rate,Multiplier,Amount,Rule/,
    );
    const xlsx = await page.request.get(href!.replace("/csv", "/xlsx"));
    expect(xlsx.headers()["content-type"]).toMatch(/spreadsheetml/);
    await page.getByLabel("Reason to reopen").fill("Correction for Alex");
    await page.getByRole("button", { name: "Reopen period" }).click();
    await page
      .getByTestId("toast")
      .getByText("Pay period reopened; the reason is recorded.")
      .waitFor();
    await page
      .getByTestId("lock-history")
      .getByText(/Reopened by Alex Morgan .*: Correction for Alex/)
      .waitFor();
    await context.close();
  });
});

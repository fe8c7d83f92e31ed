import { describe, expect, it } from "vitest";
import { newPage, signIn, whenReady } from "./support/browser";

/**
 * Tickets in the browser (issue 25): raising a ticket with its type's own fields, a missing title
 * refused with the typed values kept, and the first step of its approval chain approved, after
 * which the conditional manager step (cost over 5,000) waits.
 */
describe("tickets", () => {
  it("raises a ticket, keeps what was typed when refused, and approves its first step", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/tickets/admin");
    await whenReady(page);
    const form = page.getByTestId("raise-ticket");
    await form.getByLabel("Type").selectOption({ label: "Vehicle repair" });
    await form.getByLabel("Description").fill("Grinding noise from the rear axle");
    await form.getByLabel("Estimated cost").fill("9200");
    await form.getByLabel("Area").selectOption("Brakes");
    await form.getByRole("button", { name: "Raise ticket" }).click();
    await form.getByText("Give the ticket a title").waitFor();
    expect(await form.getByLabel("Description").inputValue()).toBe(
      "Grinding noise from the rear axle",
    );

    const title = `Rear brakes ${Date.now() % 100_000}`;
    await form.getByLabel("Title").fill(title);
    await form.getByRole("button", { name: "Raise ticket" }).click();
    await page
      .getByTestId("toast")
      .getByText(/Ticket #\d+ raised\./)
      .waitFor();
    const panel = page.getByTestId("ticket-panel");
    await panel.getByRole("heading", { name: new RegExp(title) }).waitFor();
    expect(await panel.getByText("9200").count()).toBe(1);
    await panel.getByText("First response: On time").waitFor();

    const chain = panel.getByTestId("approval-chain");
    const supervisor = chain.locator('[data-step="supervisor"]');
    expect(await supervisor.getAttribute("data-state")).toBe("waiting");
    await supervisor.getByRole("button", { name: "Approve" }).click();
    await page.getByTestId("toast").getByText("Approved.").waitFor();
    await chain.locator('[data-step="supervisor"][data-state="approved"]').waitFor();
    expect(await chain.locator('[data-step="manager"]').getAttribute("data-state")).toBe("waiting");
    await panel.getByTestId("ticket-history").getByText("Approved supervisor").waitFor();

    // The list finds it, with its SLA state.
    await page.goto(`/tickets/admin?q=${encodeURIComponent(title)}`);
    const row = page.getByTestId("tickets").getByRole("row").filter({ hasText: title });
    await row.getByText("On time").waitFor();
    await context.close();
  });
});

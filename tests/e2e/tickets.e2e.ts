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

describe("ticket types, matrix and attachments", () => {
  it("creates a type with a field and a two-step chain, refusing it while a step has no approvers", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/tickets/admin?edit_type=new");
    await whenReady(page);
    const editor = page.getByTestId("type-editor");
    const name = `Crane hire ${Date.now() % 100_000}`;
    await editor.getByLabel("Name", { exact: true }).fill(name);
    await editor.getByRole("button", { name: "Add a field" }).click();
    await editor.getByLabel("Field 1 label").fill("Hire cost");
    await editor.getByLabel("Field 1 kind").selectOption("number");
    await editor.getByLabel("Field 1 is required").check();
    await editor.getByRole("button", { name: "Add a stage" }).click();
    const first = editor.getByTestId("step-0-0");
    await first.getByLabel("Step name").fill("Supervisor");
    await first.getByRole("group", { name: "Approvers" }).getByRole("checkbox").first().check();
    await editor.getByRole("button", { name: "Add a stage" }).click();
    const second = editor.getByTestId("step-1-0");
    // What was typed before the round trip is still there.
    expect(await editor.getByLabel("Field 1 label").inputValue()).toBe("Hire cost");
    expect(await first.getByLabel("Step name").inputValue()).toBe("Supervisor");
    await second.getByLabel("Step name").fill("Manager");
    await second.getByLabel("Field", { exact: true }).selectOption({ label: "Hire cost" });
    await second.getByLabel("Value").fill("5000");
    await editor.getByRole("button", { name: "Create type" }).click();
    await editor
      .getByTestId("chain-problems")
      .getByText("Step Manager has no approvers.")
      .waitFor();
    expect(await editor.getByLabel("Name", { exact: true }).inputValue()).toBe(name);

    await editor
      .getByTestId("step-1-0")
      .getByRole("group", { name: "Approvers" })
      .getByRole("checkbox")
      .first()
      .check();
    await editor.getByRole("button", { name: "Create type" }).click();
    await page.getByTestId("toast").getByText(`Ticket type ${name} created.`).waitFor();
    const saved = page.getByTestId("type-editor");
    await saved.getByRole("heading", { name: `Edit ${name}` }).waitFor();
    expect(await saved.getByTestId("step-1-0").getByLabel("Value").inputValue()).toBe("5000");
    expect(await saved.getByLabel("Field 1 is required").isChecked()).toBe(true);
    await page.getByTestId("ticket-types").getByRole("link", { name }).waitFor();
    await context.close();
  });

  it("a matrix cell opens the list filtered to its type and status", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/tickets/matrix");
    await whenReady(page);
    const cell = page
      .getByTestId("ticket-matrix")
      .locator('tr[data-row="Vehicle repair"] td[data-status="open"]');
    const count = Number(await cell.locator("a .mantine-Text-root").first().textContent());
    expect(count).toBeGreaterThan(0);
    await cell.getByRole("link").click();
    await page.waitForURL(/\/tickets\/admin\?type=\d+&status=open$/);
    await whenReady(page);
    const rows = page.getByTestId("tickets").locator("tbody tr");
    await rows.first().waitFor();
    expect(await rows.count()).toBe(count);
    for (const text of await rows.allTextContents()) {
      expect(text).toContain("Vehicle repair");
      expect(text).toContain("Open");
    }
    await context.close();
  });

  it("uploads an attachment to a ticket, lists it, and refuses a file of the wrong type", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/tickets/admin");
    await whenReady(page);
    await page.getByTestId("tickets").locator("tbody tr a").first().click();
    const panel = page.getByTestId("ticket-panel");
    const files = panel.getByTestId("ticket-attachments");
    await files.waitFor();
    await files.getByLabel("Attach a file").setInputFiles({
      name: "quote.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("%PDF-1.4\n% a quote\n"),
    });
    await files.getByRole("button", { name: "Upload" }).click();
    await page.getByTestId("toast").getByText("quote.pdf attached.").waitFor();
    const link = page.getByTestId("ticket-attachments").getByRole("link", { name: "quote.pdf" });
    await link.waitFor();
    expect(await link.getAttribute("href")).toMatch(/^\/tickets\/attachments\/\d+$/);
    const res = await page.request.get((await link.getAttribute("href"))!);
    expect([res.status(), res.headers()["content-type"]]).toEqual([200, "application/pdf"]);

    await page
      .getByTestId("ticket-attachments")
      .getByLabel("Attach a file")
      .setInputFiles({ name: "cat.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a....") });
    await page.getByTestId("ticket-attachments").getByRole("button", { name: "Upload" }).click();
    await page
      .getByTestId("ticket-attachments")
      .getByText("Attach a JPEG, PNG or WebP picture or a PDF.")
      .waitFor();
    await context.close();
  });
});

import { describe, expect, it } from "vitest";
import { newPage, signIn, upstreamUrl, whenReady } from "./support/browser";
import { waitForMail } from "./support/mail";

/**
 * Ticket approvals in the browser (issue 25): a failed inspection answer raising a maintenance
 * ticket, and a two-step approval with one step approved on tickets/approvals and the other from
 * the link in the e-mail the approver got (read from the SMTP server the app sends to), after
 * which the link is used up and the ticket's history says "by e-mail".
 */
async function simToken(username = "admin", password = "admin123"): Promise<string> {
  const res = await fetch(`${upstreamUrl()}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password, platform: "web" }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function sim(token: string, path: string, body: unknown) {
  const res = await fetch(`${upstreamUrl()}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(res.status, path).toBeLessThan(300);
  return (await res.json()) as { id: number };
}

describe("ticket approvals", () => {
  it("a failed answer creating a ticket", async () => {
    const token = await simToken();
    const title = `Pre-start ${Date.now() % 100_000}`;
    const form = await sim(token, "/forms/forms", {
      title,
      description: "",
      fields: [
        { id: "truck", label: "Truck", type: "vehicle", required: true },
        {
          id: "brakes",
          label: "Brakes",
          type: "select",
          required: true,
          options: ["Pass", "Fail"],
          flag_values: ["Fail"],
        },
      ],
    });
    await sim(token, `/forms/publish/${form.id}`, {});

    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto(`/forms/fill/${form.id}`);
    await whenReady(page);
    const fill = page.getByTestId("fill-form");
    await fill.getByLabel("Truck").selectOption({ index: 1 });
    await fill.getByLabel("Brakes").selectOption("Fail");
    await fill.getByRole("button", { name: "Submit" }).click();
    await page
      .getByTestId("toast")
      .getByText(`Thank you: your answers to ${title} were sent.`)
      .waitFor();

    await page.goto(`/tickets/admin?q=${encodeURIComponent(title)}`);
    await whenReady(page);
    const rows = page.getByTestId("tickets").getByRole("row").filter({ hasText: title });
    await rows.getByText(`${title}: Brakes = Fail`).waitFor();
    expect(await rows.count()).toBe(1);
    await context.close();
  });

  it("a two-step approval with one step done from an emailed link", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/tickets/admin");
    await whenReady(page);
    const raise = page.getByTestId("raise-ticket");
    const title = `Crane hose ${Date.now() % 100_000}`;
    await raise.getByLabel("Type").selectOption({ label: "Vehicle repair" });
    await raise.getByLabel("Title").fill(title);
    await raise.getByLabel("Estimated cost").fill("8800");
    await raise.getByRole("button", { name: "Raise ticket" }).click();
    await page.waitForURL(/ticket=\d+/);
    const id = Number(/ticket=(\d+)/.exec(page.url())![1]);

    // Step one (supervisor) on the approvals page.
    await page.goto("/tickets/approvals");
    await whenReady(page);
    const card = page.getByTestId("approvals-waiting").locator(`[data-ticket="${id}"]`);
    await card.getByText(title).waitFor();
    await card.getByRole("button", { name: "Approve" }).click();
    await page.getByTestId("toast").getByText(`Ticket #${id} approved.`).waitFor();
    await page
      .getByTestId("approvals-decided")
      .getByRole("row")
      .filter({ hasText: title })
      .getByText("In the app")
      .waitFor();

    // Step two (fleet manager, cost over 5,000) from the link Tess was e-mailed: no sign-in.
    const mail = await waitForMail("tsadmin@harbour.example", `Approve ticket #${id}`);
    const link = new URL(
      /https?:\/\/\S+\/tickets\/approve\/[A-Za-z0-9_-]+/.exec(mail.text ?? "")![0],
    );
    const visitor = await newPage();
    await visitor.page.goto(link.pathname);
    await visitor.page.getByRole("heading", { name: `Ticket #${id}: ${title}` }).waitFor();
    await visitor.page.getByText("Fleet manager").first().waitFor();
    await visitor.page.getByRole("button", { name: "Approve" }).click();
    await visitor.page.getByRole("heading", { name: "Approved" }).waitFor();
    // Used once: the same link now says so.
    await visitor.page.goto(link.pathname);
    await visitor.page.getByText("This approval link has already been used.").waitFor();
    await visitor.context.close();

    await page.goto(`/tickets/admin?ticket=${id}`);
    await whenReady(page);
    const panel = page.getByTestId("ticket-panel");
    await panel.getByTestId("ticket-history").getByText("Approved manager by e-mail").waitFor();
    await panel.getByRole("heading", { name: "Approval: approved" }).waitFor();
    await context.close();
  });
});

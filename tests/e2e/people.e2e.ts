import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pdfText } from "../support/pdf";
import { appUrl, newPage, signIn, upstreamUrl, whenReady } from "./support/browser";

/**
 * Company administration in the browser (issue 19): a group added and a person invited into it
 * (a refused email first, what was typed kept); a group permission changed in the matrix, recorded,
 * and felt by a member on their next page; devices linked to an account that then sees only them
 * on the map and in the fleet list; a jobsite polygon drawn on the map; a card typed only on the
 * payment provider's page, more device licences bought with it, and the invoice downloaded as a
 * PDF. Shared demo accounts are put back as they were, even when a step fails.
 */

const stamp = () => String(Date.now() % 1_000_000);

async function open(page: Page, path: string) {
  await page.goto(path);
  await whenReady(page);
}

/** The driver account's display name and first group, read from the admin's people pages. */
async function driverOf(page: Page) {
  await open(page, "/admin/people?q=driver");
  const link = page
    .getByTestId("people")
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: "driver", exact: true }) })
    .getByRole("link");
  const name = (await link.textContent())!.trim();
  await Promise.all([page.waitForURL(/\/admin\/people\/\d+$/), link.click()]);
  await page.getByRole("heading", { level: 1, name }).waitFor();
  return { name, url: new URL(page.url()).pathname };
}

describe("people and groups", () => {
  it("adds a group, invites a person into it after a refused email, and lists them there", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    const group = `E2E crew ${stamp()}`;
    await open(page, "/admin/groups");
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/admin/addgroup"),
      page.getByRole("link", { name: "Add group" }).click(),
    ]);
    await whenReady(page);
    await page.getByTestId("addgroup-form").getByLabel("Name").fill(group);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/admin/groups"),
      page.getByRole("button", { name: "Add group" }).click(),
    ]);
    await page.getByTestId("toast").getByText(`Group ${group} added.`).waitFor();

    await open(page, "/admin/people");
    const form = page.getByTestId("person-form");
    const email = `e2e.${stamp()}@harbour.example`;
    await form.getByLabel("First name").fill("Piper");
    await form.getByLabel("Last name").fill("Newhire");
    await form.getByLabel("Email").fill("piper-at-harbour");
    await form.getByRole("button", { name: "Send invitation" }).click();
    await form.getByText("Enter an email address like name@example.com").waitFor();
    // Refused: nothing saved, everything typed still there.
    expect(await form.getByLabel("First name").inputValue()).toBe("Piper");
    expect(await form.getByLabel("Email").inputValue()).toBe("piper-at-harbour");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("checkbox", { name: group }).check();
    await Promise.all([
      page.waitForURL(/\/admin\/people\/\d+$/),
      form.getByRole("button", { name: "Send invitation" }).click(),
    ]);
    await page
      .getByTestId("toast")
      .getByText(`Piper Newhire is invited: an email with a sign-in link went to ${email}.`)
      .waitFor();
    await page.getByRole("heading", { level: 1, name: "Piper Newhire" }).waitFor();
    await page
      .getByRole("heading", { name: "Groups" })
      .locator("xpath=..")
      .getByText(group)
      .waitFor();

    // The people list finds them; the group now has them as a member and cannot be deleted.
    await open(page, `/admin/people?q=${encodeURIComponent(email)}`);
    const rows = page.getByTestId("people").locator("tbody tr");
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(group);
    await open(page, "/admin/groups");
    const card = page.locator(`[data-testid=group][data-group="${group}"]`);
    await card.getByText("1 member · 0 vehicles").waitFor();
    await card.getByText("Members and vehicles").click();
    await card.getByText("Piper Newhire").waitFor();
    await card.getByRole("button", { name: "Delete" }).click();
    await card.getByRole("button", { name: "Yes, delete" }).click();
    await page
      .getByTestId("group-refused")
      .getByText(/still has 1 member/)
      .waitFor();
    await context.close();
  });

  it("a permission ticked in the matrix is recorded and opens the page to the group's members", async () => {
    const admin = await newPage();
    const driver = await newPage();
    await signIn(admin.page, "admin", "admin123");
    await signIn(driver.page, "driver", "driver123");
    const me = await driverOf(admin.page);
    const group = (
      await admin.page.getByRole("heading", { name: "Groups" }).locator("xpath=..").innerText()
    )
      .replace(/^Groups\s*/, "")
      .split(", ")[0]!
      .trim();
    expect((await driver.page.goto("/admin/jobsites"))?.status()).toBe(403);

    const box = () =>
      admin.page.getByRole("checkbox", { name: `jobsites_view for ${group}`, exact: true });
    const save = async () =>
      Promise.all([
        admin.page.waitForResponse((r) => r.request().method() === "POST"),
        admin.page.getByRole("button", { name: "Save permissions" }).click(),
      ]);
    try {
      await open(admin.page, "/admin/grouppermissions");
      expect(await box().isChecked()).toBe(false);
      await box().check();
      await save();
      await admin.page
        .getByTestId("toast")
        .getByText(/^1 change saved: they apply to/)
        .waitFor();
      const change = admin.page.getByTestId("permission-changes").locator("tbody tr").first();
      await change.getByText("Granted jobsites_view").waitFor();
      expect(await change.textContent()).toContain(group);
      expect(await change.textContent()).toContain("Alex Morgan");
      expect(await box().isChecked()).toBe(true);

      // The member's very next page has it: the menu offers Jobsites and the page opens.
      await open(driver.page, "/dashboard/account");
      await driver.page.getByRole("link", { name: "Jobsites" }).first().waitFor();
      expect((await driver.page.goto("/admin/jobsites"))?.status()).toBe(200);
      await driver.page.getByRole("heading", { level: 1, name: "Jobsites" }).waitFor();
      // ... and the member's page says which group grants it.
      await open(admin.page, me.url);
      const why = admin.page.locator('[data-permission="jobsites_view"]');
      expect(await why.textContent()).toContain(`Group ${group}`);
    } finally {
      await open(admin.page, "/admin/grouppermissions");
      if (await box().isChecked()) {
        await box().uncheck();
        await save();
        await admin.page
          .getByTestId("permission-changes")
          .locator("tbody tr")
          .first()
          .getByText("Removed jobsites_view")
          .waitFor();
      }
    }
    expect((await driver.page.goto("/admin/jobsites"))?.status()).toBe(403);
    await admin.context.close();
    await driver.context.close();
  }, 120_000);

  it("an account linked to two devices sees only those on the map and in the fleet list", async () => {
    const admin = await newPage();
    const driver = await newPage();
    await signIn(admin.page, "admin", "admin123");
    await signIn(driver.page, "driver", "driver123");
    const me = await driverOf(admin.page);
    await open(driver.page, "/dashboard/fleet");
    const total = Number(
      /of (\d+)$/.exec((await driver.page.getByTestId("table-showing").textContent())!)![1],
    );
    expect(total).toBeGreaterThan(2);

    const linkForm = admin.page.getByTestId("link-form");
    const unrestrict = async () => {
      await open(admin.page, "/admin/accdevlink");
      const row = admin.page
        .getByTestId("device-links")
        .getByRole("row")
        .filter({ hasText: me.name });
      if (!(await row.getByText("Linked devices only").count())) return;
      const accounts = linkForm.getByTestId("link-accounts").getByRole("textbox");
      await accounts.fill(me.name);
      await admin.page
        .getByRole("listbox")
        .getByRole("option", { name: me.name, exact: true })
        .click();
      await admin.page.keyboard.press("Escape");
      await Promise.all([
        admin.page.waitForResponse((r) => r.request().method() === "POST"),
        linkForm.getByRole("button", { name: "Show them every device" }).click(),
      ]);
      await row.getByText("Every device").waitFor();
    };
    try {
      await open(admin.page, "/admin/accdevlink");
      const accounts = linkForm.getByTestId("link-accounts").getByRole("textbox");
      await accounts.fill(me.name);
      const list = admin.page.getByRole("listbox");
      await list.getByRole("option", { name: me.name, exact: true }).click();
      await admin.page.keyboard.press("Escape");
      const devices = linkForm.getByTestId("link-devices").getByRole("textbox");
      await devices.click();
      await list.getByRole("option").first().waitFor();
      const names = (await list.getByRole("option").allTextContents()).slice(0, 2);
      for (const name of names) {
        await devices.fill(name);
        await list.getByRole("option", { name, exact: true }).click();
      }
      await admin.page.keyboard.press("Escape");
      await linkForm.getByRole("button", { name: "Link", exact: true }).click();
      await admin.page
        .getByTestId("toast")
        .getByText("1 account linked; it applies from their next page.")
        .waitFor();
      const row = admin.page
        .getByTestId("device-links")
        .getByRole("row")
        .filter({ hasText: me.name });
      await row.getByText("Linked devices only").waitFor();

      // The driver's next pages: the fleet list and the map show the two devices only.
      await open(driver.page, "/dashboard/fleet");
      expect(await driver.page.getByTestId("table-showing").textContent()).toBe("Showing 1–2 of 2");
      const listed = await driver.page
        .locator("[data-testid=fleet-table] tbody tr")
        .allTextContents();
      for (const name of names) expect(listed.some((t) => t.includes(name))).toBe(true);
      await open(driver.page, "/dashboard/assets");
      await driver.page.getByTestId("fleet-map").waitFor();
      await driver.page.getByTestId("device-name").first().waitFor();
      expect((await driver.page.getByTestId("device-name").allTextContents()).sort()).toEqual(
        [...names].sort(),
      );
      await driver.page.locator(".ts-marker, .ts-cluster").first().waitFor();
      const imeis = await driver.page
        .locator(".ts-marker [data-imei]")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-imei")));
      expect(new Set(imeis).size).toBeLessThanOrEqual(2);
      // The admin's person page of the driver says the same.
      await open(admin.page, me.url);
      expect(await admin.page.getByTestId("person-devices").textContent()).toContain(
        "Only linked devices: 2.",
      );
    } finally {
      await unrestrict();
    }
    await open(driver.page, "/dashboard/fleet");
    expect(await driver.page.getByTestId("table-showing").textContent()).toContain(`of ${total}`);
    await admin.context.close();
    await driver.context.close();
  }, 120_000);
});

describe("jobsites", () => {
  it("draws a polygon jobsite on the map, which lists it with its corners", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await open(page, "/admin/jobsites");
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/admin/add-jobsite"),
      page.getByRole("link", { name: "Add jobsite" }).click(),
    ]);
    await whenReady(page);
    const name = `E2E yard ${stamp()}`;
    const form = page.getByTestId("jobsite-form");
    await form.getByLabel("Name", { exact: true }).first().fill(name);
    await form.getByLabel("Address").fill("1 Drawn Street, Eagle Farm QLD");
    // Inactive: the fleet map's tests count the company's active jobsites.
    await form.getByRole("checkbox", { name: /^Active/ }).uncheck();
    await form.getByLabel("Geofence shape").selectOption("polygon");
    const map = page.locator("[data-testid=jobsite-map].leaflet-container");
    await map.waitFor();
    const box = (await map.boundingBox())!;
    const corners = [
      [0.3, 0.3],
      [0.7, 0.35],
      [0.5, 0.75],
    ];
    for (const [x, y] of corners)
      await map.click({ position: { x: box.width * x!, y: box.height * y! } });
    const typed = (await form.getByLabel("Corners").inputValue()).trim().split("\n");
    expect(typed).toHaveLength(3);
    for (const line of typed) expect(line).toMatch(/^-27\.\d+, 15[23]\.\d+$/);
    // The drawn shape is on the map as the corners are placed.
    await map.locator("path.ts-jobsite-fence").waitFor();
    // ... inside the map's frame, where it was clicked (Leaflet's own styles are loaded).
    const drawn = (await map.locator("path.ts-jobsite-fence").boundingBox())!;
    expect(drawn.y).toBeGreaterThanOrEqual(box.y);
    expect(drawn.y + drawn.height).toBeLessThanOrEqual(box.y + box.height);
    await Promise.all([
      page.waitForURL(/\/admin\/jobsite\/\d+$/),
      form.getByRole("button", { name: "Add jobsite" }).click(),
    ]);
    await page.getByTestId("toast").getByText(`${name} added.`).waitFor();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    // Its page draws the saved polygon and keeps the corners.
    await page.locator("[data-testid=jobsite-map] path.ts-jobsite-fence").waitFor();
    expect((await page.getByTestId("jobsite-form").getByLabel("Corners").inputValue()).trim()).toBe(
      typed.join("\n"),
    );
    await open(page, `/admin/jobsites?q=${encodeURIComponent(name)}`);
    const row = page.getByTestId("jobsites").getByRole("row").filter({ hasText: name });
    await row.getByText("Polygon, 3 corners").waitFor();
    await row.getByText("Inactive").waitFor();
    // The list's map draws what is listed; a click on the shape opens the jobsite.
    const shapes = page.locator("[data-testid=jobsites-map] path.ts-jobsite-fence");
    await shapes.first().waitFor();
    expect(await shapes.count()).toBe(1);
    const site = new URL(
      await row.getByRole("link", { name }).evaluate((a) => (a as HTMLAnchorElement).href),
    ).pathname;
    await Promise.all([page.waitForURL((u) => u.pathname === site), shapes.first().click()]);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await context.close();
  });
});

describe("subscriptions and payment", () => {
  it("takes the card on the provider's page only, buys device licences with it, and downloads the invoice", async () => {
    const { page, context } = await newPage();
    // Every form post and query our app receives, to prove the card number never reaches it.
    const toApp: string[] = [];
    page.on("request", (r) => {
      if (r.url().startsWith(appUrl())) toApp.push(`${r.url()} ${r.postData() ?? ""}`);
    });
    await signIn(page, "other", "other123");
    await open(page, "/dashboard/payment-details");
    await Promise.all([
      page.waitForURL((u) => u.href.startsWith(upstreamUrl()) && u.pathname.startsWith("/pay/")),
      page.getByRole("link", { name: /^(Add a card|Replace card)$/ }).click(),
    ]);
    await page.getByRole("heading", { name: "Sim Pay: add a card" }).waitFor();
    await page.getByLabel("Card number").fill("4242 4242 4242 4241");
    await page.getByLabel("Expiry (MM/YY)").fill("11/29");
    await page.getByLabel("CVC").fill("321");
    await page.getByRole("button", { name: "Save card" }).click();
    // Refused by the provider, on its own page.
    await page.getByRole("alert").getByText("Card number is not valid").waitFor();
    expect(page.url().startsWith(upstreamUrl())).toBe(true);
    await page.getByLabel("Card number").fill("5555 5555 5555 4444");
    await page.getByLabel("Expiry (MM/YY)").fill("11/29");
    await page.getByLabel("CVC").fill("321");
    await Promise.all([
      page.waitForURL(
        (u) => u.href.startsWith(appUrl()) && u.pathname === "/dashboard/payment-details",
      ),
      page.getByRole("button", { name: "Save card" }).click(),
    ]);
    await whenReady(page);
    await page
      .getByTestId("toast")
      .getByText("Mastercard ending 4444 is now the card on file.")
      .waitFor();
    expect(await page.getByTestId("card-on-file").textContent()).toBe(
      "Mastercard ending 4444, expires 11/2029",
    );

    await open(page, "/dashboard/subscriptions");
    const before = (await page.getByTestId("usage-device-licences").textContent())!;
    const [, used, limit] = /^(\d+) of (\d+) used$/.exec(before)!.map(Number);
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/dashboard/purchase-subscriptions"),
      page.getByRole("link", { name: "Buy more licences" }).click(),
    ]);
    await whenReady(page);
    const buy = page.getByTestId("purchase-form");
    await buy.getByLabel("Device licences").fill(String(limit! + 5));
    await buy.getByRole("button", { name: "See the price" }).click();
    const due = (await page.getByTestId("due-now").textContent())!;
    expect(due).toMatch(/^\$[\d,]+\.\d\d$/);
    expect(due).not.toBe("$0.00");
    await Promise.all([
      page.waitForURL((u) => u.pathname === "/dashboard/subscriptions"),
      buy.getByRole("button", { name: `Confirm purchase of ${due}` }).click(),
    ]);
    const toast = page.getByTestId("toast").getByText(/^Order confirmed: /);
    await toast.waitFor();
    const invoice = /Invoice (INV-2-\d+), /.exec((await toast.textContent())!)![1]!;
    expect(await toast.textContent()).toContain(`${limit! + 5} device`);
    expect(await toast.textContent()).toContain(`${due} charged.`);
    expect(await page.getByTestId("usage-device-licences").textContent()).toBe(
      `${used} of ${limit! + 5} used`,
    );
    const line = page.getByTestId("invoices").getByRole("row").filter({ hasText: invoice });
    expect(await line.textContent()).toContain(due);

    // The invoice as a PDF, downloaded through our server.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      line.getByRole("link", { name: `PDF of invoice ${invoice}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`invoice-${invoice}.pdf`);
    const { text } = await pdfText(new Uint8Array(await readFile((await download.path())!)));
    expect(text).toContain(`Invoice ${invoice}`);
    expect(text).toContain("Southside Plumbing Co");
    expect(text).toContain(`${limit! + 5} devices`);
    expect(text).toContain(due);

    for (const r of toApp) {
      expect(r).not.toContain("5555");
      expect(r).not.toMatch(/cvc|number=/i);
    }
    await context.close();
  });
});

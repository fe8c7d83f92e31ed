import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newPage, signIn, whenReady } from "./support/browser";
import { axeViolations, phoneProblems } from "./support/console";
import { pdfText } from "../support/pdf";

/**
 * The forms builder in the browser (issue 25, forms part): building a form with a repeating group
 * and a condition; publishing v2 while a v1 answer still reads as v1; filling on a phone with the
 * network dropped and restored.
 */
const title = `E2E inspection ${Date.now() % 100_000}`;
let formUrl = "";
let submissionUrl = "";

/** Adds a question and waits for it (by its id: the previous "Question added." may still show). */
async function add(page: Page, kind: string, id: string) {
  await page.getByLabel("Kind of question").selectOption({ label: kind });
  await page.getByRole("button", { name: "Add question" }).click();
  await page.locator(`[data-field="${id}"]`).waitFor();
  await toast(page, "Question added.");
}

const fieldOrder = (page: Page) =>
  page
    .locator("[data-field]")
    .evaluateAll((els) =>
      els.map((e) => e.getAttribute("data-field")!).filter((id) => !id.includes("_")),
    );

async function toast(page: Page, text: string) {
  await page.getByTestId("toast").getByText(text).last().waitFor();
  await whenReady(page);
}

describe("forms builder", () => {
  it("builds a form with a repeating group and a condition, reorders it and publishes it", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/forms/buildform");
    await whenReady(page);
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Create and add questions" }).click();
    await page.waitForURL(/\/forms\/buildform\/\d+$/);
    formUrl = new URL(page.url()).pathname;
    await whenReady(page);
    await page.getByRole("button", { name: "Publish" }).click();
    await page
      .getByTestId("builder-error")
      .getByText("A form with no fields cannot be published.")
      .waitFor();

    await add(page, "Single choice", "q1");
    await add(page, "Long text", "q2");
    await add(page, "Repeating group", "q3");
    const q1 = page.locator('[data-field="q1"]');
    const q2 = page.locator('[data-field="q2"]');
    await page.locator('input[name="f.q1.label"]').fill("Brakes");
    await q1.getByRole("checkbox", { name: "Fail" }).check();
    await page.locator('input[name="f.q2.label"]').fill("What is wrong?");
    // The condition names the first question by the label just typed, before any save.
    await q2.getByLabel("Show only when", { exact: true }).selectOption({ label: "Brakes" });
    await q2.getByLabel("Value", { exact: true }).fill("Fail");
    await page.locator('input[name="f.q3.label"]').fill("Damage");
    await page.getByRole("button", { name: "Save draft" }).click();
    await toast(page, "Draft saved.");
    await expect.poll(() => fieldOrder(page)).toEqual(["q1", "q2", "q3"]);

    // Without a mouse and without drag and drop: the move buttons (plain posts).
    await page.getByRole("button", { name: "Move up: Damage" }).click();
    await toast(page, "Question moved up.");
    await expect.poll(() => fieldOrder(page)).toEqual(["q1", "q3", "q2"]);
    await page.getByRole("button", { name: "Move down: Damage" }).click();
    await toast(page, "Question moved down.");
    await expect.poll(() => fieldOrder(page)).toEqual(["q1", "q2", "q3"]);

    // Drag and drop by keyboard: space picks the group up, the arrow moves it, space drops it.
    const handle = (label: string) =>
      page.getByRole("button", { name: `Drag to reorder: ${label}`, exact: false });
    await handle("Damage").focus();
    await page.keyboard.press("Space");
    await page.locator('[aria-pressed="true"][aria-label^="Drag to reorder: Damage"]').waitFor();
    await page.keyboard.press("ArrowUp");
    await page.getByText("Damage is over What is wrong?.").waitFor({ state: "attached" });
    await page.keyboard.press("Space");
    await toast(page, "Order saved.");
    await expect.poll(() => fieldOrder(page)).toEqual(["q1", "q3", "q2"]);

    // Drag and drop with the mouse: the group is dragged back below the long text.
    const from = (await handle("Damage").boundingBox())!;
    const to = (await q2.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 2 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height + 20, { steps: 10 });
    await page.getByText("Damage is over What is wrong?.").waitFor({ state: "attached" });
    await page.mouse.up();
    await toast(page, "Order saved.");
    await expect.poll(() => fieldOrder(page)).toEqual(["q1", "q2", "q3"]);

    await page.getByRole("button", { name: "Publish" }).click();
    await toast(page, "Version 1 published.");
    await page
      .getByTestId("builder-preview")
      .getByText("Shown only when its condition is met.")
      .waitFor();
    await context.close();
  });

  it("publishes v2 while a v1 answer still reads as v1", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    const id = formUrl.split("/").pop();
    await page.goto(`/forms/fill/${id}`);
    await whenReady(page);
    const form = page.getByTestId("fill-form");
    await expect(form.getByLabel("What is wrong?").count()).resolves.toBe(0);
    await form.getByLabel("Brakes").selectOption("Fail");
    await form.getByLabel("What is wrong?").fill("Spongy pedal");
    await form.locator('[data-group="q3"]').getByLabel("Description").fill("Cracked mirror");
    await form.getByRole("button", { name: "Add another damage" }).click();
    await form.locator('[data-item="1"]').waitFor();
    await form.getByRole("button", { name: "Submit" }).click();
    await page
      .getByTestId("toast")
      .getByText(`Thank you: your answers to ${title} were sent.`)
      .waitFor();

    await page.goto(formUrl);
    await whenReady(page);
    await page.locator('input[name="f.q1.label"]').fill("Brake test");
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByTestId("toast").getByText("Version 2 published.").last().waitFor();

    await page.goto("/forms/completed?scope=mine");
    await whenReady(page);
    await page.getByTestId("forms-completed").getByRole("link", { name: title }).first().click();
    await page.getByTestId("answered-version").getByText("Version 1").waitFor();
    submissionUrl = new URL(page.url()).pathname;
    await page.getByText("the form is now at version 2").waitFor();
    await page.getByRole("rowheader", { name: "Brakes", exact: true }).waitFor();
    expect(await page.getByRole("rowheader", { name: "Brake test" }).count()).toBe(0);
    await page.getByText("Spongy pedal").waitFor();

    // Nobody reviews their own answers: another reviewer sends it back, with the comment that
    // is needed, and the answerer reads it on the page.
    expect(await page.getByRole("button", { name: "Send back" }).count()).toBe(0);
    const other = await newPage();
    await signIn(other.page, "demo", "demo123");
    await other.page.goto(submissionUrl);
    await whenReady(other.page);
    await other.page.getByRole("button", { name: "Send back" }).click();
    await other.page.getByText("Say what needs to change before sending it back.").waitFor();
    await other.page.getByLabel("Comment (needed to send it back)").fill("Photograph the pedal");
    await other.page.getByRole("button", { name: "Send back" }).click();
    await toast(other.page, "Form sent back with your comment.");
    await other.context.close();
    await page.reload();
    await whenReady(page);
    await page
      .getByTestId("review-outcome")
      .getByText(/Photograph the pedal/)
      .waitFor();
    await context.close();
  });

  it("keeps the answers on a phone while the network is down and sends them when it returns", async () => {
    const { page, context } = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "driver", "driver123");
    const id = formUrl.split("/").pop();
    await page.goto(`/forms/fill/${id}`);
    await whenReady(page);
    const form = page.getByTestId("fill-form");
    await form.getByLabel("Brake test").selectOption("Pass");
    await form.locator('[data-group="q3"]').getByLabel("Description").fill("Offline dent");
    // The answers are kept on the device as they are typed: a reload brings them back.
    await page.waitForFunction(() =>
      Object.keys(localStorage).some(
        (k) => k.startsWith("forms-draft:") && localStorage.getItem(k)!.includes("Offline dent"),
      ),
    );
    await page.reload();
    await whenReady(page);
    await page
      .getByTestId("fill-status")
      .getByText("Your draft from this device is back.")
      .waitFor();
    await expect(
      form.locator('[data-group="q3"]').getByLabel("Description").inputValue(),
    ).resolves.toBe("Offline dent");
    await context.setOffline(true);
    await form.getByRole("button", { name: "Submit" }).click();
    await page
      .getByTestId("fill-status")
      .getByText("Offline — your answers are saved on this device")
      .waitFor();
    await context.setOffline(false);
    await page
      .getByTestId("fill-status")
      .getByText(`Sent: your saved answers to ${title} were submitted.`)
      .waitFor();
    await context.close();

    const admin = await newPage();
    await signIn(admin.page, "admin", "admin123");
    await admin.page.goto(`/forms/review?form=${id}`);
    await whenReady(admin.page);
    const row = admin.page
      .getByTestId("forms-review")
      .getByRole("row")
      .filter({ hasText: "Dan Driver" });
    await row.getByText("v2").waitFor();
    await row.getByRole("link", { name: title, exact: true }).click();
    await admin.page.getByText("Offline dent").waitFor();
    await whenReady(admin.page);
    await admin.page.getByRole("button", { name: "Approve" }).click();
    await toast(admin.page, "Form approved.");
    await admin.page
      .getByTestId("review-outcome")
      .getByText(/^Approved by/)
      .waitFor();
    await admin.context.close();
  });

  // The console sweep opens these routes with made-up ids (a 404): here they hold real content.
  it("passes axe on a phone and a desktop with a real form, answers and review", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    const id = formUrl.split("/").pop();
    const urls = [
      formUrl,
      `/forms/fill/${id}`,
      submissionUrl,
      `/forms/review?form=${id}`,
      "/forms/completed",
      "/forms/admin",
      "/forms/selection",
    ];
    const found: Record<string, string[]> = {};
    for (const url of urls) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(url);
      await whenReady(page);
      const phone = [...(await phoneProblems(page)), ...(await axeViolations(page))];
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.reload();
      await whenReady(page);
      const desktop = await axeViolations(page);
      if (phone.length || desktop.length) found[url] = [...phone, ...desktop];
    }
    expect(found).toEqual({});
    await context.close();
  }, 180_000);

  it("works without JavaScript: builds, removes a repeating item and signs with a typed name", async () => {
    const { page, context } = await newPage({ javaScriptEnabled: false });
    await signIn(page, "admin", "admin123");
    const plain = `No-JS check ${Date.now() % 100_000}`;
    await page.goto("/forms/buildform");
    await page.getByLabel("Title").fill(plain);
    await page.getByRole("button", { name: "Create and add questions" }).click();
    await page.waitForURL(/\/forms\/buildform\/\d+$/);
    const id = page.url().split("/").pop();
    for (const [kind, qid] of [
      ["Repeating group", "q1"],
      ["Signature", "q2"],
    ]) {
      await page.getByLabel("Kind of question").selectOption({ label: kind! });
      await page.getByRole("button", { name: "Add question" }).click();
      await page.locator(`[data-field="${qid}"]`).waitFor();
    }
    await page.locator('input[name="f.q1.label"]').fill("Damage");
    await page.locator('input[name="f.q2.label"]').fill("Driver signature");
    await page.getByRole("button", { name: "Publish" }).click();
    await page.getByTestId("toast").getByText("Version 1 published.").waitFor();

    await page.goto(`/forms/fill/${id}`);
    const form = page.getByTestId("fill-form");
    const item = (i: number) =>
      form.locator(`[data-group="q1"] [data-item="${i}"]`).getByLabel("Description");
    for (const [i, text] of ["Dent A", "Dent B", "Dent C"].entries()) {
      await item(i).fill(text);
      if (i < 2) {
        await form.getByRole("button", { name: "Add another damage" }).click();
        await item(i + 1).waitFor();
      }
    }
    await form.getByRole("button", { name: "Remove item 2" }).click();
    await page.waitForFunction(() => !document.querySelector('[data-group="q1"] [data-item="2"]'));
    expect([await item(0).inputValue(), await item(1).inputValue()]).toEqual(["Dent A", "Dent C"]);
    await form.getByText("Drawing a signature needs JavaScript").waitFor();
    await form.getByLabel("Type your full name to sign").fill("Dana Typed");
    await form.getByRole("button", { name: "Submit" }).click();
    await page.getByTestId("toast").getByText(`your answers to ${plain} were sent`).waitFor();

    await page.goto("/forms/completed?scope=mine");
    await page
      .getByTestId("forms-completed")
      .getByRole("link", { name: plain, exact: true })
      .click();
    await page.getByText("Typed name (not drawn): Dana Typed").waitFor();
    await page.getByText("Dent C").waitFor();
    expect(await page.getByText("Dent B").count()).toBe(0);
    const pdfUrl = await page.getByRole("link", { name: "Download as PDF" }).getAttribute("href");
    const res = await page.request.get(pdfUrl!);
    expect(res.status()).toBe(200);
    const { text } = await pdfText(await res.body());
    expect(text).toContain("Typed name (not drawn): Dana Typed");
    expect(text).toContain("Dent C");
    await context.close();
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { newPage, signIn, upstreamUrl, whenReady } from "./support/browser";

const faults = (body: Record<string, unknown>) =>
  fetch(`${upstreamUrl()}/__sim/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 35, promise 1 in the browser: with the tracking service down, a save keeps the page and
 * what was typed, says nothing was saved, and the page says it shows its last good copy; a page
 * never opened before says the tracking service is not answering (503), not "Something went wrong".
 */
describe("the tracking service down", () => {
  afterEach(async () => {
    await fetch(`${upstreamUrl()}/__sim/faults/reset`, { method: "POST" });
  });

  it("keeps a typed form and says nothing was saved", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/plant-hire");
    await whenReady(page);
    const form = page.getByTestId("hire-form");
    await form.getByLabel("Asset").selectOption({ index: 2 });
    await form.getByLabel("Supplier (hired in)").selectOption({ label: "Kennards Hire" });
    await form.getByLabel("On-hire").fill(day(-3));
    await form.getByLabel("Off-hire").fill(day(4));
    await form.getByLabel("Rate").fill("275");
    await faults({ down: true });
    await page.getByRole("button", { name: "Create contract" }).click();
    await page
      .getByTestId("toast")
      .getByText("The tracking service did not answer, so nothing was saved.", { exact: false })
      .waitFor();
    await page.getByTestId("kept-copy-notice").waitFor();
    expect(await form.getByLabel("Rate").inputValue()).toBe("275");
    expect(await form.getByLabel("On-hire").inputValue()).toBe(day(-3));
    expect(new URL(page.url()).pathname).toBe("/dashboard/plant-hire");
    await context.close();
  });

  it("says the tracking service is not answering on a page it has no copy of", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await faults({ down: true });
    const res = await page.goto("/dashboard/deliverymanagement");
    expect(res?.status()).toBe(503);
    expect(res?.headers()["retry-after"]).toBeTruthy();
    await page.getByText("The tracking service is not answering; try again in a moment.").waitFor();
    await context.close();
  });
});

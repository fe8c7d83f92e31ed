import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage, signIn, whenReady } from "./support/browser";

/**
 * Dashcam in the browser (issue 22): reviewing events (one, and several at once from the inbox),
 * playing an event's clip (time advances, a seek lands, the player fetches byte ranges through
 * our server), and requesting footage that the page follows until it is available.
 */
const VIDEO = '[data-testid="event-video"]';

async function openNewestEvent(page: Page) {
  await page.goto("/dashboard/dashcam-events");
  await whenReady(page);
  const link = page.locator("[data-event-link]").first();
  const id = await link.getAttribute("data-event-link");
  await Promise.all([page.waitForURL(`**/dashboard/dashcam-events/${id}`), link.click()]);
  await whenReady(page);
  return id!;
}

describe("dashcam events", () => {
  it("plays an event's clip (time advances, a seek works) and reviews the event", async () => {
    const { page, context } = await newPage();
    const ranges: number[] = [];
    page.on("response", (r) => {
      if (r.url().includes("/dashboard/dashcam-media/") && r.url().endsWith(".clip"))
        ranges.push(r.status());
    });
    await signIn(page, "admin", "admin123");
    await openNewestEvent(page);
    await page.getByTestId("speed-trace").waitFor();
    await page.getByTestId("event-map").waitFor();
    await expect
      .poll(() =>
        page
          .locator('[data-testid="snapshots"] img')
          .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);

    await page.locator(VIDEO).evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await page.waitForFunction(
      (sel) => document.querySelector<HTMLVideoElement>(sel)!.currentTime > 0.5,
      VIDEO,
    );
    const duration = await page.locator(VIDEO).evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeGreaterThan(10);
    // Seek near the end: the player asks for the bytes there and plays on from that point.
    await page.locator(VIDEO).evaluate(
      (v: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          v.addEventListener("seeked", () => resolve(), { once: true });
          v.currentTime = 9;
        }),
    );
    expect(
      await page.locator(VIDEO).evaluate((v: HTMLVideoElement) => v.currentTime),
    ).toBeGreaterThanOrEqual(9);
    await page.waitForFunction(
      (sel) => document.querySelector<HTMLVideoElement>(sel)!.currentTime > 9.3,
      VIDEO,
    );
    expect(ranges).toContain(206);

    const form = page.getByTestId("review-form");
    await form.getByLabel("Status").selectOption("needs_coaching");
    await form.getByLabel("Note").fill("Follow up on Monday");
    await form.getByRole("button", { name: "Save review" }).click();
    await page.getByTestId("toast").getByText("Event marked needs coaching.").waitFor();
    await page.getByTestId("review-status").getByText("Needs coaching").waitFor();
    expect(await page.getByTestId("review-history").innerText()).toContain("Needs coaching by");
    await context.close();
  });

  it("reviews several checked events at once from the inbox", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/dashcam-events?status=needs_review");
    await whenReady(page);
    const rows = page.locator("[data-event]");
    const ids = [
      await rows.nth(0).getAttribute("data-event"),
      await rows.nth(1).getAttribute("data-event"),
    ];
    for (const id of ids) await page.locator(`[data-event="${id}"] input[type=checkbox]`).check();
    const bulk = page.getByTestId("bulk-review");
    await bulk.getByLabel("Set the checked events to").selectOption("reviewed");
    await bulk.getByRole("button", { name: "Apply to checked events" }).click();
    await page.getByTestId("toast").getByText("2 events marked reviewed.").waitFor();
    await page.goto("/dashboard/dashcam-events?status=reviewed");
    await whenReady(page);
    for (const id of ids) await page.locator(`[data-event="${id}"]`).waitFor();
    await context.close();
  });

  it("bulk review works without JavaScript (the checkboxes belong to the review form)", async () => {
    const { page, context } = await newPage({ javaScriptEnabled: false });
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/dashcam-events?status=needs_review");
    const id = await page.locator("[data-event]").first().getAttribute("data-event");
    await page.locator(`[data-event="${id}"] input[type=checkbox]`).check();
    const bulk = page.getByTestId("bulk-review");
    await bulk.getByLabel("Set the checked events to").selectOption("dismissed");
    await bulk.getByLabel("Reason (to dismiss)").fill("Camera knocked");
    await Promise.all([
      page.waitForURL("**/dashboard/dashcam-events?status=needs_review"),
      bulk.getByRole("button", { name: "Apply to checked events" }).click(),
    ]);
    await page.goto("/dashboard/dashcam-events?status=dismissed");
    expect(await page.locator(`[data-event="${id}"]`).innerText()).toContain(
      "Dismissed: Camera knocked",
    );
    await context.close();
  });

  it("requests footage and follows the request until it is available, then plays it", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await openNewestEvent(page);
    const form = page.getByTestId("footage-form");
    await form.getByLabel("Length (seconds)").fill("5");
    await form.getByRole("button", { name: "Request footage" }).click();
    await page
      .getByTestId("toast")
      .getByText(/^Footage of .+ requested/)
      .waitFor();
    const first = page.locator("[data-request]").first();
    expect(await first.getAttribute("data-status")).toMatch(/requested|uploading/);
    // No reload: the page asks again while the camera uploads.
    await page
      .locator('[data-request][data-status="available"]')
      .first()
      .waitFor({ timeout: 40_000 });
    const video = page.getByTestId("footage-video").first();
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
      .toBeGreaterThan(0.3);
    await context.close();
  }, 90_000);
});

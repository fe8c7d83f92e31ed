import { describe, expect, it } from "vitest";
import { newPage, signIn, whenReady } from "./support/browser";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * Deliveries in the browser (issue 26): the dispatcher creates a delivery for the demo driver and a
 * tracking link; the driver, on a phone, picks it up, marks it in transit while offline (queued,
 * sent when back online) and delivers it with a photo, a signature and the phone's position; the
 * recipient's page shows the map on the last leg, hides it after delivery with the proof shown,
 * and is a 404 once the link is revoked.
 */
describe("deliveries", () => {
  it("planned to delivered with proof on a phone; the recipient page hides the map after delivery and 404s after revoke", async () => {
    const desk = await newPage();
    await signIn(desk.page, "admin", "admin123");
    await desk.page.goto("/dashboard/deliverymanagement");
    await whenReady(desk.page);
    const form = desk.page.getByTestId("delivery-form");
    const customer = `E2E Customer ${Date.now() % 100_000}`;
    await form.getByLabel("Customer").fill(customer);
    await form.getByLabel("Pickup address").fill("Fortitude Valley");
    await form.getByLabel("Drop-off address").fill("Nowhere Zzyzx");
    await form.getByLabel("Items").fill("2 x Carton");
    await form.getByLabel("Driver", { exact: true }).selectOption("1003");
    await form.getByLabel("Vehicle", { exact: true }).selectOption({ index: 2 });
    await desk.page.getByRole("button", { name: "Create delivery" }).click();
    // The address the geocoder does not know: said beside the field, the typed values kept.
    await desk.page.getByText("No place matches this address").waitFor();
    expect(await form.getByLabel("Customer").inputValue()).toBe(customer);
    await form.getByLabel("Drop-off address").fill("South Brisbane");
    await desk.page.getByRole("button", { name: "Create delivery" }).click();
    await desk.page
      .getByTestId("toast")
      .getByText(/Delivery DL-.* created\./)
      .waitFor();
    await desk.page.waitForURL(/\/dashboard\/deliverymanagement\/\d+$/);
    const deliveryPath = new URL(desk.page.url()).pathname;
    const id = deliveryPath.split("/").pop()!;
    await desk.page.getByRole("button", { name: "Make a tracking link" }).click();
    const trackUrl = await desk.page.getByTestId("tracking-url").first().innerText();
    expect(trackUrl).toMatch(/\/track\/[A-Za-z0-9_-]{54}$/);

    // The driver on a phone, where the browser may say where it is.
    const phone = await newPage();
    await phone.page.setViewportSize({ width: 390, height: 844 });
    await phone.context.grantPermissions(["geolocation"]);
    await phone.context.setGeolocation({ latitude: -27.481, longitude: 153.02 });
    await signIn(phone.page, "driver", "driver123");
    await phone.page.goto("/courier");
    await whenReady(phone.page);
    await phone.page.getByRole("link", { name: new RegExp(customer) }).click();
    await phone.page.waitForURL(`**/courier/shipment/${id}`);
    await phone.page.getByTestId("navigate").waitFor();
    expect(await phone.page.getByTestId("navigate").getAttribute("href")).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=-27\.\d+,153\.\d+$/,
    );
    await phone.page.getByTestId("status-picked_up").click();
    await phone.page.getByTestId("toast").getByText("Marked as picked up.").waitFor();

    // A flaky network: offline, the action is kept on the phone and sent once back online.
    await phone.context.setOffline(true);
    await phone.page.getByTestId("status-in_transit").click();
    await phone.page
      .getByTestId("courier-queue")
      .getByText(/saved on this phone/)
      .waitFor();
    await phone.context.setOffline(false);
    await phone.page
      .getByTestId("courier-queue")
      .getByText(/^Sent:/)
      .waitFor();
    await phone.page.getByTestId("pod-form").waitFor();

    // The recipient sees the map on the last leg; the vehicle and its ETA only while it drives
    // within the delivery's window (by the hour of the run: tracking-privacy.test.ts sets the clock).
    const visitor = await newPage();
    await visitor.page.goto(trackUrl);
    await visitor.page.getByTestId("track-headline").getByText("on its way").waitFor();
    await visitor.page.getByTestId("delivery-map").waitFor();
    await visitor.page
      .getByTestId("track-eta")
      .getByText(/Arriving about|Expected between/)
      .waitFor();

    // Proof of delivery: a name, a photo from the camera, a signature, the phone's position.
    await phone.page
      .getByTestId("pod-place")
      .getByText(/Place: -27\.48100, 153\.02000/)
      .waitFor();
    await phone.page.getByLabel("Received by").fill("Robin Recipient");
    await phone.page
      .getByTestId("pod-photo-input")
      .setInputFiles({ name: "door.png", mimeType: "image/png", buffer: PNG });
    const pad = phone.page.getByTestId("signature-pad");
    const box = (await pad.boundingBox())!;
    await phone.page.mouse.move(box.x + 20, box.y + 40);
    await phone.page.mouse.down();
    await phone.page.mouse.move(box.x + 120, box.y + 90, { steps: 8 });
    await phone.page.mouse.move(box.x + 220, box.y + 50, { steps: 8 });
    await phone.page.mouse.up();
    await phone.page.getByTestId("status-delivered").click();
    await phone.page.getByTestId("toast").getByText("Marked as delivered.").waitFor();
    await phone.page.getByTestId("pod-name").getByText("Robin Recipient").waitFor();
    await phone.page.getByTestId("pod-photo").waitFor();
    await phone.page.getByTestId("pod-signature").waitFor();
    expect(
      await phone.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);

    // After delivery: no map, the proof shown.
    await visitor.page.reload();
    await visitor.page.getByTestId("track-headline").getByText("has arrived").waitFor();
    await visitor.page.getByTestId("pod").waitFor();
    expect(await visitor.page.getByTestId("delivery-map").count()).toBe(0);

    // The dispatcher sees the proof, then revokes the link: the page shows nothing.
    await desk.page.reload();
    await desk.page.getByTestId("pod-name").getByText("Robin Recipient").waitFor();
    await desk.page.getByRole("button", { name: "Revoke" }).click();
    await desk.page
      .getByTestId("toast")
      .getByText(/Tracking link revoked/)
      .waitFor();
    const gone = await visitor.page.goto(trackUrl);
    expect(gone?.status()).toBe(404);
    expect(await visitor.page.getByText("Robin Recipient").count()).toBe(0);

    await Promise.all([desk.context.close(), phone.context.close(), visitor.context.close()]);
  }, 180_000);
});

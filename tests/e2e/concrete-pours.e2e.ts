import { describe, expect, it } from "vitest";
import { newPage, signIn, whenReady } from "./support/browser";

/**
 * Concrete pours in the browser (issue 24): a new pour with a linked sensor shows its in-place
 * strength; the mass pour's core–surface breach reaches the notification bell.
 */
const DAY = 86_400_000;
/** A Brisbane wall-clock time (UTC+10, no daylight saving) for a datetime-local field. */
const brisbane = (ms: number) => new Date(ms + 10 * 3_600_000).toISOString().slice(0, 16);

describe("concrete pours", () => {
  it("creates a pour, links a sensor, and shows its strength", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    // A sensor of its own, so a retried test never finds it busy.
    const imei = `35480019${String(Date.now()).slice(-7)}`;
    await page.goto("/concrete/sensor");
    await whenReady(page);
    await page.getByTestId("sensor-form").getByLabel("IMEI").fill(imei);
    await page
      .getByTestId("sensor-form")
      .getByLabel("Name")
      .fill(`E2E probe ${imei.slice(-4)}`);
    await page.getByRole("button", { name: "Register sensor" }).click();
    await page.getByTestId("sensor-battery").waitFor();

    await page.goto("/concrete/pour");
    await whenReady(page);
    const form = page.getByTestId("pour-form");
    const element = `E2E wall ${Date.now() % 100_000}`;
    await form.getByLabel("Element").fill(element);
    await form.getByLabel("Jobsite").selectOption({ label: "Queens Wharf Site" });
    await form.getByLabel("Mix design").selectOption({ label: "N32/20 general slab (32 MPa)" });
    await form.getByLabel("Volume (m³)").fill("12");
    await form.getByLabel("Thickness (m)").fill("0.3");
    await form.getByLabel(/Placed at/).fill(brisbane(Date.now() - 2 * DAY));
    await page.getByRole("button", { name: "Create pour" }).click();
    await page
      .getByTestId("toast")
      .getByText(`${element} created: now link its sensors.`)
      .waitFor();

    const link = page.getByTestId("link-form");
    await link.getByLabel("Sensor").selectOption({ value: imei });
    await link.getByLabel("Position").selectOption("core");
    await link.getByLabel("Depth (mm)").fill("150");
    await page.getByRole("button", { name: "Link sensor" }).click();
    await page
      .waitForURL(/\/concrete\/pour-device-links\/\d+$/, { timeout: 15_000 })
      .catch(async () => {
        throw new Error(
          `not linked: ${page.url()} ${await page.getByTestId("link-form").innerText()}`,
        );
      });
    await page.getByTestId("pour-links").getByText(imei).waitFor();

    // The same sensor on another active pour is refused, naming the pour that holds it.
    await page.goto("/concrete/pour-device-link/801");
    await whenReady(page);
    await page.getByTestId("link-form").getByLabel("Sensor").selectOption({ value: imei });
    await page.getByRole("button", { name: "Link sensor" }).click();
    await page.getByText(`is already linked to the active pour "${element}"`).waitFor();

    await page.goto("/concrete/pours");
    await whenReady(page);
    await page.getByTestId("pours").getByRole("link", { name: element, exact: true }).click();
    await page.getByRole("heading", { name: element }).waitFor();
    const strength = await page.getByTestId("pour-strength").innerText();
    expect(strength).toMatch(/^\d+\.\d MPa$/);
    expect(Number.parseFloat(strength)).toBeGreaterThan(5);
    await page
      .getByTestId("pour-targets")
      .getByText(/Strip formwork \(70 %\)/)
      .waitFor();
    await context.close();
  });

  it("the mass pour's core–surface breach reaches the admin's notifications", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/concrete/view-pour/802");
    await whenReady(page);
    await page
      .getByTestId("open-breaches")
      .getByText(/Core–surface difference above the limit/)
      .waitFor();
    // Seeing the breach notifies it once. Other tests (or the breach job) may have seen it first,
    // so the notification can be older than the bell's latest few: read back through the feed.
    const text = "Raft foundation, core A: core–surface difference above the limit";
    await page.goto("/dashboard/notifications");
    await whenReady(page);
    for (let pages = 0; ; pages++) {
      await page.getByTestId("feed").waitFor();
      if ((await page.getByTestId("feed").getByText(text).count()) > 0) break;
      const older = page.getByRole("link", { name: "Older notifications" });
      expect(await older.count(), `"${text}" not in the notifications`).toBe(1);
      expect(pages).toBeLessThan(20);
      const url = page.url();
      await older.click();
      await page.waitForURL((u) => u.toString() !== url);
    }
    await context.close();
  });
});

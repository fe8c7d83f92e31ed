import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { createUpstream } from "~/services/upstream/client.server";
import { iotDevices, login } from "~/services/upstream/index.server";
import { deviceDiagnostics } from "~/modules/operations/diagnostics.server";
import { installationSteps } from "~/modules/operations/installation-checks";
import { pdfText } from "../support/pdf";
import { newPage, signIn, upstreamUrl, whenReady } from "./support/browser";

/**
 * The installation check on an installer's phone (issue 26): every step passing live, the
 * certificate issued through the form (the installer's name required) and downloaded as a PDF.
 */

async function passingVehicle(since: number): Promise<string> {
  const base = createUpstream({ baseUrl: upstreamUrl(), retries: 0 });
  const r = await login(base, { username: "admin", password: "admin123" });
  if (!r.ok) throw new Error("sign-in failed");
  const api = base.withToken(r.token);
  for (const d of await iotDevices(api)) {
    const diag = await deviceDiagnostics(api, d.imei, since).catch(() => null);
    if (diag && installationSteps(diag, { now: Date.now(), measurement: "metric" }).passed)
      return d.imei;
  }
  throw new Error("no vehicle passes every step now");
}

describe("installation check", () => {
  it("on a phone: every step passes, the certificate is issued and downloads as a PDF", async () => {
    const since = Date.now() - 6 * 3_600_000 + 120_000;
    const imei = await passingVehicle(since);
    const { page, context } = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "admin", "admin123");
    await page.goto(`/installation/${imei}?since=${since}`);
    await whenReady(page);
    for (const id of ["reporting", "gps", "ignition", "power", "odometer"])
      expect(await page.getByTestId(`step-${id}`).getAttribute("data-status")).toBe("pass");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // The installer's name is required: the message sits at the field, nothing is issued.
    const issued = () => page.locator('[data-testid="certificates"] a').count();
    const before = await issued();
    await page.getByRole("button", { name: "Issue certificate" }).click();
    await page.getByText("Enter the installer's name").waitFor();
    expect(await issued()).toBe(before);
    await page.getByLabel("Installer").fill("Ivy Installer");
    await page.getByLabel("Notes").fill("Behind the glovebox; antenna on the windscreen");
    await page.getByRole("button", { name: "Issue certificate" }).click();
    await page.getByTestId("toast").getByText("Certificate issued: download it below.").waitFor();

    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("certificates").getByRole("link").first().click(),
    ]);
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^installation-${imei}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
    );
    const { text } = await pdfText(fs.readFileSync((await file.path())!));
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Installation certificate");
    expect(flat).toContain("Ivy Installer");
    expect(flat).toContain("Verification code");
    expect(flat).toMatch(/\b[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}\b/);
    await context.close();
  });
});

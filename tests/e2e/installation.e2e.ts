import fs from "node:fs";
import pg from "pg";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createUpstream } from "~/services/upstream/client.server";
import { login } from "~/services/upstream/index.server";
import { newInstalls } from "~/modules/operations/diagnostics.server";
import { pdfText } from "../support/pdf";
import { axeViolations, open } from "./support/console";
import { databaseUrl, newPage, signIn, upstreamUrl, whenReady } from "./support/browser";

/**
 * The installation check on an installer's phone (issue 26), on the simulator's newly installed
 * device, started from the fleet page's "New installs awaiting their check": the steps pass one by one as the installer works (the page reads the device every 5 s;
 * the device sees the ignition on 10 s and off 20 s after the check starts), then the certificate
 * is issued through the form (the installer's name required) and downloaded as a PDF; the fleet page
 * then says the device was checked.
 */

async function newlyInstalled(): Promise<{ imei: string; nickname: string }> {
  const base = createUpstream({ baseUrl: upstreamUrl(), retries: 0 });
  const r = await login(base, { username: "admin", password: "admin123" });
  if (!r.ok) throw new Error("sign-in failed");
  const [device] = await newInstalls(base.withToken(r.token));
  if (!device) throw new Error("the simulator has no newly installed device");
  return device;
}

/** A retry starts over: no certificate of the new device yet. */
async function forgetCertificates(imei: string) {
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  try {
    await db.query(`delete from "InstallationCertificate" where imei = $1`, [imei]);
  } finally {
    await db.end();
  }
}

const status = (page: Page, id: string) =>
  page.getByTestId(`step-${id}`).getAttribute("data-status");

describe("installation check", () => {
  it("on a phone: the new device's steps pass as the installer works, the certificate downloads as a PDF", async () => {
    const { imei, nickname } = await newlyInstalled();
    const { page, context } = await newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await forgetCertificates(imei);
    await signIn(page, "admin", "admin123");
    // The new device is not in the fleet list: the fleet page offers its check.
    await page.goto("/dashboard/fleet");
    const panel = page.getByRole("region", { name: "New installs awaiting their check" });
    const item = panel.locator(`[data-testid="new-install"][data-imei="${imei}"]`);
    await item.getByText(nickname).waitFor();
    // Opening the page starts the check: a fix, power and odometer at once, the ignition not yet.
    await Promise.all([
      page.waitForURL(new RegExp(`/installation/${imei}`)),
      item.getByRole("link", { name: "Start the installation check" }).click(),
    ]);
    await whenReady(page);
    await page.getByRole("heading", { name: `Installation check: ${nickname}` }).waitFor();
    for (const id of ["reporting", "gps", "power", "odometer"])
      expect(await status(page, id)).toBe("pass");
    expect(await status(page, "ignition")).toBe("waiting");
    await page.waitForURL(/since=\d+/);
    expect(await page.getByRole("button", { name: "Issue certificate" }).count()).toBe(0);

    // The page reads the device again by itself (every 5 s) until the ignition was seen on and off;
    // the in-between state (on seen only) is pinned in the contract test, whose clock is exact.
    await page
      .locator('[data-testid="step-ignition"][data-status="pass"]')
      .waitFor({ timeout: 40_000 });
    for (const id of ["reporting", "gps", "ignition", "power", "odometer"])
      expect(await status(page, id)).toBe("pass");
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
    // The printed address checks the certificate, signed out, on a page axe finds nothing on.
    const verifyAt = /https?:\/\/\S+\/verify\/[a-z0-9]+\.[0-9a-f]{40}/.exec(flat)?.[0];
    expect(verifyAt).toBeDefined();
    const visitor = await newPage();
    await open(visitor.page, new URL(verifyAt!).pathname);
    await visitor.page.getByTestId("verify-valid").getByText("Valid certificate").waitFor();
    await visitor.page.getByText(`${nickname} (IMEI ${imei})`).waitFor();
    expect(await axeViolations(visitor.page)).toEqual([]);
    const path = new URL(verifyAt!).pathname;
    await open(visitor.page, `${path.slice(0, -1)}${path.endsWith("0") ? "1" : "0"}`);
    await visitor.page.getByTestId("verify-invalid").waitFor();
    expect(await axeViolations(visitor.page)).toEqual([]);
    await visitor.context.close();

    // Back on the fleet page: checked, with the certificate's date, and no check to start.
    await page.goto("/dashboard/fleet");
    await item.getByTestId("new-install-checked").getByText("Checked").waitFor();
    expect(await item.getByRole("link", { name: "Start the installation check" }).count()).toBe(0);
    await context.close();
  });
});

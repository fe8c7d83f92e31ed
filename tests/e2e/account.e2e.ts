import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage } from "./support/browser";

/**
 * The account page and company settings (issue 3): editing the profile and the company's
 * feature flags, with and without JavaScript. Each test signs up its own account (a new company
 * with every feature on), so no shared demo user is changed.
 */

let n = 0;
async function freshAccount(page: Page) {
  n++;
  const email = `e2e-account-${n}-${Date.now()}@example.test`;
  await page.goto("/register");
  await page.locator('input[name="first_name"]').fill("Robin");
  await page.locator('input[name="last_name"]').fill(`Account${n}`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("pw-12345678");
  await Promise.all([
    page.waitForURL((u) => u.pathname.startsWith("/dashboard")),
    page.getByRole("button", { name: "Create account" }).click(),
  ]);
  return email;
}

async function hydrated(page: Page) {
  await page.getByTestId("loading-screen").waitFor({ state: "detached" });
}

/** A menu link by its title. */
const menuLink = (page: Page, title: string) =>
  page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("link", { name: title, exact: true });

describe("the account page", () => {
  it("edits the profile, refusing an invalid email next to the field, and the avatar menu shows the new name", async () => {
    const { page, context } = await newPage();
    const email = await freshAccount(page);
    await page.goto("/dashboard/account");
    await hydrated(page);
    expect(await page.locator('input[name="email"]').inputValue()).toBe(email);
    expect(await page.getByTestId("profile").getByLabel("Username").inputValue()).toBe(email);

    await page.locator('input[name="email"]').fill("not an email");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Enter a valid email address").waitFor();
    expect(new URL(page.url()).search).toBe("");

    await page.locator('input[name="first_name"]').fill("Jordan");
    await page.locator('input[name="last_name"]').fill("Renamed");
    await page.locator('input[name="email"]').fill(`renamed.${email}`);
    await page.locator('input[name="mobile"]').fill("+61 400 555 000");
    await page.getByRole("button", { name: "Save profile" }).click();
    // The toast, shown as a notification once hydrated; the URL carries no notice.
    await page.getByTestId("toast").getByText("Your profile has been saved.").waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/dashboard/account");
    expect(await page.locator('input[name="mobile"]').inputValue()).toBe("+61 400 555 000");

    await page.getByTestId("avatar-menu").click();
    await expect(page.getByTestId("avatar-name").textContent()).resolves.toBe("Jordan Renamed");
    // And it survives a reload (the session's copy was refreshed, not only the page).
    await page.reload();
    await hydrated(page);
    await page.getByTestId("avatar-menu").click();
    await expect(page.getByTestId("avatar-name").textContent()).resolves.toBe("Jordan Renamed");
    expect(await page.locator('input[name="email"]').inputValue()).toBe(`renamed.${email}`);
    // The sign-up's owner is an admin: the page offers signing out everywhere.
    expect(await page.getByTestId("sign-out-everywhere").getAttribute("href")).toBe(
      "/dashboard/sessions",
    );
    await context.close();
  });

  it("works without JavaScript: field messages, typed values kept, then saved", async () => {
    const { page, context } = await newPage({ javaScriptEnabled: false });
    await freshAccount(page);
    await page.goto("/dashboard/account");
    await page.locator('input[name="first_name"]').fill("");
    await page.locator('input[name="last_name"]').fill("Typed Surname");
    await page.locator('input[name="mobile"]').fill("not a phone");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.getByText("Enter your first name").waitFor();
    await page.getByText("Enter a valid phone number").waitFor();
    expect(await page.locator('input[name="last_name"]').inputValue()).toBe("Typed Surname");
    expect(await page.locator('input[name="mobile"]').inputValue()).toBe("not a phone");

    await page.locator('input[name="first_name"]').fill("Noscript");
    await page.locator('input[name="mobile"]').fill("");
    await page.getByRole("button", { name: "Save profile" }).click();
    await page.waitForURL(/\/dashboard\/account$/);
    // Without JavaScript the toast is the server-rendered status region.
    expect(await page.getByRole("status").filter({ hasText: "Your profile" }).textContent()).toBe(
      "Your profile has been saved.",
    );
    expect(
      await page
        .getByTestId("profile")
        .getByRole("heading", { name: "Noscript Typed Surname" })
        .count(),
    ).toBe(1);
    // The top bar's avatar (server-rendered; the menu cannot open without JavaScript) shows the new initials.
    expect((await page.getByTestId("avatar-menu").textContent())?.trim()).toBe("NT");
    await context.close();
  });
});

describe("company settings", () => {
  it("turns a feature off after confirmation and its menu item disappears at once", async () => {
    const { page, context } = await newPage();
    await freshAccount(page);
    await page.goto("/dashboard/company_settings");
    await hydrated(page);
    expect(await menuLink(page, "Logbook").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Active sessions" }).getAttribute("href")).toBe(
      "/dashboard/sessions",
    );

    await page.locator('input[name="features"][value="logbook"]').uncheck();
    await page.getByRole("button", { name: "Save features" }).click();
    await page.getByTestId("confirm-turn-off").waitFor();
    expect(await page.getByTestId("confirm-turn-off").textContent()).toContain(
      "Logbook will be hidden from the menu",
    );
    // Nothing changed yet.
    expect(await menuLink(page, "Logbook").count()).toBe(1);

    await page.getByRole("button", { name: "Turn off" }).click();
    await page.getByTestId("toast").getByText("The company's features have been saved.").waitFor();
    await menuLink(page, "Logbook").waitFor({ state: "detached" });
    expect(await menuLink(page, "Trips").count()).toBe(1);
    expect(await page.locator('input[name="features"][value="logbook"]').isChecked()).toBe(false);
    const res = await page.goto("/dashboard/logbook");
    expect(res?.status()).toBe(403);

    // Cancel leaves everything as it was.
    await page.goto("/dashboard/company_settings");
    await hydrated(page);
    await page.locator('input[name="features"][value="dashcam"]').uncheck();
    await page.getByRole("button", { name: "Save features" }).click();
    await page.getByTestId("confirm-turn-off").waitFor();
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.getByTestId("company-features").waitFor();
    expect(await page.locator('input[name="features"][value="dashcam"]').isChecked()).toBe(true);
    expect(await menuLink(page, "Dashcam Events").count()).toBe(1);
    await context.close();
  });

  it("works without JavaScript, confirmation included", async () => {
    const { page, context } = await newPage({ javaScriptEnabled: false });
    await freshAccount(page);
    await page.goto("/dashboard/company_settings");
    expect(await menuLink(page, "Dashcam Events").count()).toBe(1);
    await page.locator('input[name="features"][value="dashcam"]').uncheck();
    await page.getByRole("button", { name: "Save features" }).click();
    await page.getByTestId("confirm-turn-off").waitFor();
    await page.getByRole("button", { name: "Turn off" }).click();
    await page.waitForURL(/\/dashboard\/company_settings$/);
    expect(await page.getByTestId("toast").getAttribute("role")).toBe("status");
    expect(await page.getByTestId("toast").textContent()).toBe(
      "The company's features have been saved.",
    );
    // Shown once: a reload no longer has it.
    await page.reload();
    expect(await page.getByTestId("toast").count()).toBe(0);
    expect(await menuLink(page, "Dashcam Events").count()).toBe(0);
    expect(await menuLink(page, "Logbook").count()).toBe(1);
    await context.close();
  });

  it("answers 403 to a user without edit_permissions", async () => {
    const { page, context } = await newPage();
    await page.goto("/login");
    await page.locator('input[name="username"]').fill("demo");
    await page.locator('input[name="password"]').fill("demo123");
    await Promise.all([
      page.waitForURL((u) => !u.pathname.startsWith("/login")),
      page.getByRole("button", { name: "Sign in" }).click(),
    ]);
    const res = await page.goto("/dashboard/company_settings");
    expect(res?.status()).toBe(403);
    await context.close();
  });
});

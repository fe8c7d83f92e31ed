import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newPage, signIn, upstreamUrl } from "./support/browser";

async function resetToken(username: string): Promise<string> {
  const res = await fetch(`${upstreamUrl()}/__sim/reset-token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function register(page: Page, email: string, password: string) {
  await page.goto("/register");
  await page.locator('input[name="first_name"]').fill("Robin");
  await page.locator('input[name="last_name"]').fill("Tester");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
}

describe("sign-in", () => {
  it("says 'The username or password is incorrect.' and keeps the username", async () => {
    const { page, context } = await newPage();
    await page.goto("/login");
    await page.locator('input[name="username"]').fill("admin");
    await page.locator('input[name="password"]').fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(
      page.getByText("The username or password is incorrect.").waitFor(),
    ).resolves.toBeUndefined();
    expect(await page.locator('input[name="username"]').inputValue()).toBe("admin");
    await context.close();
  });

  it("returns to the requested path after signing in", async () => {
    const { page, context } = await newPage();
    await page.goto("/dashboard/account?tab=profile");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(
      "/dashboard/account?tab=profile",
    );
    await page.locator('input[name="username"]').fill("admin");
    await page.locator('input[name="password"]').fill("admin123");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/account");
    expect(new URL(page.url()).search).toBe("?tab=profile");
    await context.close();
  });

  it("works without JavaScript", async () => {
    const { page, context } = await newPage({ javaScriptEnabled: false });
    await page.goto("/dashboard/account");
    await page.locator('input[name="username"]').fill("driver");
    await page.locator('input[name="password"]').fill("driver123");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/account");
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "tracksmith_session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    await context.close();
  });

  it("signs into the demo account from /demo", async () => {
    const { page, context } = await newPage();
    await page.goto("/demo");
    await page.getByRole("button", { name: "Enter the demo" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/dashboard"));
    await context.close();
  });

  it("logs out with a POST and the old session no longer works", async () => {
    const { page, context } = await newPage({ javaScriptEnabled: false });
    await signIn(page, "admin", "admin123");
    await page.goto("/logout");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((u) => u.pathname === "/login");
    await page.goto("/dashboard/account");
    expect(new URL(page.url()).pathname).toBe("/login");
    await context.close();
  });
});

describe("sign-up", () => {
  it("creates an account and signs in; the same email again is refused with the spec's message", async () => {
    const email = `robin.${Date.now()}@example.com`;
    const { page, context } = await newPage();
    await register(page, email, "correct horse battery");
    await page.waitForURL((u) => u.pathname.startsWith("/dashboard"));
    await context.clearCookies();
    await register(page, email, "correct horse battery");
    await expect(
      page.getByText("Problem with sign up. Email may already be in use.").waitFor(),
    ).resolves.toBeUndefined();
    expect(await page.locator('input[name="email"]').inputValue()).toBe(email);
    await context.close();
  });
});

describe("account recovery", () => {
  it("logs in with the token, changes the password, redirects to /, and the new password signs in", async () => {
    const email = `reset.${Date.now()}@example.com`;
    const setup = await newPage();
    await register(setup.page, email, "first password");
    await setup.page.waitForURL((u) => u.pathname.startsWith("/dashboard"));
    await setup.context.close();

    const token = await resetToken(email);
    const { page, context } = await newPage();
    await page.goto(`/recoverAccount?token?=${encodeURIComponent(token)}`);
    await expect(
      page.getByText("Successfully logged in, changing password").waitFor(),
    ).resolves.toBeUndefined();
    const button = page.getByRole("button", { name: "Reset Password" });
    expect(await button.isDisabled()).toBe(true);
    await page.getByLabel("New Password").fill("second password");
    expect(await button.isDisabled()).toBe(false);
    await button.click();
    await expect(
      page.getByText("Successfully changed password! Redirecting...").waitFor(),
    ).resolves.toBeUndefined();
    await page.waitForURL((u) => u.pathname !== "/recoverAccount", { timeout: 10_000 });
    await context.close();

    const fresh = await newPage();
    await signIn(fresh.page, email, "second password");
    expect(new URL(fresh.page.url()).pathname).toMatch(/^\/dashboard/);
    await fresh.context.close();
  });

  it("shows 'Logging in with token...' first (server-rendered)", async () => {
    const { page, context } = await newPage({ javaScriptEnabled: false });
    await page.goto(`/recoverAccount?token?=whatever`);
    expect(await page.getByText("Logging in with token...").isVisible()).toBe(true);
    await context.close();
  });

  it("reports a missing token and still makes the call, which fails", async () => {
    const { page, context } = await newPage();
    await page.goto("/recoverAccount");
    await expect(page.getByText("No login token can be found").waitFor()).resolves.toBeUndefined();
    await expect(
      page.getByText("Failed to log in using token, it might've expired").waitFor(),
    ).resolves.toBeUndefined();
    await context.close();
  });

  it("reports an expired or unknown token", async () => {
    const { page, context } = await newPage();
    await page.goto("/recoverAccount?token?=not-a-real-token");
    await expect(
      page.getByText("Failed to log in using token, it might've expired").waitFor(),
    ).resolves.toBeUndefined();
    await context.close();
  });

  it("refuses an empty password without JavaScript too", async () => {
    const token = await resetToken("demo");
    const { page, context } = await newPage({ javaScriptEnabled: false });
    await page.goto(`/recoverAccount?token?=${encodeURIComponent(token)}`);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(
      page.getByText("Successfully logged in, changing password").waitFor(),
    ).resolves.toBeUndefined();
    // The button is disabled only by script; without it the server refuses the empty password.
    await page.getByRole("button", { name: "Reset Password" }).click();
    await expect(page.getByText("Enter a new password").waitFor()).resolves.toBeUndefined();
    await context.close();
  });
});

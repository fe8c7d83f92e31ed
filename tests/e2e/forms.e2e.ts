import pg from "pg";
import type { Page } from "playwright-core";
import { renderSVG } from "uqr";
import { describe, expect, it } from "vitest";
import { databaseUrl, newPage, signIn, upstreamUrl, whenReady } from "./support/browser";

/**
 * Fill-in links (SPEC §2.1 forms/{id}) against the real server, simulator and Chromium: an admin
 * makes a link on the Forms Dashboard; a visitor with no cookies fills it in, wrongly and then
 * rightly, with and without JavaScript; the answers show on the dashboard and reach the simulator;
 * a revoked link (after a confirmation) and an expired one are the same 404.
 */

const PAGE = "/dashboard/dashboard-forms";

type SimSubmission = {
  id: number;
  form_id: number;
  answers: Record<string, unknown>;
  link_label: string | null;
  reference: string | null;
};

async function simSubmissions(formId: number): Promise<SimSubmission[]> {
  const login = await fetch(`${upstreamUrl()}/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "admin123", platform: "web" }),
  });
  const { token } = (await login.json()) as { token: string };
  const res = await fetch(`${upstreamUrl()}/forms/submissions?form_id=${formId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as SimSubmission[];
}

/** Makes a link for the pre-start check (form 301) on the dashboard; returns its address. */
async function createLink(page: Page, label: string, duration = "1 day"): Promise<string> {
  await page.goto(PAGE);
  await whenReady(page);
  const card = page.locator('[data-testid="form-card"][data-form-id="301"]');
  await card.getByLabel("Who it's for").fill(label);
  await card.getByLabel("Link works for").selectOption({ label: duration });
  await Promise.all([
    page.waitForURL(/created=/),
    card.getByRole("button", { name: "Create a fill-in link" }).click(),
  ]);
  // The address changes as the navigation commits; the new list may render a moment later.
  const row = card.getByTestId("form-link").filter({ hasText: label });
  await row.waitFor();
  expect(await row.getAttribute("data-status")).toBe("active");
  const href = (await row.locator("a").first().getAttribute("href"))!;
  expect(href).toMatch(/\/forms\/[A-Za-z0-9_-]{43}$/);
  expect(await page.getByTestId("form-link-created").textContent()).toContain(href);
  return href;
}

async function fillGood(page: Page, vehicle: string, lights: "Yes" | "No" = "Yes") {
  await page.getByLabel("Vehicle (rego or fleet number)").fill(vehicle);
  await page.getByLabel("Odometer (km)").fill("120345");
  await page.getByLabel("Date of the check").fill("2026-02-28");
  await page.getByLabel("Tyres").selectOption("OK");
  await page
    .getByRole("radiogroup", { name: "Lights and indicators work" })
    .getByLabel(lights, { exact: true })
    .check();
}

async function until<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 500));
  }
}

describe("fill-in links", () => {
  it("are made by an admin, filled in by anyone with the link (with and without JavaScript), and the answers arrive", async () => {
    const label = `Depot QR ${Date.now()}`;
    const admin = await newPage();
    await signIn(admin.page, "admin", "admin123");
    const href = await createLink(admin.page, label);

    // Its QR code, to print at the depot: shown on request, encoding the link's address.
    const row = admin.page.getByTestId("form-link").filter({ hasText: label });
    const qr = row.getByTestId("qr-code");
    await qr.getByText("QR code").click();
    const img = qr.getByRole("img", { name: /^QR code of / });
    await img.waitFor();
    expect(await img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(
      true,
    );
    const download = qr.getByRole("link", { name: "Download to print (SVG)" });
    expect(await download.getAttribute("download")).toMatch(
      /^Vehicle-pre-start-check-Depot-QR-\d+\.svg$/,
    );
    const svg = decodeURIComponent((await download.getAttribute("href"))!.split(",")[1]!);
    expect(svg).toBe(renderSVG(href, { border: 2 }));

    // A visitor with JavaScript and no cookies: the browser checks the answers first.
    const visitor = await newPage();
    const res = await visitor.page.goto(href);
    expect(res?.status()).toBe(200);
    await whenReady(visitor.page);
    expect(await visitor.page.getByTestId("public-form-title").textContent()).toBe(
      "Vehicle pre-start check",
    );
    expect(await visitor.page.getByTestId("top-bar").count()).toBe(0);
    // Whose form it is: the company's name, as the upstream gave it when the link was made.
    expect(await visitor.page.getByTestId("public-form-company").textContent()).toBe(
      "Harbour Logistics",
    );
    await visitor.page.getByRole("button", { name: "Send answers" }).click();
    await visitor.page.getByText("Please answer yes or no.").waitFor();
    expect(await visitor.page.getByText("Please answer this question.").count()).toBe(3);
    expect(new URL(visitor.page.url()).pathname).toBe(new URL(href).pathname);
    // Failed lights can be reported: No is an answer too.
    await fillGood(visitor.page, "TRK-12", "No");
    await Promise.all([
      visitor.page.waitForURL(/form-submitted-thankyou/),
      visitor.page.getByRole("button", { name: "Send answers" }).click(),
    ]);
    expect(await visitor.page.getByTestId("form-thank-you").textContent()).toContain(
      "Your answers to “Vehicle pre-start check” have been received.",
    );
    await visitor.context.close();

    // Without JavaScript: the server answers with the messages next to the questions and keeps what was typed.
    const plain = await newPage({ javaScriptEnabled: false });
    await plain.page.goto(href);
    await plain.page.getByLabel("Vehicle (rego or fleet number)").fill("VAN-7");
    await plain.page.getByLabel("Other defects").fill("Cracked mirror");
    const refused = await Promise.all([
      plain.page.waitForResponse((r) => r.request().method() === "POST"),
      plain.page.getByRole("button", { name: "Send answers" }).click(),
    ]);
    expect(refused[0].status()).toBe(422);
    await plain.page.getByText("Please answer yes or no.").waitFor();
    expect(await plain.page.getByLabel("Vehicle (rego or fleet number)").inputValue()).toBe(
      "VAN-7",
    );
    expect(await plain.page.getByLabel("Other defects").inputValue()).toBe("Cracked mirror");
    const odometer = plain.page.getByLabel("Odometer (km)");
    expect(await odometer.getAttribute("aria-invalid")).toBe("true");
    await fillGood(plain.page, "VAN-7");
    await Promise.all([
      plain.page.waitForURL(/form-submitted-thankyou/),
      plain.page.getByRole("button", { name: "Send answers" }).click(),
    ]);
    await plain.page.getByText("Fill in the form again").waitFor();
    await plain.context.close();

    // Both reach the simulator, under the link's label, and the dashboard shows them as sent.
    const sent = await until(
      () => simSubmissions(301),
      (list) => list.filter((s) => s.link_label === label).length === 2,
    );
    expect(
      sent
        .filter((s) => s.link_label === label)
        .map((s) => s.answers.vehicle)
        .sort(),
    ).toEqual(["TRK-12", "VAN-7"]);
    expect(sent.find((s) => s.answers.vehicle === "TRK-12")!.answers.lights_ok).toBe(false);
    expect(sent.find((s) => s.answers.vehicle === "VAN-7")!.answers).toMatchObject({
      odometer: 120345,
      lights_ok: true,
      tyres: "OK",
      defects: "Cracked mirror",
    });
    await admin.page.goto(PAGE);
    const card = admin.page.locator('[data-testid="form-card"][data-form-id="301"]');
    await card
      .getByTestId("form-link")
      .filter({ hasText: label })
      .getByTestId("form-link-answers")
      .click();
    await admin.page.getByText(`Answers through “${label}”`).waitFor();
    const rows = admin.page.getByTestId("form-submission");
    expect(await rows.count()).toBe(2);
    expect(await rows.locator('[data-answer="vehicle"]').allTextContents()).toEqual([
      "Vehicle (rego or fleet number): VAN-7",
      "Vehicle (rego or fleet number): TRK-12",
    ]);
    expect(
      await admin.page.locator('[data-testid="form-submission"][data-status="forwarded"]').count(),
    ).toBe(2);
    await admin.context.close();
  });

  it("stop working once revoked (after a confirmation) or expired: the same 404 for both", async () => {
    const admin = await newPage();
    await signIn(admin.page, "admin", "admin123");
    const label = `Subbies ${Date.now()}`;
    const href = await createLink(admin.page, label, "1 hour");
    const row = admin.page.getByTestId("form-link").filter({ hasText: label });
    await row.getByRole("button", { name: "Revoke" }).click();
    await row.getByText("Revoke this link?").waitFor();
    // Asking changed nothing yet.
    const visitor = await newPage();
    expect((await visitor.page.goto(href))?.status()).toBe(200);
    await Promise.all([
      admin.page.waitForURL(/done=revoked/),
      row.getByRole("button", { name: "Yes, revoke" }).click(),
    ]);
    await admin.page
      .locator('[data-testid="form-link"][data-status="revoked"]')
      .filter({ hasText: label })
      .waitFor();
    const gone = await visitor.page.goto(href);
    expect(gone?.status()).toBe(404);
    expect(await visitor.page.getByTestId("form-link-invalid").textContent()).toContain(
      "This link is not valid or has expired",
    );

    // An expired link: no screen can make one, so the test moves its expiry into the past.
    const later = await createLink(admin.page, `Expiring ${Date.now()}`, "7 days");
    expect((await visitor.page.goto(later))?.status()).toBe(200);
    const db = new pg.Client({ connectionString: databaseUrl() });
    await db.connect();
    try {
      const { rowCount } = await db.query(
        `update "FormLink" set "expiresAt" = now() - interval '1 minute' where id = $1`,
        [later.split("/").pop()],
      );
      expect(rowCount).toBe(1);
    } finally {
      await db.end();
    }
    const expired = await visitor.page.goto(later);
    expect(expired?.status()).toBe(404);
    expect(await visitor.page.getByTestId("form-link-invalid").textContent()).toContain(
      "This link is not valid or has expired",
    );
    const submitted = await fetch(later, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: new URL(later).origin,
      },
      body: "vehicle=x",
    });
    expect(submitted.status).toBe(404);
    await admin.page.reload();
    expect(
      await admin.page
        .getByTestId("form-link")
        .filter({ hasText: "Expiring" })
        .first()
        .getAttribute("data-status"),
    ).toBe("expired");
    await visitor.context.close();
    await admin.context.close();
  });
});

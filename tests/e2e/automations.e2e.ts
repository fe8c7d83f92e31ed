import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import pg from "pg";
import { databaseUrl, newPage, signIn, whenReady } from "./support/browser";
import { axeViolations, phoneProblems } from "./support/console";

/**
 * Automations in the browser (issue 26): building one (refused without an action, the typed name
 * kept), its 7-day dry run, turning it off and on from the list; a webhook that is not https
 * refused next to its field (with and without JavaScript); axe and a phone on the pages; a run
 * whose webhook waits for another try, shown as such in the run history.
 */
const NO_ACTION =
  "Add at least one action: an automation without an action would never do anything";
const NOT_HTTPS = "Enter the webhook's https:// address";
// Named afresh by each attempt (a retried test must not find the first attempt's rule).
let name = "";
let editUrl = "";

async function toast(page: Page, text: string) {
  await page.getByTestId("toast").getByText(text).last().waitFor();
  await whenReady(page);
}

const row = (page: Page) =>
  page.getByTestId("automations").getByRole("row").filter({ hasText: name });

describe("automations", () => {
  it("builds an automation, refused without an action, and runs its dry run", async () => {
    name = `E2E overspeed ${Date.now() % 1_000_000}`;
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/automations");
    await whenReady(page);
    await page.getByRole("link", { name: "Create an automation" }).click();
    await page.waitForURL(/\/dashboard\/createAutomations$/);
    await whenReady(page);

    const form = page.getByTestId("automation-form");
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Only above (km/h, optional)").fill("90");
    await form.getByRole("button", { name: "Save automation" }).click();
    // The refusal sits in the actions' fieldset, and what was typed stays.
    const actions = form.getByRole("group", { name: "Then (actions)" });
    await actions.getByText(NO_ACTION).waitFor();
    expect(await form.getByLabel("Name").inputValue()).toBe(name);
    expect(await form.getByLabel("Only above (km/h, optional)").inputValue()).toBe("90");

    // Adding an action is a post of its own: the typed values come back with it.
    await actions.getByRole("button", { name: "Add: Notify (in the app, push, email)" }).click();
    const notify = page.getByTestId("action-0");
    await notify.waitFor();
    await whenReady(page);
    expect(await form.getByLabel("Name").inputValue()).toBe(name);
    expect(await form.getByLabel("Only above (km/h, optional)").inputValue()).toBe("90");
    expect(await actions.getByText(NO_ACTION).count()).toBe(0);
    await notify.getByRole("checkbox", { name: "In the app" }).check();
    await form.getByRole("button", { name: "Save automation" }).click();
    await page.waitForURL(/\/dashboard\/createAutomations\/[\w-]+$/);
    editUrl = new URL(page.url()).pathname;
    await toast(page, "Automation created.");

    await page.goto("/dashboard/automations");
    await whenReady(page);
    await row(page).getByText("On", { exact: true }).waitFor();
    expect(await row(page).innerText()).toMatch(/Automation[\s\S]*notify/);
    await row(page).getByRole("link", { name }).click();
    await page.waitForURL((u) => u.pathname === editUrl);
    await whenReady(page);
    await page.getByRole("heading", { level: 1, name }).waitFor();
    expect(await page.title()).toBe(`${name} · Edit Automation · Tracksmith`);

    await page.getByRole("link", { name: "Run a dry run over 7 days" }).click();
    await page.waitForURL((u) => u.search === "?dryrun=1");
    const result = page.getByTestId("dry-run-result");
    await result.waitFor({ timeout: 30_000 });
    const summary = await result.getByRole("status").innerText();
    expect(summary).toMatch(/^Over [\d,]+ events from .+: would have fired \d+ times, skipped \d+/);
    const fired = Number(/would have fired (\d+) times/.exec(summary)![1]);
    const decisions = result.getByRole("table", { name: "Dry run decisions, newest first" });
    if (await decisions.count()) {
      // Each decision says what and why: a vehicle, would fire or skipped, and the reason.
      const first = decisions.getByRole("row").nth(1);
      const cells = await first.getByRole("cell").allInnerTexts();
      expect(cells).toHaveLength(4);
      expect(cells[2]).toMatch(/^(would fire|skipped)$/i); // shown in capitals
      expect(cells[3]!.trim()).not.toBe("");
      if (fired > 0) await decisions.getByText("would fire").first().waitFor();
    } else {
      expect(fired).toBe(0);
      await result
        .getByText("No event of the last 7 days was one this trigger listens to.")
        .waitFor();
    }
    // An address that names no automation says so in the tab as well as on the page.
    await page.goto("/dashboard/createAutomations/no-such-automation");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    expect(await page.title()).toBe("Automation not found · Tracksmith");
    await context.close();
  });

  it("turns the automation off and on from the list", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/automations");
    await whenReady(page);
    await row(page)
      .getByRole("button", { name: `Turn off ${name}` })
      .click();
    await toast(page, "Automation turned off.");
    await row(page).getByText("Off", { exact: true }).waitFor();
    await row(page)
      .getByRole("button", { name: `Turn on ${name}` })
      .click();
    await toast(page, "Automation turned on.");
    await row(page).getByText("On", { exact: true }).waitFor();
    await context.close();
  });

  it("refuses a webhook that is not https, next to its field", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/createAutomations");
    await whenReady(page);
    const form = page.getByTestId("automation-form");
    await form.getByLabel("Name").fill(`${name} hook`);
    await form.getByRole("button", { name: "Add: Call a webhook (signed)" }).click();
    const hook = page.getByTestId("action-0");
    await hook.waitFor();
    await whenReady(page);
    await hook.getByLabel("Webhook address (https)").fill("http://example.com/hook");
    await form.getByRole("button", { name: "Save automation" }).click();
    await hook.getByText(NOT_HTTPS).waitFor();
    expect(await hook.getByLabel("Webhook address (https)").getAttribute("aria-invalid")).toBe(
      "true",
    );
    expect(await hook.getByLabel("Webhook address (https)").inputValue()).toBe(
      "http://example.com/hook",
    );
    expect(new URL(page.url()).pathname).toBe("/dashboard/createAutomations");
    await context.close();
  });

  it("refuses it on the server too, without JavaScript", async () => {
    const { page, context } = await newPage({ javaScriptEnabled: false });
    await signIn(page, "admin", "admin123");
    await page.goto("/dashboard/createAutomations");
    const form = page.getByTestId("automation-form");
    await form.getByLabel("Name").fill(`${name} plain`);
    await form.getByRole("button", { name: "Add: Call a webhook (signed)" }).click();
    const hook = page.getByTestId("action-0");
    await hook.waitFor();
    await hook.getByLabel("Webhook address (https)").fill("http://10.0.0.5/hook");
    await form.getByRole("button", { name: "Save automation" }).click();
    await hook.getByText(NOT_HTTPS).waitFor();
    await page.getByRole("alert").getByText("Check the fields marked below.").waitFor();
    expect(await form.getByLabel("Name").inputValue()).toBe(`${name} plain`);
    expect(await hook.getByLabel("Webhook address (https)").inputValue()).toBe(
      "http://10.0.0.5/hook",
    );
    await context.close();
  });

  it("passes axe and fits a phone: the builder, the edit page and the list", async () => {
    const { page, context } = await newPage();
    await signIn(page, "admin", "admin123");
    const found: Record<string, string[]> = {};
    const pages = ["/dashboard/createAutomations", `${editUrl}?dryrun=1`, "/dashboard/automations"];
    for (const url of pages) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(url);
      await whenReady(page);
      if (url.includes("dryrun")) await page.getByTestId("dry-run-result").waitFor();
      const phone = [...(await phoneProblems(page)), ...(await axeViolations(page))];
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.reload();
      await whenReady(page);
      if (url.includes("dryrun")) await page.getByTestId("dry-run-result").waitFor();
      const desktop = await axeViolations(page);
      if (phone.length || desktop.length) found[url] = [...phone, ...desktop];
    }
    expect(found).toEqual({});

    // Deleted at the end, so its in-app notifications do not reach other files' tests.
    await page.goto("/dashboard/automations");
    await whenReady(page);
    await row(page).getByRole("button", { name: "Delete" }).click();
    await row(page).getByRole("button", { name: "Yes, delete" }).click();
    await toast(page, "Automation deleted.");
    expect(await row(page).count()).toBe(0);
    await context.close();
  }, 120_000);

  it("shows a webhook waiting for another try in the run history, on a phone and with axe", async () => {
    // No screen makes a failing receiver: the run and its delivery are written as the minute job
    // leaves them after a 503 (the automation off, so no job touches it meanwhile).
    const stamp = Date.now();
    const [autoId, runId] = [`e2e-retry-${stamp}`, `e2e-retry-run-${stamp}`];
    const nextAt = new Date(Math.ceil((stamp + 20 * 60_000) / 60_000) * 60_000);
    const db = new pg.Client({ connectionString: databaseUrl() });
    await db.connect();
    try {
      await db.query(
        `insert into "Automation" (id, "companyId", "createdBy", name, enabled, "timeZone",
           trigger, conditions, actions, "updatedAt")
         values ($1, 1, 1, $2, false, 'UTC', '{"type":"overspeed"}', '[]',
           '[{"kind":"webhook","url":"https://hooks.example/x"}]', now())`,
        [autoId, `E2E retrying ${stamp % 1_000_000}`],
      );
      await db.query(
        `insert into "AutomationRun" (id, "automationId", "companyId", "eventId", subject, outcome,
           reason, at) values ($1, $2, 1, 'e2e-event', 'vehicle 354800100000001', 'retrying',
           'Overspeed 99 km/h', now())`,
        [runId, autoId],
      );
      await db.query(
        `insert into "AutomationDelivery" (id, "runId", "automationId", "companyId", action, url,
           body, tries, "maxTries", state, "nextAt", "lastStatus", "lastError")
         values ($1, $1, $2, 1, 0, 'https://hooks.example/x', '{}', 1, 4, 'retrying', $3, 503,
           'webhook answered 503')`,
        [runId, autoId, nextAt],
      );
      const { page, context } = await newPage();
      await signIn(page, "admin", "admin123");
      const problems: string[] = [];
      for (const size of [
        { width: 390, height: 844 },
        { width: 1440, height: 900 },
      ]) {
        await page.setViewportSize(size);
        await page.goto(`/dashboard/automations?history=${autoId}`);
        await whenReady(page);
        const history = page.getByTestId("run-history");
        await history.getByText("retrying", { exact: true }).waitFor();
        const text = await history.innerText();
        expect(text).toMatch(/Retrying \(try 2 of 4, next at \d\d:\d\d\): webhook answered 503/);
        const shown = /next at (\d\d:\d\d)/.exec(text)![1];
        // In the company's time zone (the simulator's company 1 is in Brisbane).
        expect(shown).toBe(
          new Intl.DateTimeFormat("en-GB", {
            timeZone: "Australia/Brisbane",
            hour: "2-digit",
            minute: "2-digit",
            hourCycle: "h23",
          }).format(nextAt),
        );
        if (size.width < 500) problems.push(...(await phoneProblems(page)));
        problems.push(...(await axeViolations(page)));
      }
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await db.query(`delete from "AutomationDelivery" where "automationId" = $1`, [autoId]);
      await db.query(`delete from "Automation" where id = $1`, [autoId]);
      await db.end();
    }
  }, 120_000);
});

/**
 * Drivers in the browser: the incident review workflow, driver add/edit/deactivate, a bad tag uid,
 * assigning an unidentified trip, a driver who sees only their own scorecard, and "show more" on
 * the incident list.
 */
import { describe, expect, it } from "vitest";
import { newPage, signIn } from "./support/browser";

const LONG = 120_000;
/** The UTC day `n` days ago: the tests read finished periods, which live trips do not change. */
const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
type RemixRouter = { revalidate: () => Promise<void> };

describe("drivers", () => {
  it(
    "review workflow: dismissing asks for a reason, then the incident shows dismissed",
    async () => {
      const { page, context } = await newPage();
      await signIn(page, "admin", "admin123");
      // A period that ended two days ago: live trips add incidents to the top of a period that
      // runs to now, which pushes the last rows of the page off it while the test works.
      const period = `from=${day(20)}&to=${day(2)}`;
      await page.goto(`/dashboard/driversafety?${period}&status=needs_review`);
      const row = page.getByTestId("incident-table").locator("tbody tr").last();
      const id = (await row.getAttribute("data-event"))!;
      const mine = page.locator(`tr[data-event="${id}"]`);
      await mine.locator('select[name="status"]').selectOption("dismissed");
      await mine.getByRole("button", { name: "Save" }).click();
      await mine.getByText("Say why the incident is dismissed").waitFor();
      await mine.locator('input[name="reason"]').fill("Pothole, not the driver");
      await mine.locator('input[name="note"]').fill("Checked the dashcam");
      // A revalidation (as a poll or another form brings) re-renders the table: the row's form
      // keeps what was typed.
      await page.evaluate(async () => {
        const router = (window as unknown as { __remixRouter: RemixRouter }).__remixRouter;
        await router.revalidate();
        // React commits the new data on its next frame.
        await new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
      });
      expect(await mine.locator('input[name="reason"]').inputValue()).toBe(
        "Pothole, not the driver",
      );
      expect(await mine.locator('select[name="status"]').inputValue()).toBe("dismissed");
      await mine.getByRole("button", { name: "Save" }).click();
      await page.getByTestId("toast").getByText("Incident marked dismissed.").waitFor();
      await page.goto(`/dashboard/driversafety?${period}&status=dismissed`);
      const done = page.locator(`tr[data-event="${id}"]`);
      await done
        .getByTestId("incident-status")
        .getByText("Dismissed: Pothole, not the driver")
        .waitFor();
      expect(await done.getByTestId("review-history").textContent()).toMatch(
        /Dismissed by Alex Morgan/,
      );
      await context.close();
    },
    LONG,
  );

  it(
    "driver CRUD: add, edit, deactivate after a confirmation",
    async () => {
      const { page, context } = await newPage();
      await signIn(page, "admin", "admin123");
      await page.goto("/dashboard/drivermanagement");
      await page.getByRole("link", { name: "Add driver" }).click();
      await page.waitForURL((u) => u.search === "?new=1");
      const form = page.getByTestId("driver-form");
      await form.locator('input[name="first_name"]').fill("Erin");
      await form.locator('input[name="last_name"]').fill("Endtoend");
      await form.locator('input[name="licence_expiry"]').fill("soon");
      await form.getByRole("button", { name: "Add driver" }).click();
      await form.getByText("Enter a date (YYYY-MM-DD)").waitFor();
      expect(await form.locator('input[name="first_name"]').inputValue()).toBe("Erin");
      await form.locator('input[name="licence_expiry"]').fill("2031-05-01");
      await form.getByRole("button", { name: "Add driver" }).click();
      await page.getByTestId("toast").getByText("Erin Endtoend added.").waitFor();
      const row = page.locator("tr", { hasText: "Erin Endtoend" });
      await row.getByTestId("driver-edit").click();
      await page.getByTestId("driver-form").locator('input[name="last_name"]').fill("Edited");
      await page.getByRole("button", { name: "Save driver" }).click();
      await page.getByTestId("toast").getByText("Erin Edited saved.").waitFor();
      const edited = page.locator("tr", { hasText: "Erin Edited" });
      await edited.getByRole("button", { name: "Deactivate" }).click();
      await edited.getByRole("button", { name: "Yes, deactivate" }).click();
      await page.getByTestId("toast").getByText("Erin Edited deactivated.").waitFor();
      expect(await page.locator("tr", { hasText: "Erin Edited" }).count()).toBe(0);
      await page.goto("/dashboard/drivermanagement?status=inactive");
      await page.locator("tr", { hasText: "Erin Edited" }).getByText("Inactive").waitFor();
      await context.close();
    },
    LONG,
  );

  it(
    "registering a tag with a bad uid says why and keeps what was typed",
    async () => {
      const { page, context } = await newPage();
      await signIn(page, "admin", "admin123");
      await page.goto("/dashboard/driver-tag");
      const form = page.getByTestId("register-tag");
      await form.locator('input[name="uid"]').fill("XYZ-123");
      await form.getByRole("button", { name: "Register tag" }).click();
      await form.getByText("A tag uid is 8 to 16 hexadecimal characters (0–9, A–F)").waitFor();
      expect(await form.locator('input[name="uid"]').inputValue()).toBe("XYZ-123");
      await form.locator('input[name="uid"]').fill("0badc0de42");
      await form.getByRole("button", { name: "Register tag" }).click();
      await page.getByTestId("toast").getByText("Tag 0BADC0DE42 registered.").waitFor();
      await page.getByTestId("tag-uid").getByText("0BADC0DE42").waitFor();
      await context.close();
    },
    LONG,
  );

  it(
    "assigning an unidentified trip to a driver",
    async () => {
      const { page, context } = await newPage();
      await signIn(page, "admin", "admin123");
      await page.goto("/dashboard/drivermanagement");
      const row = page.getByTestId("unidentified-trips").locator("tbody tr").first();
      const trip = (await row.getAttribute("data-trip"))!;
      const mine = page.locator(`tr[data-trip="${trip}"]`);
      await mine.locator('select[name="driverId"]').selectOption({ index: 1 });
      await mine.getByRole("button", { name: "Assign" }).click();
      await page
        .getByTestId("toast")
        .getByText(/Trip assigned to .+; the week is scored again\./)
        .waitFor();
      expect(await page.locator(`tr[data-trip="${trip}"]`).count()).toBe(0);
      await context.close();
    },
    LONG,
  );

  it(
    "the incident list shows its newest 25; Show more adds as many again and keeps the filter; filtering keeps the period",
    async () => {
      const { page, context } = await newPage();
      await signIn(page, "admin", "admin123");
      // A finished period, so no live incident joins the top of the list between the two reads.
      await page.goto(`/dashboard/driversafety?from=${day(30)}&to=${day(2)}&severity=low`);
      const rows = page.getByTestId("incident-table").locator("tbody tr");
      await page.getByTestId("incidents-more").waitFor();
      expect(await rows.count()).toBe(25);
      const first = await rows.first().getAttribute("data-event");
      await page.getByTestId("incidents-more").click();
      await page.waitForURL(/incidents=50/);
      await rows.nth(25).waitFor();
      expect(new URL(page.url()).searchParams.get("severity")).toBe("low");
      expect(await rows.first().getAttribute("data-event")).toBe(first);
      expect(await rows.count()).toBeGreaterThan(25);
      for (const cell of await page
        .getByTestId("incident-table")
        .locator("tbody tr td:nth-child(5)")
        .allTextContents())
        expect(cell).toBe("low");
      // Another filter keeps the period.
      await page.getByLabel("Severity").selectOption("high");
      await page.getByRole("button", { name: "Filter" }).click();
      await page.waitForURL(/severity=high/);
      expect(new URL(page.url()).searchParams.get("from")).toBe(day(30));
      await context.close();
    },
    LONG,
  );
  it(
    "a driver sees only their own scorecard",
    async () => {
      const { page, context } = await newPage();
      await signIn(page, "driver", "driver123");
      await page.goto("/dashboard/driversafety");
      await page.getByTestId("scorecard").waitFor();
      const own = await page.getByTestId("scorecard").getAttribute("data-driver");
      expect(await page.getByTestId("leaderboard").count()).toBe(0);
      expect(await page.getByTestId("incident-table").count()).toBe(0);
      await page.goto(`/dashboard/driversafety?driver=${Number(own) + 1}`);
      expect(await page.getByTestId("scorecard").getAttribute("data-driver")).toBe(own);
      const res = await page.goto("/dashboard/drivermanagement");
      expect(res!.status()).toBe(403);
      await context.close();
    },
    LONG,
  );
  it(
    "a driver's scorecard shows the incidents on a map; a marker's popup says what happened, as text",
    async () => {
      const { page, context } = await newPage();
      await signIn(page, "admin", "admin123");
      await page.goto("/dashboard/driversafety?days=30");
      await page.getByTestId("fleet-score").waitFor();
      // The leaderboard's riskiest driver (sorted by score, lowest first) has incidents.
      const picker = page.getByLabel("Scorecard of");
      const first = await picker.locator("option").nth(1).getAttribute("value");
      await page.goto(`/dashboard/driversafety?days=30&driver=${first}`);
      const card = page.getByTestId("scorecard");
      await card.waitFor();
      const rows = await card.getByTestId("scorecard-incidents").locator("tbody tr").count();
      expect(rows).toBeGreaterThan(0);
      const markers = card.getByTestId("incident-map").locator(".leaflet-marker-icon");
      await markers.first().waitFor();
      expect(await markers.count()).toBe(rows);
      // By keyboard, as a keyboard user would: incidents at one place stack their markers, so
      // the first one may lie under another and a pointer could not reach it.
      await markers.first().focus();
      await page.keyboard.press("Enter");
      const popup = card.locator(".leaflet-popup-content");
      await popup.waitFor();
      const text = (await popup.textContent())!;
      // In the company's zone (Brisbane), named: the UTC clock read ten hours early.
      expect(text).toMatch(/\d{1,2} [A-Z][a-z]{2}( \d{4})?, \d{2}:\d{2} AEST/);
      expect(text).toMatch(/Severity: (low|medium|high)/);
      expect(await popup.locator("img, script").count()).toBe(0);
      await context.close();
    },
    LONG,
  );
});

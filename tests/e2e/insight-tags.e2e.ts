/**
 * Insight tags in the browser (issue 23): registering a tag and printing its QR code (only the
 * label is printed), the public page showing only the chosen fields, a small wiki with breadcrumbs,
 * an upload and a Markdown page whose raw HTML does not run, a user on the SPEC §3 wiki defaults
 * who sees no "Create category" and gets 403 posting it anyway, and an administrator granting it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPage, signIn, whenReady } from "./support/browser";

const LONG = 120_000;
let uuid = "";
const name = `E2E pump ${Date.now()}`;

const toast = (page: Page, text: string) => page.getByTestId("toast").getByText(text).waitFor();

describe("insight tags", () => {
  it(
    "registers a tag with a QR code of its public page, which shows only the chosen fields",
    async () => {
      const { page, context } = await newPage();
      await signIn(page, "admin", "admin123");
      await page.goto("/dashboard/insight-tag");
      await whenReady(page);
      await page.getByLabel("Name").fill(name);
      await page.getByLabel("Asset description").fill("Diesel water pump, blue");
      await page.getByLabel(/^Owner contact/).fill("Depot 0400 000 000");
      await page.getByRole("button", { name: "Register tag" }).click();
      await toast(page, `Tag ${name} registered.`);
      uuid = (await page.getByTestId("insight-tag-uuid").textContent())!.trim();
      expect(page.url()).toContain(`/dashboard/insight-tag/${uuid}`);

      // The QR code encodes the public page's address, printed beside it.
      const publicUrl = (await page.getByTestId("public-url").textContent())!.trim();
      expect(publicUrl).toMatch(new RegExp(`^https?://[^/]+/insight-tag/${uuid}$`));
      expect(await page.getByTestId("insight-tag-qr").getAttribute("data-qr-text")).toBe(publicUrl);
      expect(
        await page.getByRole("img", { name: `QR code of the public page of ${name}` }).count(),
      ).toBe(1);
      await page.getByTestId("print-qr").waitFor();

      // Printed, the page is just the label: the QR code, the address and the name; no navigation.
      await page.emulateMedia({ media: "print" });
      for (const id of ["insight-tag-qr", "public-url", "label-name"])
        expect(await page.getByTestId(id).isVisible()).toBe(true);
      expect(await page.getByTestId("label-name").textContent()).toBe(name);
      for (const id of ["side-nav", "print-qr", "public-fields-form", "wiki-link"])
        expect(await page.getByTestId(id).isVisible()).toBe(false);
      expect(await page.getByRole("banner").isVisible()).toBe(false);
      const pdf = (await page.pdf({ format: "A4" })).toString("latin1");
      expect(pdf.match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
      await page.emulateMedia({ media: "screen" });
      expect(await page.getByTestId("side-nav").isVisible()).toBe(true);

      // Only the name and the description are public.
      const fields = page.getByTestId("public-fields-form");
      for (const box of await fields.getByRole("checkbox").all()) await box.uncheck();
      await fields.getByLabel("Name", { exact: true }).check();
      await fields.getByLabel("Asset description", { exact: true }).check();
      await fields.getByRole("button", { name: "Save public page" }).click();
      await toast(page, "The public page was updated.");
      await context.close();

      const visitor = await newPage();
      expect((await visitor.page.goto(`/insight-tag/${uuid}`))?.status()).toBe(200);
      expect(await visitor.page.getByTestId("public-tag-name").textContent()).toBe(name);
      const shown = visitor.page.getByTestId("public-tag-fields");
      expect(
        await shown
          .locator("[data-field]")
          .evaluateAll((els) => els.map((e) => e.getAttribute("data-field"))),
      ).toEqual(["description"]);
      expect(await shown.textContent()).not.toContain("0400");
      expect((await visitor.page.goto("/insight-tag/no-such-tag"))?.status()).toBe(404);
      await visitor.context.close();
    },
    LONG,
  );

  it(
    "builds a small wiki with breadcrumbs and an uploaded file",
    async () => {
      const { page, context } = await newPage();
      await signIn(page, "admin", "admin123");
      await page.goto(`/dashboard/insight-tags/${uuid}/wiki`);
      await whenReady(page);
      await page.getByLabel("New category").fill("Manuals");
      await page.getByRole("button", { name: "Create category" }).click();
      // A new category or folder opens at once.
      await toast(page, "Category Manuals created.");
      await page.getByLabel("New folder").fill("Pump");
      await page.getByRole("button", { name: "Create folder" }).click();
      await toast(page, "Folder Pump created.");
      await page.getByTestId("wiki-upload").waitFor();
      const crumbs = page.getByTestId("wiki-breadcrumbs");
      expect((await crumbs.innerText()).split(/\s*›\s*/)).toEqual([
        name,
        "Wiki",
        "Manuals",
        "Pump",
      ]);
      await page.locator("#wiki-file").setInputFiles({
        name: "service notes.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("Oil changed 12 Nov.\n"),
      });
      await page
        .getByTestId("wiki-upload")
        .getByRole("button", { name: "Upload", exact: true })
        .click();
      await page
        .getByTestId("wiki-files")
        .getByRole("link", { name: /service.notes\.txt/ })
        .first()
        .waitFor();

      // A page written in Markdown; its raw HTML is shown as text, never run.
      let dialogs = 0;
      page.on("dialog", (d) => {
        dialogs++;
        void d.dismiss();
      });
      await page.getByRole("link", { name: "New page" }).click();
      await page.getByTestId("wiki-page-editor").waitFor();
      await page.getByLabel("Title").fill("Start-up");
      await page
        .getByLabel("Text")
        .fill(
          '# Before starting\n\n- **Oil** level\n\n<script>window.pwned = 1</script>\n\n<img src=x onerror="window.pwned = 2; alert(1)">',
        );
      await page.getByRole("button", { name: "Create page" }).click();
      await toast(page, "Page Start-up created.");
      const body = page.getByTestId("wiki-page-body");
      expect(await body.getByRole("heading", { name: "Before starting" }).count()).toBe(1);
      expect(await body.textContent()).toContain("<script>window.pwned = 1</script>");
      expect(await body.locator("script, img").count()).toBe(0);
      expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
      expect(dialogs).toBe(0);
      expect((await crumbs.innerText()).split(/\s*›\s*/)).toEqual([
        name,
        "Wiki",
        "Manuals",
        "Pump",
        "Start-up",
      ]);

      // Renamed through its editor; listed in its folder under the new title.
      await page.getByRole("link", { name: "Edit page" }).click();
      await page.getByLabel("Title").fill("Starting the pump");
      await page.getByRole("button", { name: "Save page" }).click();
      await toast(page, "Page Starting the pump saved.");
      await crumbs.getByRole("link", { name: "Pump", exact: true }).click();
      await page
        .getByTestId("wiki-pages")
        .getByRole("link", { name: "Starting the pump" })
        .waitFor();

      // Back up the trail by the breadcrumbs.
      await crumbs.getByRole("link", { name: "Manuals" }).click();
      await page.getByTestId("wiki-folders").getByRole("link", { name: "Pump" }).waitFor();
      await context.close();
    },
    LONG,
  );

  it(
    "the wiki's forms work without JavaScript: the message beside its field, what was typed kept; a page written",
    async () => {
      const { page, context } = await newPage({ javaScriptEnabled: false });
      await signIn(page, "admin", "admin123");
      await page.goto(`/dashboard/insight-tags/${uuid}/wiki`);
      await page.getByLabel("New category").fill("manuals");
      await page.getByRole("button", { name: "Create category" }).click();
      await page
        .getByTestId("form-create-category")
        .getByText("That name is already used here.")
        .waitFor();
      expect(await page.getByLabel("New category").inputValue()).toBe("manuals");
      await page.getByTestId("wiki-categories").getByRole("link", { name: "Manuals" }).click();
      await page.getByTestId("wiki-folders").getByRole("link", { name: "Pump" }).click();
      await page.getByRole("link", { name: "New page" }).click();
      await page.getByLabel("Title").fill("Without script");
      await page.getByLabel("Text").fill("Plain *words*");
      await page.getByRole("button", { name: "Create page" }).click();
      await page.getByTestId("wiki-page-body").locator("em", { hasText: "words" }).waitFor();
      await context.close();
    },
    LONG,
  );

  it(
    "a user on the default wiki rights sees no Create category, and posting it anyway is 403",
    async () => {
      const { page, context } = await newPage();
      await signIn(page, "driver", "driver123");
      expect((await page.goto(`/dashboard/insight-tags/${uuid}/wiki`))?.status()).toBe(200);
      await page.getByTestId("wiki-breadcrumbs").waitFor();
      expect(await page.getByRole("button", { name: "Create category" }).count()).toBe(0);
      const res = await page.request.post(`/dashboard/insight-tags/${uuid}/wiki`, {
        form: { intent: "create-category", name: "Sneaky" },
        headers: { origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(403);
      await page.reload();
      expect(await page.getByTestId("wiki-categories").textContent()).not.toContain("Sneaky");
      await context.close();
    },
    LONG,
  );

  it(
    "an administrator grants a user Create categories on the wiki permissions screen; the user then has the button",
    async () => {
      const admin = await newPage();
      await signIn(admin.page, "admin", "admin123");
      await admin.page.goto("/dashboard/insight-tags/wiki-permissions");
      await whenReady(admin.page);
      const row = admin.page.locator('[data-user="driver"]');
      expect(
        await row.locator('[data-permission="wiki_create_category"]').getAttribute("data-setting"),
      ).toBe("default");
      await row.getByRole("link").click();
      const form = admin.page.getByTestId("wiki-permissions-form");
      await form.getByLabel("Create categories").selectOption("allow");
      await form.getByRole("button", { name: "Save permissions" }).click();
      await toast(admin.page, "Wiki permissions of Dan Driver saved.");
      expect(
        await row.locator('[data-permission="wiki_create_category"]').getAttribute("data-setting"),
      ).toBe("allow");

      const user = await newPage();
      await signIn(user.page, "driver", "driver123");
      await user.page.goto(`/dashboard/insight-tags/${uuid}/wiki`);
      await whenReady(user.page);
      await user.page.getByRole("button", { name: "Create category" }).waitFor();
      await user.context.close();

      // Back to the default: the driver loses the button again.
      await form.getByRole("button", { name: "Back to the defaults" }).click();
      await toast(admin.page, "Dan Driver is back on the default wiki permissions.");
      await admin.context.close();
    },
    LONG,
  );
});

/**
 * Issue 36, finding 3: file names that lie. A wiki file named `evil\u202Efdp.zip` showed as
 * "evilpiz.pdf"; a jobsite document of PDF bytes kept `evil".html` (downloaded as `evil_.html`), a
 * ticket attachment of JPEG bytes `x.html`; a clock-on photo or proof of delivery was whatever the
 * browser called it. Through the upload routes against the simulator: names lose bidirectional
 * controls and take the extension of what the bytes are, and a "picture" that is not one is refused.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { listAdminJobsites, listJobsiteDocuments } from "~/modules/admin/jobsites-upstream.server";
import * as iup from "~/modules/insight-tags/upstream.server";
import { listTickets } from "~/modules/tickets/upstream.server";
import { action as jobsiteUpload } from "~/routes/admin.jobsite_.$id.files";
import { loader as jobsiteDownload } from "~/routes/admin.jobsite_.$id.files.$doc";
import { action as ticketAction, loader as ticketLoader } from "~/routes/_shell.tickets.admin";
import { action as wikiUpload } from "~/routes/dashboard.insight-tags.$uuid.wiki_.upload";
import { photoOf } from "~/modules/timesheets/my-week.server";
import { upstream } from "~/services/api.server";
import { useTestDatabase } from "../support/db";
import { APP, call, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { upstreamAuth, useSimulator } from "../support/upstream";

let admin = "";
let up: ReturnType<typeof upstream>;

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  admin = await sessionCookie("admin", "admin123");
  up = upstream((await upstreamAuth("admin", "admin123")).token);
}, 60_000);

const PDF = new TextEncoder().encode("%PDF-1.4 a real enough pdf");
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0, 8, 0, 0, 0]);
const HTML = new TextEncoder().encode("<!doctype html><script>alert(document.cookie)</script>");

function multipart(path: string, fields: Record<string, string>, field: string, file: File) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  fd.set(field, file);
  return new Request(APP + path, {
    method: "POST",
    body: fd,
    headers: { cookie: admin, origin: APP },
  });
}

describe("uploaded file names say what the file is", () => {
  it("wiki: bidi controls are stripped; an extension follows the bytes", async () => {
    const tag = (await iup.insightTags(up))[0]!.uuid;
    const category = await iup.createCategory(up, tag, `Lies ${Date.now()}`);
    const folder = (await iup.createFolder(up, category.id, "Names")).id;
    const send = (name: string, bytes: Uint8Array<ArrayBuffer>) =>
      call(
        wikiUpload,
        multipart(
          `/dashboard/insight-tags/${tag}/wiki/upload?folder=${folder}`,
          {},
          "file",
          new File([bytes], name),
        ),
        { params: { uuid: tag } },
      );
    expect((await send("evil\u202Efdp.zip", ZIP)).status).toBe(302);
    // A page named as a PDF is kept as text (never served as a PDF, never inline as a page).
    expect((await send("invoice.pdf", HTML)).status).toBe(302);
    const names = (await iup.wiki(up, tag)).files
      .filter((f) => f.folder_id === folder)
      .map((f) => f.name)
      .sort();
    expect(names).toEqual(["evilfdp.zip", "invoice.txt"]);
  });

  it('jobsite documents: a PDF posted as `evil".html` is kept and downloaded as `evil_.pdf`', async () => {
    const site = (await listAdminJobsites(up))[0]!.id;
    const res = await call(
      jobsiteUpload,
      multipart(`/admin/jobsite/${site}/files`, {}, "document", new File([PDF], 'evil".html')),
      { params: { id: String(site) } },
    );
    expect(res.status).toBe(302);
    const doc = (await listJobsiteDocuments(up, site)).find((d) => d.name.startsWith("evil"));
    expect(doc?.name).toBe("evil_.pdf");
    const dl = await call(jobsiteDownload, get(`/admin/jobsite/${site}/files/${doc!.id}`, admin), {
      params: { id: String(site), doc: String(doc!.id) },
    });
    expect(dl.headers.get("content-disposition")).toBe('attachment; filename="evil_.pdf"');
  });

  it("ticket attachments: a JPEG posted as `x.html` is kept as `x.jpg`", async () => {
    const [t] = await listTickets(up);
    const res = await call(
      ticketAction,
      multipart(
        "/tickets/admin",
        { intent: "attach", id: String(t!.id) },
        "file",
        new File([JPEG], "x.html", { type: "text/html" }),
      ),
    );
    expect(res.status).toBe(302);
    const page = (await (
      await call(ticketLoader, get(`/tickets/admin?ticket=${t!.id}`, admin))
    ).json()) as {
      detail: { attachments: { name: string }[] };
    };
    const names = page.detail.attachments.map((a) => a.name);
    expect(names).toContain("x.jpg");
    expect(names).not.toContain("x.html");
  });

  it("clock-on photos: a page the browser calls a JPEG is refused; a real one is typed by its bytes", async () => {
    const form = (file: File) => {
      const f = new FormData();
      f.set("photo", file);
      return f;
    };
    expect(await photoOf(form(new File([HTML], "me.jpg", { type: "image/jpeg" })))).toEqual({
      error: "The photo must be a JPEG, PNG or WebP image",
    });
    const ok = await photoOf(form(new File([JPEG], "me.png", { type: "image/png" })));
    expect(ok).toEqual({ photo: `data:image/jpeg;base64,${Buffer.from(JPEG).toString("base64")}` });
  });
});

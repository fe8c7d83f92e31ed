/** Jobsite documents (issue 19): upload, list, download, refusals, delete; company checks. */
import { beforeAll, describe, expect, it } from "vitest";
import { listAdminJobsites } from "~/modules/admin/jobsites-upstream.server";
import { action as uploadAction } from "~/routes/admin.jobsite_.$id.files";
import { loader as downloadLoader } from "~/routes/admin.jobsite_.$id.files.$doc";
import {
  action as pageAction,
  loader as pageLoader,
} from "~/routes/_shell.admin.jobsite.$id.($primary).($secondary)";
import { upstream } from "~/services/api.server";
import { useTestDatabase } from "../support/db";
import { APP, call, formPost, get, toastOf } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { upstreamAuth, useSimulator } from "../support/upstream";

let admin = "";
let driver = "";
let siteA = 0;
let siteB = 0;

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  admin = await sessionCookie("admin", "admin123");
  driver = await sessionCookie("driver", "driver123");
  siteA = (await listAdminJobsites(upstream((await upstreamAuth("admin", "admin123")).token)))[0]!
    .id;
  siteB = (await listAdminJobsites(upstream((await upstreamAuth("other", "other123")).token)))[0]!
    .id;
}, 60_000);

const upload = (id: number, file: Blob, name: string, cookie = admin) => {
  const fd = new FormData();
  fd.append("document", file, name);
  return call(
    uploadAction,
    new Request(`${APP}/admin/jobsite/${id}/files`, {
      method: "POST",
      body: fd,
      headers: { cookie, origin: APP },
    }),
    { params: { id: String(id) } },
  );
};

type Page = {
  documents: { id: number; name: string; size: number; uploaded_at: string; uploaded_by: string }[];
  uploadError: string | null;
};
const page = async (query = "") =>
  (await (
    await call(pageLoader, get(`/admin/jobsite/${siteA}/documents${query}`, admin), {
      params: { id: String(siteA), primary: "documents" },
    })
  ).json()) as Page;

describe("jobsite documents", () => {
  it("uploads a PDF, lists it with size and who, downloads the same bytes, refuses other types and big files, deletes after confirming", async () => {
    const bytes = "%PDF-1.4 site plan of the wharf";
    const ok = await upload(siteA, new Blob([bytes], { type: "application/pdf" }), "plan.pdf");
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(`/admin/jobsite/${siteA}/documents`);
    expect(await toastOf(ok)).toMatchObject({ type: "success" });
    const doc = (await page()).documents.find((d) => d.name === "plan.pdf")!;
    expect(doc).toMatchObject({ size: bytes.length });
    expect(doc.uploaded_by).not.toBe("");
    expect(Date.parse(doc.uploaded_at)).toBeGreaterThan(Date.now() - 60_000);

    const dl = await call(downloadLoader, get(`/admin/jobsite/${siteA}/files/${doc.id}`, admin), {
      params: { id: String(siteA), doc: String(doc.id) },
    });
    expect(dl.status).toBe(200);
    expect(dl.headers.get("content-type")).toBe("application/pdf");
    expect(dl.headers.get("content-disposition")).toContain('filename="plan.pdf"');
    expect(await dl.text()).toBe(bytes);

    // A GIF named .pdf is refused by its bytes; the reason is shown next to the field.
    const gif = await upload(siteA, new Blob(["GIF89a...."]), "x.pdf");
    expect(gif.headers.get("location")).toBe(`/admin/jobsite/${siteA}/documents?refused=type`);
    expect((await page("?refused=type")).uploadError).toBe(
      "Only PDF, JPEG or PNG documents may be added.",
    );
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set([0x89, 0x50, 0x4e, 0x47], 0);
    const tooBig = await upload(siteA, new Blob([big]), "big.png");
    expect(tooBig.headers.get("location")).toBe(`/admin/jobsite/${siteA}/documents?refused=size`);
    expect((await page("?refused=size")).uploadError).toBe(
      "The document is larger than the limit of 10 MB.",
    );
    expect((await page()).documents.map((d) => d.name)).toEqual(["plan.pdf"]);

    // Someone without the jobsite permissions may not upload.
    expect((await upload(siteA, new Blob([bytes]), "d.pdf", driver)).status).toBe(403);

    const del = (f: Record<string, string>) =>
      call(pageAction, formPost(`/admin/jobsite/${siteA}/documents`, f, { cookie: admin }), {
        params: { id: String(siteA), primary: "documents" },
      });
    const base = { intent: "delete-document", document: String(doc.id) };
    expect(await (await del(base)).json()).toEqual({ confirmDocument: doc.id });
    expect((await page()).documents).toHaveLength(1); // asking deletes nothing
    const gone = await del({ ...base, confirm: "yes" });
    expect(gone.status).toBe(302);
    expect(await toastOf(gone)).toMatchObject({ description: "plan.pdf deleted." });
    expect((await page()).documents).toEqual([]);
    const dlGone = await call(
      downloadLoader,
      get(`/admin/jobsite/${siteA}/files/${doc.id}`, admin),
      { params: { id: String(siteA), doc: String(doc.id) } },
    );
    expect(dlGone.status).toBe(404);
  });

  it("another company's jobsite is a 404 for upload, list and download", async () => {
    const res = await upload(siteB, new Blob(["%PDF-1.4 x"]), "x.pdf");
    expect(res.status).toBe(404);
    const list = await call(pageLoader, get(`/admin/jobsite/${siteB}/documents`, admin), {
      params: { id: String(siteB), primary: "documents" },
    });
    expect(list.status).toBe(404);
    const dl = await call(downloadLoader, get(`/admin/jobsite/${siteB}/files/1`, admin), {
      params: { id: String(siteB), doc: "1" },
    });
    expect(dl.status).toBe(404);
  });
});

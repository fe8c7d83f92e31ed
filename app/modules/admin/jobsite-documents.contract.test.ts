/** Contract test of the jobsite document calls: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
import {
  deleteJobsiteDocument,
  jobsiteDocumentContent,
  listAdminJobsites,
  listJobsiteDocuments,
  uploadJobsiteDocument,
} from "./jobsites-upstream.server";

const bytes = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode(text));
      c.close();
    },
  });

const up = useContractSimulator();

describe("/jobsites/documents", () => {
  it("uploads, lists, reads back and deletes a document; refuses other types; foreign ids are 404s", async () => {
    const api = await up.signIn("admin", "admin123");
    const o = await up.signIn("other", "other123");
    const site = (await listAdminJobsites(api))[0]!;
    const doc = await uploadJobsiteDocument(
      api,
      site.id,
      { name: "permit.pdf", type: "application/pdf" },
      bytes("%PDF-1.4 permit"),
    );
    expect(doc).toMatchObject({ jobsite_id: site.id, name: "permit.pdf", size: 15 });
    expect(doc.uploaded_by).not.toBe("");
    expect((await listJobsiteDocuments(api, site.id))[0]!.id).toBe(doc.id);
    const res = await jobsiteDocumentContent(api, doc.id);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(await res.text()).toBe("%PDF-1.4 permit");
    const wrongType = await rejection(
      uploadJobsiteDocument(
        api,
        site.id,
        { name: "x.gif", type: "image/gif" as "image/png" },
        bytes("GIF8"),
      ),
    );
    expect(wrongType.status).toBe(400);
    const theirSite = (await listAdminJobsites(o))[0]!;
    expect((await rejection(listJobsiteDocuments(api, theirSite.id))).status).toBe(404);
    expect(
      (
        await rejection(
          uploadJobsiteDocument(
            api,
            theirSite.id,
            { name: "a.pdf", type: "application/pdf" },
            bytes("%PDF"),
          ),
        )
      ).status,
    ).toBe(404);
    expect((await rejection(jobsiteDocumentContent(o, doc.id))).status).toBe(404);
    expect((await rejection(deleteJobsiteDocument(o, doc.id))).status).toBe(404);
    await deleteJobsiteDocument(api, doc.id);
    expect(await listJobsiteDocuments(api, site.id)).toEqual([]);
  });
});

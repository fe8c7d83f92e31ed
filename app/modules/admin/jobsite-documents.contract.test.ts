/** Contract test of the jobsite document calls: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { useContractSimulator } from "../../../tests/support/contract";
import { documentRoundTrip } from "../../../tests/support/document-contract";
import {
  deleteJobsiteDocument,
  jobsiteDocumentContent,
  listAdminJobsites,
  listJobsiteDocuments,
  uploadJobsiteDocument,
} from "./jobsites-upstream.server";

const up = useContractSimulator();
const calls = {
  upload: uploadJobsiteDocument,
  list: listJobsiteDocuments,
  content: jobsiteDocumentContent,
  remove: deleteJobsiteDocument,
};

describe("/jobsites/documents", () => {
  it("uploads, lists, reads back and deletes a document; refuses other types; foreign ids are 404s", async () => {
    const api = await up.signIn("admin", "admin123");
    const other = await up.signIn("other", "other123");
    const site = (await listAdminJobsites(api))[0]!;
    const doc = await documentRoundTrip(calls, {
      api,
      other,
      mine: site.id,
      theirs: (await listAdminJobsites(other))[0]!.id,
      name: "permit.pdf",
      text: "%PDF-1.4 permit",
    });
    expect(doc.jobsite_id).toBe(site.id);
    expect(doc.uploaded_by).not.toBe("");
    expect(await listJobsiteDocuments(api, site.id)).toEqual([]);
  });
});

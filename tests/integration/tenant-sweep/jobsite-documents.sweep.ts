import {
  listAdminJobsites,
  listJobsiteDocuments,
  uploadJobsiteDocument,
} from "~/modules/admin/jobsites-upstream.server";
import { defineSweep, type SweepCase } from "./kit";

const pdf = () =>
  new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode("%PDF-1.4 their site plan"));
      c.close();
    },
  });

/** Jobsite documents: company 2's jobsite's documents uploaded to, read or deleted by company 1. */
export default defineSweep({
  seed: async ({ upA, upB }) => {
    const jobsiteB = (await listAdminJobsites(upB))[0]!.id;
    const doc = await uploadJobsiteDocument(
      upB,
      jobsiteB,
      { name: "their-site-plan.pdf", type: "application/pdf" },
      pdf(),
    );
    return { jobsiteA: (await listAdminJobsites(upA))[0]!.id, jobsiteB, docB: doc.id };
  },
  cases: ({ jobsiteA, jobsiteB, docB }): SweepCase[] => [
    {
      file: "admin.jobsite_.$id.files.ts",
      method: "POST",
      url: `/admin/jobsite/${jobsiteB}/files`,
      body: { document: "x" },
    },
    { file: "admin.jobsite_.$id.files.ts", method: "GET", url: `/admin/jobsite/${jobsiteB}/files` },
    {
      file: "admin.jobsite_.$id.files.$doc.ts",
      method: "GET",
      url: `/admin/jobsite/${jobsiteB}/files/${docB}`,
    },
    {
      file: "admin.jobsite_.$id.files.$doc.ts",
      method: "GET",
      url: `/admin/jobsite/${jobsiteA}/files/${docB}`,
    },
    {
      file: "_shell.admin.jobsite.$id.($primary).($secondary).tsx",
      method: "GET",
      url: `/admin/jobsite/${jobsiteB}/documents`,
    },
    ...[jobsiteA, jobsiteB].flatMap((id) =>
      ["", "yes"].map((confirm): SweepCase => ({
        file: "_shell.admin.jobsite.$id.($primary).($secondary).tsx",
        method: "POST",
        url: `/admin/jobsite/${id}/documents`,
        body: { intent: "delete-document", document: String(docB), confirm },
      })),
    ),
  ],
  own: ({ jobsiteB, docB }) => [
    `/admin/jobsite/${jobsiteB}/documents`,
    `/admin/jobsite/${jobsiteB}/files/${docB}`,
  ],
  snapshot: async ({ upB }, { jobsiteB }) => listJobsiteDocuments(upB, jobsiteB),
  secrets: () => ["their-site-plan.pdf", "%PDF-1.4 their site plan"],
});

/**
 * Jobsite documents (site plans, permits, inductions): designed for issue 19 on the shape of the
 * supplier documents; the store and its routes are documents.ts, under `/jobsites/documents`
 * with `jobsite_id`. Each document also says who uploaded it.
 */
import { companyJobsite } from "./api-jobsites";
import { documentRoutes, type SimDocument } from "./documents";
import type { Ctx } from "./kit";

export type SimJobsiteDocument = SimDocument<"jobsite_id"> & { uploaded_by: string };
export type JobsiteDocumentState = { seq: number; docs: SimJobsiteDocument[] };

const state = (ctx: Ctx) => (ctx.state.jobsiteDocuments ??= { seq: 0, docs: [] });

export const jobsiteDocumentRoutes = documentRoutes<"jobsite_id", SimJobsiteDocument>({
  path: "/jobsites/documents",
  key: "jobsite_id",
  ownerOf: companyJobsite,
  docs: (ctx) => state(ctx).docs,
  setDocs: (ctx, docs) => {
    state(ctx).docs = docs;
  },
  nextId: (ctx) => ++state(ctx).seq,
  extra: (ctx) => ({ uploaded_by: ctx.user.name }),
});

/**
 * Jobsite documents (site plans, permits, inductions): read and downloaded with jobsites_view,
 * uploaded and deleted with the permission that edits jobsites (EDIT_JOBSITES). Uploads stream to
 * the upstream through the shared document upload (~/services/document-upload.server); downloads
 * go through our server after checking the document is one of that jobsite's (the company's);
 * another company's jobsite or document is a 404.
 */
import { isAllowed } from "~/lib/access";
import type { FormReply } from "./components/fields";
import { upstream } from "~/services/api.server";
import { documentDownload, receiveDocument } from "~/services/document-upload.server";
import type { ModuleContext } from "~/services/guard.server";
import { json, redirect } from "@remix-run/node";
import { refusalText } from "~/lib/documents";
import { redirectWithToast } from "~/services/toast.server";
import { isUpstreamError } from "~/services/upstream/errors";
import { EDIT_JOBSITES, own } from "./jobsites.server";
import {
  deleteJobsiteDocument,
  jobsiteDocumentContent,
  listJobsiteDocuments,
  uploadJobsiteDocument,
} from "./jobsites-upstream.server";

const notFound = () => new Response("Not found", { status: 404 });
export const documentsTab = (id: number) => `/admin/jobsite/${id}/documents`;

export const jobsiteDocuments = (ctx: ModuleContext, jobsiteId: number) =>
  listJobsiteDocuments(upstream(ctx.auth.token), jobsiteId);

/** POST /admin/jobsite/:id/files: one document; a refusal goes back to the tab with its reason. */
export async function uploadJobsiteDocumentAction(
  ctx: ModuleContext,
  raw: string,
  request: Request,
) {
  if (!isAllowed(ctx.user, EDIT_JOBSITES)) throw new Response("Forbidden", { status: 403 });
  const site = await own(ctx, raw);
  const back = documentsTab(site.id);
  const r = await receiveDocument(request, (file, body, signal) =>
    uploadJobsiteDocument(upstream(ctx.auth.token), site.id, file, body, signal),
  );
  if (r.ok)
    return redirectWithToast(back, {
      type: "success",
      description: `${r.saved.name} added to ${site.name}.`,
    });
  if (r.code === "upstream")
    return redirectWithToast(back, {
      type: "error",
      title: "Document refused",
      description: r.message,
    });
  // The reason is shown next to the file field (a code in the URL, so it works without JavaScript).
  return redirect(`${back}?refused=${r.code}`);
}

/** One of the company's jobsite's documents (404 when it is not). */
export async function companyJobsiteDocument(ctx: ModuleContext, rawSite: string, rawDoc: string) {
  const site = await own(ctx, rawSite);
  const doc = (await jobsiteDocuments(ctx, site.id)).find((d) => String(d.id) === rawDoc);
  if (!doc) throw notFound();
  return { site, doc };
}

export async function jobsiteDocumentDownload(ctx: ModuleContext, rawSite: string, rawDoc: string) {
  const { doc } = await companyJobsiteDocument(ctx, rawSite, rawDoc);
  const res = await jobsiteDocumentContent(upstream(ctx.auth.token), doc.id).catch((e: unknown) => {
    if (isUpstreamError(e) && (e.status === 404 || e.status === 410)) throw notFound();
    throw e;
  });
  return documentDownload(res.body, doc);
}

export async function removeJobsiteDocument(ctx: ModuleContext, rawSite: string, rawDoc: string) {
  const { doc } = await companyJobsiteDocument(ctx, rawSite, rawDoc);
  await deleteJobsiteDocument(upstream(ctx.auth.token), doc.id);
  return doc;
}

/** The documents tab's data: the jobsite's documents and an upload refusal's reason (?refused=). */
export async function documentsTabData(
  ctx: ModuleContext,
  page: { tab: string; site: { id: number } },
  request: Request,
) {
  if (page.tab !== "documents") return { documents: [], uploadError: null };
  return {
    documents: await jobsiteDocuments(ctx, page.site.id),
    uploadError: refusalText(new URL(request.url).searchParams.get("refused")) ?? null,
  };
}

/** The delete-document intent: asks first (a 404 for another company's), then deletes. */
export async function deleteDocumentIntent(ctx: ModuleContext, rawSite: string, form: FormData) {
  const raw = String(form.get("document") ?? "");
  if (form.get("confirm") !== "yes") {
    const { doc } = await companyJobsiteDocument(ctx, rawSite, raw);
    return json({ confirmDocument: doc.id } as FormReply & { confirmDocument?: number });
  }
  const gone = await removeJobsiteDocument(ctx, rawSite, raw);
  return redirectWithToast(documentsTab(gone.jobsite_id), {
    type: "success",
    description: `${gone.name} deleted.`,
  });
}

/**
 * Jobsite documents (site plans, permits, inductions): designed for issue 19 on the shape of the
 * supplier documents (supplier-documents.ts). PDF, JPEG or PNG, at most DOCUMENT_MAX bytes, the
 * body streamed to disk (files.ts).
 *
 * `GET /jobsites/documents?jobsite_id` lists a jobsite's documents (newest first);
 * `POST /jobsites/documents?jobsite_id&content_type&name` takes the bytes as the body;
 * `GET /jobsites/documents/content?id` streams one back; `DELETE /jobsites/documents/{id}`.
 * Another company's jobsite or document is a 404, before a byte is read.
 */
import fs from "node:fs";
import { companyJobsite } from "./api-jobsites";
import { blobPath, receiveBlob } from "./files";
import { HttpError, ok, routes, type Ctx } from "./kit";
import { idOf } from "./maintenance";
import { DOCUMENT_MAX } from "./supplier-documents";

export type SimJobsiteDocument = {
  id: number;
  companyid: number;
  jobsite_id: number;
  name: string;
  content_type: string;
  size: number;
  blob: string;
  uploaded_at: string;
  uploaded_by: string;
};
export type JobsiteDocumentState = { seq: number; docs: SimJobsiteDocument[] };

const TYPES = ["application/pdf", "image/jpeg", "image/png"];

const state = (ctx: Ctx) => (ctx.state.jobsiteDocuments ??= { seq: 0, docs: [] });

function documentOf(ctx: Ctx, raw: unknown) {
  const id = Number(raw);
  const doc = state(ctx).docs.find((x) => x.id === id && x.companyid === ctx.user.companyid);
  if (!doc) throw new HttpError(404, "Document not found");
  return doc;
}

function nameOf(v: unknown): string {
  const t = (typeof v === "string" ? v : "").trim().replace(/[\\/\r\n\t"]/g, "_");
  if (!t) throw new HttpError(400, "name is required");
  return t.slice(0, 200);
}

const view = ({ companyid: _c, blob: _b, ...rest }: SimJobsiteDocument) => rest;

async function receive(ctx: Ctx, body: AsyncIterable<Buffer>) {
  const j = companyJobsite(ctx, ctx.query.get("jobsite_id")); // 404 before reading a byte
  const type = ctx.query.get("content_type") ?? "";
  if (!TYPES.includes(type))
    throw new HttpError(400, "content_type must be application/pdf, image/jpeg or image/png");
  const name = nameOf(ctx.query.get("name"));
  const { blob, size } = await receiveBlob(ctx.state, body, DOCUMENT_MAX);
  if (size === 0) {
    fs.rmSync(blobPath(ctx.state, blob), { force: true });
    throw new HttpError(400, "The document is empty");
  }
  return { jobsite_id: j.id, name, content_type: type, size, blob };
}

function add(ctx: Ctx) {
  const b = (ctx.body ?? {}) as Record<string, unknown>;
  const file = blobPath(ctx.state, b.blob);
  try {
    const j = companyJobsite(ctx, b.jobsite_id);
    if (!/^[0-9a-f]{32}$/.test(String(b.blob)) || !fs.existsSync(file))
      throw new HttpError(400, "The document's body is missing");
    if (!TYPES.includes(String(b.content_type)))
      throw new HttpError(400, "content_type must be application/pdf, image/jpeg or image/png");
    const d = state(ctx);
    const doc: SimJobsiteDocument = {
      id: ++d.seq,
      companyid: ctx.user.companyid,
      jobsite_id: j.id,
      name: nameOf(b.name),
      content_type: String(b.content_type),
      size: Number(b.size) || fs.statSync(file).size,
      blob: String(b.blob),
      uploaded_at: new Date(ctx.now).toISOString(),
      uploaded_by: ctx.user.name,
    };
    d.docs.push(doc);
    return ok(view(doc), 201);
  } catch (e) {
    fs.rmSync(file, { force: true });
    throw e;
  }
}

export const jobsiteDocumentRoutes = routes([
  [
    "GET",
    "/jobsites/documents",
    (ctx) => {
      const j = companyJobsite(ctx, ctx.query.get("jobsite_id"));
      return ok(
        state(ctx)
          .docs.filter((x) => x.jobsite_id === j.id && x.companyid === ctx.user.companyid)
          .sort((a, b) => b.uploaded_at.localeCompare(a.uploaded_at) || b.id - a.id)
          .map(view),
      );
    },
  ],
  ["POST", "/jobsites/documents", add, { stream: receive }],
  [
    "GET",
    "/jobsites/documents/content",
    (ctx) => {
      const doc = documentOf(ctx, ctx.query.get("id"));
      const file = blobPath(ctx.state, doc.blob);
      if (!fs.existsSync(file)) throw new HttpError(410, "The document's body is gone");
      return { file: { path: file, size: fs.statSync(file).size }, contentType: doc.content_type };
    },
  ],
  [
    "DELETE",
    "/jobsites/documents/:id",
    (ctx) => {
      const d = state(ctx);
      const doc = documentOf(ctx, idOf(ctx));
      d.docs = d.docs.filter((x) => x.id !== doc.id);
      fs.rmSync(blobPath(ctx.state, doc.blob), { force: true });
      return ok({ id: doc.id });
    },
  ],
]);

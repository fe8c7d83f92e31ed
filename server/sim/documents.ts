/**
 * One document store for every owner kind (jobsites, suppliers): PDF, JPEG or PNG, at most
 * DOCUMENT_MAX bytes, the body streamed to disk (files.ts). Each owner kind says where its
 * documents live, how its owner is found (a foreign owner is a 404 before a byte is read) and
 * what else a document carries.
 *
 * `GET {path}?{owner}` lists an owner's documents (newest first);
 * `POST {path}?{owner}&content_type&name` takes the bytes as the body;
 * `GET {path}/content?id` streams one back; `DELETE {path}/{id}`.
 */
import fs from "node:fs";
import { blobPath, receiveBlob } from "./files";
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { idOf } from "./maintenance";

export const DOCUMENT_MAX = 10 * 1024 * 1024;
const TYPES = ["application/pdf", "image/jpeg", "image/png"];
const TYPE_ERROR = "content_type must be application/pdf, image/jpeg or image/png";

export type SimDocument<K extends string> = {
  id: number;
  companyid: number;
  name: string;
  content_type: string;
  size: number;
  blob: string;
  uploaded_at: string;
} & Record<K, number>;

export type DocumentOwner<K extends string, D extends SimDocument<K>> = {
  /** e.g. "/jobsites/documents" */
  path: string;
  /** The owner's field, in the query and on the document, e.g. "jobsite_id". */
  key: K;
  /** The caller's company's owner with that id, or a 404. */
  ownerOf: (ctx: Ctx, raw: unknown) => { id: number };
  docs: (ctx: Ctx) => D[];
  setDocs: (ctx: Ctx, docs: D[]) => void;
  nextId: (ctx: Ctx) => number;
  /** Fields the owner kind adds to a new document. */
  extra?: (ctx: Ctx) => Omit<D, keyof SimDocument<K>>;
};

function nameOf(v: unknown): string {
  const t = (typeof v === "string" ? v : "").trim().replace(/[\\/\r\n\t"]/g, "_");
  if (!t) throw new HttpError(400, "name is required");
  return t.slice(0, 200);
}

const view = <D extends { companyid: number; blob: string }>({
  companyid: _c,
  blob: _b,
  ...rest
}: D) => rest;

export function documentRoutes<K extends string, D extends SimDocument<K>>(o: DocumentOwner<K, D>) {
  function documentOf(ctx: Ctx, raw: unknown) {
    const id = Number(raw);
    const doc = o.docs(ctx).find((x) => x.id === id && x.companyid === ctx.user.companyid);
    if (!doc) throw new HttpError(404, "Document not found");
    return doc;
  }

  async function receive(ctx: Ctx, body: AsyncIterable<Buffer>) {
    const owner = o.ownerOf(ctx, ctx.query.get(o.key)); // 404 before reading a byte
    const type = ctx.query.get("content_type") ?? "";
    if (!TYPES.includes(type)) throw new HttpError(400, TYPE_ERROR);
    const name = nameOf(ctx.query.get("name"));
    const { blob, size } = await receiveBlob(ctx.state, body, DOCUMENT_MAX);
    if (size === 0) {
      fs.rmSync(blobPath(ctx.state, blob), { force: true });
      throw new HttpError(400, "The document is empty");
    }
    return { [o.key]: owner.id, name, content_type: type, size, blob };
  }

  function add(ctx: Ctx) {
    const b = obj(ctx.body);
    const file = blobPath(ctx.state, b.blob);
    try {
      const owner = o.ownerOf(ctx, b[o.key]);
      if (!/^[0-9a-f]{32}$/.test(String(b.blob)) || !fs.existsSync(file))
        throw new HttpError(400, "The document's body is missing");
      if (!TYPES.includes(String(b.content_type))) throw new HttpError(400, TYPE_ERROR);
      const doc = {
        id: o.nextId(ctx),
        companyid: ctx.user.companyid,
        [o.key]: owner.id,
        name: nameOf(b.name),
        content_type: String(b.content_type),
        size: Number(b.size) || fs.statSync(file).size,
        blob: String(b.blob),
        uploaded_at: new Date(ctx.now).toISOString(),
        ...o.extra?.(ctx),
      } as D;
      o.docs(ctx).push(doc);
      return ok(view(doc), 201);
    } catch (e) {
      fs.rmSync(file, { force: true });
      throw e;
    }
  }

  return routes([
    [
      "GET",
      o.path,
      (ctx) => {
        const owner = o.ownerOf(ctx, ctx.query.get(o.key));
        return ok(
          o
            .docs(ctx)
            .filter((x) => x[o.key] === owner.id && x.companyid === ctx.user.companyid)
            .sort((a, b) => b.uploaded_at.localeCompare(a.uploaded_at) || b.id - a.id)
            .map(view),
        );
      },
    ],
    ["POST", o.path, add, { stream: receive }],
    [
      "GET",
      `${o.path}/content`,
      (ctx) => {
        const doc = documentOf(ctx, ctx.query.get("id"));
        const file = blobPath(ctx.state, doc.blob);
        if (!fs.existsSync(file)) throw new HttpError(410, "The document's body is gone");
        return {
          file: { path: file, size: fs.statSync(file).size },
          contentType: doc.content_type,
        };
      },
    ],
    [
      "DELETE",
      `${o.path}/:id`,
      (ctx) => {
        const doc = documentOf(ctx, idOf(ctx));
        o.setDocs(
          ctx,
          o.docs(ctx).filter((x) => x.id !== doc.id),
        );
        fs.rmSync(blobPath(ctx.state, doc.blob), { force: true });
        return ok({ id: doc.id });
      },
    ],
  ]);
}

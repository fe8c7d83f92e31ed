import { expect } from "vitest";
import type { Upstream } from "~/services/upstream/client.server";
import { rejection } from "./contract";

type DocumentType = "application/pdf" | "image/jpeg" | "image/png";

/** One owner kind's document calls (jobsites, suppliers), as its typed client exports them. */
export type DocumentCalls<D extends { id: number; name: string; size: number }> = {
  upload: (
    up: Upstream,
    ownerId: number,
    file: { name: string; type: DocumentType },
    body: ReadableStream<Uint8Array>,
  ) => Promise<D>;
  list: (up: Upstream, ownerId: number) => Promise<D[]>;
  content: (up: Upstream, id: number) => Promise<Response>;
  remove: (up: Upstream, id: number) => Promise<unknown>;
};

export const bytes = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode(text));
      c.close();
    },
  });

/**
 * The document contract every owner kind keeps: `api` uploads a PDF to its `mine` owner, lists it
 * first and reads the same bytes back; a GIF is a 400; `other`'s owner `theirs` is a 404 to `api`,
 * and `api`'s document is a 404 to `other`; then `api` deletes it. `afterUpload` adds the owner
 * kind's own checks while the document exists.
 */
export async function documentRoundTrip<D extends { id: number; name: string; size: number }>(
  calls: DocumentCalls<D>,
  o: {
    api: Upstream;
    other: Upstream;
    mine: number;
    theirs: number;
    name: string;
    text: string;
    afterUpload?: (doc: D) => Promise<void> | void;
  },
): Promise<D> {
  const pdf = { name: o.name, type: "application/pdf" } as const;
  const doc = await calls.upload(o.api, o.mine, pdf, bytes(o.text));
  expect(doc).toMatchObject({ name: o.name, size: o.text.length });
  expect((await calls.list(o.api, o.mine))[0]!.id).toBe(doc.id);
  await o.afterUpload?.(doc);
  const res = await calls.content(o.api, doc.id);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  expect(await res.text()).toBe(o.text);
  const gif = { name: "x.gif", type: "image/gif" as "image/png" };
  expect((await rejection(calls.upload(o.api, o.mine, gif, bytes("GIF8")))).status).toBe(400);
  expect((await rejection(calls.list(o.api, o.theirs))).status).toBe(404);
  const foreign = { name: "a.pdf", type: "application/pdf" } as const;
  expect((await rejection(calls.upload(o.api, o.theirs, foreign, bytes("%PDF")))).status).toBe(404);
  expect((await rejection(calls.content(o.other, doc.id))).status).toBe(404);
  expect((await rejection(calls.remove(o.other, doc.id))).status).toBe(404);
  await calls.remove(o.api, doc.id);
  expect((await calls.list(o.api, o.mine)).some((d) => d.id === doc.id)).toBe(false);
  return doc;
}

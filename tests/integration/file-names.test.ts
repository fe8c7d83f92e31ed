/**
 * Issue 35 item 4, files, through the real HTTP front (server/http.ts: the body gate, then Remix
 * with the production build): a file name with `=` is taken by every upload route (the second
 * multipart parser threw on it: a 500), a non-Latin-1 name comes back in an RFC 6266 `filename*`
 * (Node refused it raw in the header: every download a 500), and a 5 MB document is within the
 * jobsite and supplier routes' 10 MB (the body gate held them to 1 MiB: a 413).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { listAdminJobsites, listJobsiteDocuments } from "~/modules/admin/jobsites-upstream.server";
import * as iup from "~/modules/insight-tags/upstream.server";
import { listTasks } from "~/modules/maintenance/upstream.server";
import {
  listSupplierDocuments,
  listSuppliers,
} from "~/modules/operations/suppliers-upstream.server";
import { upstream } from "~/services/api.server";
import { useTestDatabase } from "../support/db";
import { signInOver, useHttpApp } from "../support/http-app";
import { upstreamAuth, useSimulator } from "../support/upstream";

let base = "";
let cookie = "";
let up: ReturnType<typeof upstream>;

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  base = await useHttpApp();
  cookie = await signInOver(base, "admin", "admin123");
  up = upstream((await upstreamAuth("admin", "admin123")).token);
}, 60_000);

const PDF = (n = 0) => {
  const b = new Uint8Array(Math.max(n, 32)).fill(0x61);
  b.set(new TextEncoder().encode("%PDF-1.4 "), 0);
  return b;
};
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** One file posted as a browser does (undici's FormData: the name as UTF-8, `"` as %22). */
function post(path: string, field: string, bytes: Uint8Array<ArrayBuffer>, name: string) {
  const fd = new FormData();
  fd.append(field, new Blob([bytes]), name);
  return fetch(base + path, {
    method: "POST",
    body: fd,
    redirect: "manual",
    headers: { cookie, origin: base },
  });
}
const download = (path: string) => fetch(base + path, { headers: { cookie } });

/** The name a browser saves a download as: `filename*` (UTF-8) when given, else `filename`. */
function savedName(disposition: string | null) {
  const ext = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "");
  if (ext) return decodeURIComponent(ext[1]!);
  return /filename="([^"]*)"/.exec(disposition ?? "")?.[1];
}

describe("file names and sizes on every upload route", () => {
  it("jobsite documents: `a=b.pdf` and `報告€.pdf` upload and download with their names; 5 MB is taken", async () => {
    const site = (await listAdminJobsites(up))[0]!.id;
    for (const [name, bytes] of [
      ["a=b.pdf", PDF()],
      ["報告€.pdf", PDF()],
      ["five-megabytes.pdf", PDF(5 * 1024 * 1024)],
    ] as const) {
      const res = await post(`/admin/jobsite/${site}/files`, "document", bytes, name);
      expect(res.status, name).toBe(302);
      expect(res.headers.get("location"), name).toBe(`/admin/jobsite/${site}/documents`);
      const doc = (await listJobsiteDocuments(up, site)).find((d) => d.name === name);
      expect(doc?.size, name).toBe(bytes.length);
      const dl = await download(`/admin/jobsite/${site}/files/${doc!.id}`);
      expect(dl.status, name).toBe(200);
      expect(savedName(dl.headers.get("content-disposition")), name).toBe(name);
      // Buffer.equals: a deep toEqual over 5 MB of bytes takes most of a minute.
      expect(Buffer.from(await dl.arrayBuffer()).equals(bytes), name).toBe(true);
    }
  });

  it("supplier documents: `a=b.pdf` and `報告€.pdf` round-trip; 5 MB is taken", async () => {
    const supplier = (await listSuppliers(up))[0]!.id;
    for (const [name, bytes] of [
      ["a=b.pdf", PDF()],
      ["報告€.pdf", PDF()],
      ["five-megabytes.pdf", PDF(5 * 1024 * 1024)],
    ] as const) {
      const res = await post(`/dashboard/suppliers/${supplier}/documents`, "document", bytes, name);
      expect(res.status, name).toBe(302);
      const doc = (await listSupplierDocuments(up, supplier)).find((d) => d.name === name);
      expect(doc?.size, name).toBe(bytes.length);
      const dl = await download(`/dashboard/suppliers/${supplier}/documents/${doc!.id}`);
      expect(dl.status, name).toBe(200);
      expect(savedName(dl.headers.get("content-disposition")), name).toBe(name);
    }
  });

  it("wiki files: `a=b.pdf` and `報告€.pdf` round-trip", async () => {
    const tag = (await iup.insightTags(up))[0]!.uuid;
    const category = await iup.createCategory(up, tag, `Names ${Date.now()}`);
    const folder = (await iup.createFolder(up, category.id, "Hostile")).id;
    for (const name of ["a=b.pdf", "報告€.pdf"]) {
      const path = `/dashboard/insight-tags/${tag}/wiki/upload?folder=${folder}`;
      const res = await post(path, "file", PDF(), name);
      expect(res.status, name).toBe(302);
      const file = (await iup.wiki(up, tag)).files.find(
        (f) => f.folder_id === folder && f.name === name,
      );
      expect(file, name).toBeDefined();
      const dl = await download(`/dashboard/insight-tags/${tag}/wiki/files/${file!.id}`);
      expect(dl.status, name).toBe(200);
      expect(savedName(dl.headers.get("content-disposition")), name).toBe(name);
    }
  });

  it("task photos: a photo named `a=b.png` is added", async () => {
    const task = (await listTasks(up))[0]!;
    const before = task.photos.length;
    const res = await post(`/dashboard/tasks/${task.id}/photos`, "photo", PNG, "a=b.png");
    expect(res.status).toBe(302);
    const after = (await listTasks(up)).find((t) => t.id === task.id)!;
    expect(after.photos.length).toBe(before + 1);
  });
});

/**
 * Insight tags against PostgreSQL and the simulator: wiki permission defaults enforced on the
 * server (403), uploads (size limit, type allow-list, nothing half-saved, a 20 MB file stored
 * whole), downloads (attachment unless image/PDF, another company's file 404), and the
 * public page (only the chosen fields, 404 when retired, a rate-limited contact form).
 */
import type { SubmissionResult } from "@conform-to/react";
import { beforeAll, describe, expect, it } from "vitest";
import { action as loginAction } from "~/routes/login";
import {
  loader as wikiLoader,
  action as wikiAction,
} from "~/routes/dashboard.insight-tags.$uuid.wiki";
import { action as uploadAction } from "~/routes/dashboard.insight-tags.$uuid.wiki_.upload";
import { loader as fileLoader } from "~/routes/dashboard.insight-tags.$uuid.wiki_.files.$id";
import { loader as publicLoader, action as publicAction } from "~/routes/insight-tag.$uuid";
import { action as registerAction } from "~/routes/dashboard.insight-tag._index";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import * as iup from "~/modules/insight-tags/upstream.server";
import { CONTACT_MAX_PER_HOUR, CONTACT_RATE_MESSAGE } from "~/modules/insight-tags/public.server";
import type { WikiActionData } from "~/modules/insight-tags/schemas";
import {
  loader as permissionsLoader,
  action as permissionsAction,
} from "~/routes/dashboard.insight-tags.wiki-permissions";
import { useTestDatabase } from "../support/db";
import { APP, call, cookieFrom, formPost, get, toastOf } from "../support/remix";
import { upstreamAuth, useSimulator } from "../support/upstream";

const cookies = new Map<string, string>();
async function cookieOf(username: string, password: string) {
  if (!cookies.has(username)) {
    const res = await call(loginAction, formPost("/login", { username, password }));
    expect(res.status).toBe(302);
    cookies.set(username, cookieFrom(res));
  }
  return cookies.get(username)!;
}

let admin: string;
let demo: string;
let tagA: string;
let tagB: string;
let folderA: number;

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  admin = await cookieOf("admin", "admin123");
  demo = await cookieOf("demo", "demo123");
  const upA = upstream((await upstreamAuth("admin", "admin123")).token);
  const upB = upstream((await upstreamAuth("other", "other123")).token);
  tagA = (await iup.insightTags(upA))[0]!.uuid;
  tagB = (await iup.insightTags(upB))[0]!.uuid;
  const c = await iup.createCategory(upA, tagA, `Docs ${Date.now()}`);
  folderA = (await iup.createFolder(upA, c.id, "Manuals")).id;
}, 60_000);

const wikiUrl = (uuid: string, q = "") => `/dashboard/insight-tags/${uuid}/wiki${q}`;

/** A multipart body with one file, generated chunk by chunk. */
function multipart(name: string, size: number) {
  const fill = 0x61;
  const boundary = "----tsboundary" + Math.random().toString(16).slice(2);
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const chunk = new Uint8Array(256 * 1024).fill(fill);
  // The wiki tells a file's type by its bytes: a PDF or a ZIP starts with its signature.
  const signature = name.endsWith(".pdf") ? "%PDF-" : name.endsWith(".zip") ? "PK\x03\x04" : "";
  const first = chunk.slice();
  first.set(new TextEncoder().encode(signature));
  let sent = 0;
  let stage = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (stage === 0) {
        stage = 1;
        return c.enqueue(head);
      }
      if (sent < size) {
        const n = Math.min(chunk.length, size - sent);
        sent += n;
        const from = sent === n ? first : chunk;
        return c.enqueue(n === from.length ? from : from.subarray(0, n));
      }
      if (stage === 1) {
        stage = 2;
        c.enqueue(tail);
        return;
      }
      c.close();
    },
  });
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

function upload(uuid: string, folder: number, name: string, size: number, cookie = admin) {
  const m = multipart(name, size);
  const req = new Request(`${APP}${wikiUrl(uuid)}/upload?folder=${folder}`, {
    method: "POST",
    headers: { cookie, origin: APP, "content-type": m.type },
    body: m.body,
    duplex: "half",
  } as RequestInit & { duplex: "half" });
  return call(uploadAction, req, { params: { uuid } });
}

const filesIn = async (uuid: string, folder: number) => {
  const res = await call(wikiLoader, get(wikiUrl(uuid, `?folder=${folder}`), admin), {
    params: { uuid },
  });
  return ((await res.json()) as { files: Array<{ id: number; name: string; size: number }> }).files;
};

describe("wiki permissions (SPEC §3 defaults)", () => {
  it("a user without explicit settings may not create a category or folder: hidden and 403", async () => {
    const res = await call(wikiLoader, get(wikiUrl(tagA), demo), { params: { uuid: tagA } });
    const d = (await res.json()) as { rights: Record<string, boolean> };
    expect(d.rights).toEqual({
      wiki_create_category: false,
      wiki_edit_category: false,
      wiki_delete_category: false,
      wiki_create_folder: false,
      wiki_edit_folder: true,
      wiki_upload: true,
      wiki_delete: true,
    });
    const post = (fields: Record<string, string>) =>
      call(wikiAction, formPost(wikiUrl(tagA), fields, { cookie: demo }), {
        params: { uuid: tagA },
      });
    expect((await post({ intent: "create-category", name: "Nope" })).status).toBe(403);
    expect((await post({ intent: "create-folder", categoryId: "1", name: "Nope" })).status).toBe(
      403,
    );
    // Folder edit is allowed by default.
    const ok = await post({ intent: "rename-folder", id: String(folderA), name: "Manuals" });
    expect(ok.status).toBe(302);
  });

  it("the administrator (explicit settings) builds categories; an empty or duplicate name is refused", async () => {
    const post = (fields: Record<string, string>) =>
      call(wikiAction, formPost(wikiUrl(tagA), fields, { cookie: admin }), {
        params: { uuid: tagA },
      });
    const made = await post({ intent: "create-category", name: "Service" });
    expect(made.status).toBe(302);
    const dup = await post({ intent: "create-category", name: "service" });
    expect(dup.status).toBe(400);
    const reply = ((await dup.json()) as WikiActionData).reply!;
    // Beside the field, with what was typed kept (Conform's reply).
    expect(reply.error?.name).toEqual([expect.stringMatching(/already used/)]);
    expect(reply.initialValue).toMatchObject({ name: "service" });
    expect((await post({ intent: "create-category", name: "  " })).status).toBe(400);
    // The same for a folder: an empty or duplicate name is refused beside the field, nothing made.
    const category = new URL(made.headers.get("location")!, APP).searchParams.get("category")!;
    expect(
      (await post({ intent: "create-folder", categoryId: category, name: "Pumps" })).status,
    ).toBe(302);
    const dupFolder = await post({ intent: "create-folder", categoryId: category, name: "PUMPS" });
    expect(dupFolder.status).toBe(400);
    expect(((await dupFolder.json()) as WikiActionData).reply?.error?.name).toEqual([
      expect.stringMatching(/already used/),
    ]);
    const empty = await post({ intent: "create-folder", categoryId: category, name: " " });
    expect(((await empty.json()) as WikiActionData).reply?.error?.name).toEqual(["Enter a name"]);
    const upA = upstream((await upstreamAuth("admin", "admin123")).token);
    const tree = await iup.wiki(upA, tagA);
    expect(tree.folders.filter((f) => f.category_id === Number(category))).toHaveLength(1);
  });
});

describe("wiki pages", () => {
  const post = (fields: Record<string, string>, cookie = admin) =>
    call(wikiAction, formPost(wikiUrl(tagA), fields, { cookie }), { params: { uuid: tagA } });
  const load = async (q: string, cookie = admin) =>
    call(wikiLoader, get(wikiUrl(tagA, q), cookie), { params: { uuid: tagA } });

  it("writes a Markdown page in a folder, shown in the listing and the breadcrumbs; edits, renames and deletes it (confirmed)", async () => {
    const made = await post({
      intent: "create-page",
      folderId: String(folderA),
      title: "Start-up checklist",
      body: "# Before starting\n\n- **Oil** level\n\n<script>window.pwned=1</script>\n<img src=x onerror=alert(1)>",
    });
    expect(made.status).toBe(302);
    expect(await toastOf(made)).toMatchObject({ description: "Page Start-up checklist created." });
    const id = Number(new URL(made.headers.get("location")!, APP).searchParams.get("page"));

    const folder = (await (await load(`?folder=${folderA}`)).json()) as {
      pages: { id: number; title: string }[];
    };
    expect(folder.pages).toContainEqual(
      expect.objectContaining({ id, title: "Start-up checklist" }),
    );

    const shown = (await (await load(`?page=${id}`)).json()) as {
      crumbs: { title: string }[];
      page: { html: string; body: string };
    };
    expect(shown.crumbs.map((c) => c.title).slice(1)).toEqual([
      "Wiki",
      expect.stringMatching(/^Docs /),
      "Manuals",
      "Start-up checklist",
    ]);
    expect(shown.page.html).toContain("<h1>Before starting</h1>");
    expect(shown.page.html).toContain("<strong>Oil</strong>");
    // Raw HTML is escaped: it shows as text and never runs.
    expect(shown.page.html).not.toMatch(/<script|<img[^>]*onerror/i);
    expect(shown.page.html).toContain("&lt;script&gt;");

    // An empty title, or one already in the folder, is refused beside the field; the text is kept.
    await post({ intent: "create-page", folderId: String(folderA), title: "Other", body: "" });
    const dup = await post({ intent: "edit-page", id: String(id), title: "other", body: "kept" });
    expect(dup.status).toBe(400);
    const reply = ((await dup.json()) as WikiActionData).reply!;
    expect(reply.error?.title).toEqual([expect.stringMatching(/already in this folder/)]);
    expect(reply.initialValue).toMatchObject({ body: "kept" });
    expect((await post({ intent: "edit-page", id: String(id), title: " ", body: "" })).status).toBe(
      400,
    );

    const saved = await post({
      intent: "edit-page",
      id: String(id),
      title: "Starting the pump",
      body: "Turn the key.",
    });
    expect(saved.status).toBe(302);
    const after = (await (await load(`?page=${id}`)).json()) as {
      page: { title: string; html: string };
    };
    expect(after.page).toMatchObject({
      title: "Starting the pump",
      html: "<p>Turn the key.</p>\n",
    });

    // Deleting asks first; the page stays until confirmed.
    const ask = await post({ intent: "delete-page", id: String(id) });
    expect(await ask.json()).toMatchObject({ confirmFor: `delete-page:${id}` });
    expect((await load(`?page=${id}`)).status).toBe(200);
    expect((await post({ intent: "delete-page", id: String(id), confirm: "yes" })).status).toBe(
      302,
    );
    expect((await load(`?page=${id}`)).status).toBe(404);
  });

  it("needs wiki_upload to write and wiki_delete to delete a page (403); the defaults allow both", async () => {
    const upA = upstream((await upstreamAuth("admin", "admin123")).token);
    const mine = await post(
      { intent: "create-page", folderId: String(folderA), title: "Demo's page", body: "" },
      demo,
    );
    expect(mine.status).toBe(302);
    const id = Number(new URL(mine.headers.get("location")!, APP).searchParams.get("page"));
    try {
      await iup.setWikiPermissions(upA, 1004, { wiki_upload: false, wiki_delete: false });
      const fields = { folderId: String(folderA), title: "Refused", body: "" };
      expect((await post({ intent: "create-page", ...fields }, demo)).status).toBe(403);
      expect((await post({ intent: "edit-page", id: String(id), ...fields }, demo)).status).toBe(
        403,
      );
      expect(
        (await post({ intent: "delete-page", id: String(id), confirm: "yes" }, demo)).status,
      ).toBe(403);
      const d = (await (await load(`?page=${id}&edit=1`, demo)).json()) as { editing: boolean };
      expect(d.editing).toBe(false);
    } finally {
      await iup.setWikiPermissions(upA, 1004, {});
    }
    expect(
      (await post({ intent: "delete-page", id: String(id), confirm: "yes" }, demo)).status,
    ).toBe(302);
  });
});

describe("the wiki permissions screen", () => {
  const url = "/dashboard/insight-tags/wiki-permissions";
  const save = (fields: Record<string, string>, cookie = admin) =>
    call(
      permissionsAction,
      formPost(url, { intent: "set-wiki-permissions", ...fields }, { cookie }),
    );
  type Row = {
    username: string;
    settings: Record<string, string>;
    rights: Record<string, boolean>;
  };
  const rowsOf = async () =>
    ((await (await call(permissionsLoader, get(url, admin))).json()) as { rows: Row[] }).rows;

  it("is for company administrators (edit_permissions) only: 403 for the others, page and form", async () => {
    expect((await call(permissionsLoader, get(url, demo))).status).toBe(403);
    expect((await save({ userId: "1004", wiki_create_category: "allow" }, demo)).status).toBe(403);
    const rows = await rowsOf();
    expect(rows.map((r) => r.username)).toEqual(expect.arrayContaining(["admin", "demo"]));
    expect(rows.some((r) => r.username === "other")).toBe(false);
  });

  it("shows the SPEC §3 default of a user without settings, sets them, and puts them back to default", async () => {
    let demoRow = (await rowsOf()).find((r) => r.username === "demo")!;
    expect(demoRow.settings.wiki_create_category).toBe("default");
    expect(demoRow.rights).toMatchObject({ wiki_create_category: false, wiki_upload: true });

    const res = await save({
      userId: "1004",
      wiki_create_category: "allow",
      wiki_upload: "refuse",
      wiki_delete: "default",
    });
    expect(res.status).toBe(302);
    demoRow = (await rowsOf()).find((r) => r.username === "demo")!;
    expect(demoRow.settings).toMatchObject({
      wiki_create_category: "allow",
      wiki_upload: "refuse",
      wiki_delete: "default",
    });
    // What the screen set is what the wiki enforces.
    const wiki = (await (
      await call(wikiLoader, get(wikiUrl(tagA), demo), { params: { uuid: tagA } })
    ).json()) as { rights: Record<string, boolean> };
    expect(wiki.rights).toMatchObject({ wiki_create_category: true, wiki_upload: false });

    expect((await save({ userId: "1004" })).status).toBe(302);
    demoRow = (await rowsOf()).find((r) => r.username === "demo")!;
    expect(Object.values(demoRow.settings).every((v) => v === "default")).toBe(true);

    expect((await save({ userId: "1004", wiki_upload: "maybe" })).status).toBe(400);
    // Another company's user: 404, and nothing of theirs changes.
    expect((await save({ userId: "2001", wiki_upload: "refuse" })).status).toBe(404);
    const upB = upstream((await upstreamAuth("other", "other123")).token);
    expect(await iup.myWikiPermissions(upB)).toMatchObject({ wiki_upload: true });
  });
});

describe("uploads", () => {
  it("stores an allowed file with its sanitised name; a disallowed type or an oversized file leaves nothing", async () => {
    const res = await upload(tagA, folderA, "../../etc/Pump manual.pdf", 2048);
    expect(res.status).toBe(302);
    expect(await toastOf(res)).toMatchObject({ type: "success" });
    const files = await filesIn(tagA, folderA);
    expect(files.find((f) => f.name === "Pump manual.pdf")?.size).toBe(2048);

    const exe = await upload(tagA, folderA, "virus.exe", 10);
    expect(await toastOf(exe)).toMatchObject({
      type: "error",
      description: expect.stringMatching(/not allowed/),
    });
    const html = await upload(tagA, folderA, "page.html", 10);
    expect(await toastOf(html)).toMatchObject({ type: "error" });

    const big = await upload(tagA, folderA, "huge.zip", 25 * 1024 * 1024 + 1);
    expect(await toastOf(big)).toMatchObject({
      type: "error",
      description: expect.stringMatching(/larger than the limit of 25\.0 MB/),
    });
    const names = (await filesIn(tagA, folderA)).map((f) => f.name);
    expect(names).not.toContain("virus.exe");
    expect(names).not.toContain("huge.zip");
  });

  // The body gate holds an upload's body whole before the action runs (within the route's limit),
  // so the action reads it with the one multipart parser rather than streaming its own.
  it("stores a 20 MB file whole", async () => {
    const res = await upload(tagA, folderA, "big-scan.pdf", 20 * 1024 * 1024);
    expect(await toastOf(res)).toMatchObject({ type: "success" });
    expect((await filesIn(tagA, folderA)).find((f) => f.name === "big-scan.pdf")?.size).toBe(
      20 * 1024 * 1024,
    );
  });

  it("serves images and PDFs inline, other files as attachments; another company's file is 404", async () => {
    await upload(tagA, folderA, "notes.txt", 100);
    const files = await filesIn(tagA, folderA);
    const fetchFile = (uuid: string, id: number, cookie = admin) =>
      call(fileLoader, get(`${wikiUrl(uuid)}/files/${id}`, cookie), {
        params: { uuid, id: String(id) },
      });
    const txt = await fetchFile(tagA, files.find((f) => f.name === "notes.txt")!.id);
    expect(txt.status).toBe(200);
    expect(txt.headers.get("content-disposition")).toMatch(/^attachment; filename="notes.txt"/);
    expect(txt.headers.get("content-type")).toBe("text/plain");
    expect((await txt.text()).length).toBe(100);
    const pdf = await fetchFile(tagA, files.find((f) => f.name === "Pump manual.pdf")!.id);
    expect(pdf.headers.get("content-disposition")).toMatch(/^inline;/);
    await pdf.body?.cancel();

    const upB = upstream((await upstreamAuth("other", "other123")).token);
    const cB = await iup.createCategory(upB, tagB, `B ${Date.now()}`);
    const fB = await iup.createFolder(upB, cB.id, "Theirs");
    const fileB = await iup.uploadFile(
      upB,
      { folderId: fB.id, name: "b.txt", contentType: "text/plain" },
      new Blob(["secret"]).stream(),
    );
    expect((await fetchFile(tagB, fileB.id)).status).toBe(404);
    expect((await fetchFile(tagA, fileB.id)).status).toBe(404);
    expect((await upload(tagB, fB.id, "x.pdf", 10)).status).toBe(404);
    expect((await upload(tagA, fB.id, "x.pdf", 10)).status).toBe(404);
  });
});

describe("the public page", () => {
  it("shows only the chosen fields, never the position unless chosen; retired is 404", async () => {
    const res = await call(
      registerAction,
      formPost(
        "/dashboard/insight-tag",
        {
          intent: "register",
          name: "Public mixer",
          kind: "gps",
          description: "Cement mixer",
          ownerContact: "Depot 07 3000",
        },
        { cookie: admin },
      ),
    );
    expect(res.status).toBe(302);
    const uuid = res.headers.get("location")!.split("/").pop()!;
    const page = async () => {
      const r = await call(publicLoader, get(`/insight-tag/${uuid}`), { params: { uuid } });
      return {
        status: r.status,
        body: r.status === 200 ? ((await r.json()) as { tag: Record<string, unknown> }).tag : null,
      };
    };
    let p = await page();
    expect(p.body).toMatchObject({
      name: "Public mixer",
      description: "Cement mixer",
      owner_contact: "Depot 07 3000",
    });
    expect(p.body).not.toHaveProperty("position");
    expect(p.body).not.toHaveProperty("battery");
    const upA = upstream((await upstreamAuth("admin", "admin123")).token);
    await iup.updateInsightTag(upA, uuid, { public_fields: ["name", "position"] });
    p = await page();
    expect(p.body).toHaveProperty("position");
    expect(p.body).not.toHaveProperty("description");
    await iup.updateInsightTag(upA, uuid, { retired: true });
    expect((await page()).status).toBe(404);
    expect(
      (await call(publicLoader, get("/insight-tag/nope"), { params: { uuid: "nope" } })).status,
    ).toBe(404);
  });

  it("the contact form is stored, forwarded to the company's notifications and rate-limited per address", async () => {
    const send = (message: string, address: string) =>
      call(publicAction, formPost(`/insight-tag/${tagA}`, { name: "Sam", email: "", message }), {
        params: { uuid: tagA },
        clientAddress: address,
      });
    const address = `198.51.100.${Math.floor(Math.random() * 200)}`;
    const empty = await send("", address);
    expect(empty.status).toBe(400);
    // Conform's reply: the message beside its field, what was typed kept.
    const refused = ((await empty.json()) as { result: SubmissionResult<string[]> }).result;
    expect(refused.error?.message?.length).toBe(1);
    expect(refused.initialValue?.name).toBe("Sam");
    for (let k = 0; k < CONTACT_MAX_PER_HOUR; k++)
      expect((await send(`Leak ${k}`, address)).status).toBe(200);
    const limited = await send("One more", address);
    expect(limited.status).toBe(429);
    expect(
      ((await limited.json()) as { result: SubmissionResult<string[]> }).result.error?.[""],
    ).toEqual([CONTACT_RATE_MESSAGE]);
    expect((await send("Other network", "198.51.100.250")).status).toBe(200);
    const n = await prisma.notification.findFirst({
      where: { companyId: 1, kind: "insight_tag_message" },
    });
    expect(n?.body).toMatch(/Sam: /);
  });
});

/**
 * Contract test of the designed insight-tag calls: the typed client (zod-validated) against the
 * simulator: tags, history, the public view and contact form, the wiki tree, streamed file
 * upload and download, wiki permissions, and another company's ids answering 404.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSimulator, type Simulator } from "../../../server/sim/index";
import * as it_ from "./upstream.server";
import { createUpstream, type Upstream } from "~/services/upstream/client.server";
import { resetBreakers } from "~/services/upstream/resilience";
import { rejection, signedIn } from "../../../tests/support/contract";

const now = Date.parse("2026-03-04T02:00:00Z");
let sim: Simulator;
let base: Upstream;
let admin: Upstream;
let demo: Upstream;
let other: Upstream;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 42, clock: () => now });
  base = createUpstream({ baseUrl: sim.url, timeoutMs: 20000, retries: 0 });
  admin = await signedIn(base, "admin", "admin123");
  demo = await signedIn(base, "demo", "demo123");
  other = await signedIn(base, "other", "other123");
});
afterAll(() => sim.close());
beforeEach(() => resetBreakers());

const streamOf = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes);
      c.close();
    },
  });

describe("insight tags", () => {
  it("GET /insight-tags lists the company's tags only, with last position and battery of GPS tags", async () => {
    const mine = await it_.insightTags(admin);
    const theirs = await it_.insightTags(other);
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(theirs.some((t) => mine.some((m) => m.uuid === t.uuid))).toBe(false);
    const gps = mine.find((t) => t.kind === "gps")!;
    expect(gps.last_position).not.toBeNull();
    expect(gps.battery).toBeGreaterThan(0);
    expect(mine.find((t) => t.kind === "label")!.last_position).toBeNull();
    expect((await rejection(it_.insightTag(other, gps.uuid))).status).toBe(404);
    const h = await it_.tagHistory(admin, gps.uuid);
    expect(h.length).toBeGreaterThanOrEqual(47);
  });

  it("POST /insight-tags: uuid from the label (normalised) or generated; 400 malformed; 409 taken", async () => {
    const t = await it_.createInsightTag(admin, {
      uuid: "0123456789ABCDEF0123456789ABCDEF",
      name: "Compressor",
      kind: "label",
    });
    expect(t.uuid).toBe("01234567-89ab-cdef-0123-456789abcdef");
    const g = await it_.createInsightTag(admin, { name: "Pump", kind: "gps" });
    expect(g.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(
      (await rejection(it_.createInsightTag(admin, { uuid: "xyz", name: "A", kind: "gps" })))
        .status,
    ).toBe(400);
    expect(
      (await rejection(it_.createInsightTag(other, { uuid: t.uuid, name: "A", kind: "gps" })))
        .status,
    ).toBe(409);
    expect((await rejection(it_.createInsightTag(admin, { name: "", kind: "gps" }))).status).toBe(
      400,
    );
  });

  it("the public view shows only the chosen fields; contact messages reach the company; retired is 404", async () => {
    const t = await it_.createInsightTag(admin, {
      name: "Mixer",
      kind: "gps",
      description: "Cement mixer",
      owner_contact: "Call 1",
    });
    let p = await it_.publicTag(base, t.uuid);
    expect(p).toMatchObject({
      name: "Mixer",
      description: "Cement mixer",
      owner_contact: "Call 1",
    });
    expect(p.position).toBeUndefined();
    await it_.updateInsightTag(admin, t.uuid, { public_fields: ["name", "position"] });
    p = await it_.publicTag(base, t.uuid);
    expect(p.description).toBeUndefined();
    expect(p.position).toMatchObject({ lat: expect.any(Number) });
    await it_.contactOwner(base, { uuid: t.uuid, name: "Sam", email: "", message: "Leaking oil" });
    expect((await it_.tagMessages(admin, t.uuid))[0]!.message).toBe("Leaking oil");
    expect((await rejection(it_.tagMessages(other, t.uuid))).status).toBe(404);
    await it_.updateInsightTag(admin, t.uuid, { retired: true });
    expect((await rejection(it_.publicTag(base, t.uuid))).status).toBe(404);
    expect(
      (await rejection(it_.publicTag(base, "00000000-0000-0000-0000-000000000000"))).status,
    ).toBe(404);
  });
});

describe("wiki", () => {
  it("categories → folders → files; duplicates 409; uploads stream in and out; foreign ids 404", async () => {
    const [tag] = await it_.insightTags(admin);
    const c = await it_.createCategory(admin, tag!.uuid, "Manuals");
    expect((await rejection(it_.createCategory(admin, tag!.uuid, "manuals"))).status).toBe(409);
    const f = await it_.createFolder(admin, c.id, "Engine");
    expect((await rejection(it_.createFolder(admin, c.id, " "))).status).toBe(400);
    expect((await rejection(it_.createFolder(other, c.id, "X"))).status).toBe(404);
    const bytes = new TextEncoder().encode("%PDF-1.4 hello");
    const file = await it_.uploadFile(
      admin,
      { folderId: f.id, name: "manual.pdf", contentType: "application/pdf" },
      streamOf(bytes),
    );
    expect(file).toMatchObject({ name: "manual.pdf", size: bytes.length, folder_id: f.id });
    const res = await it_.downloadFile(admin, file.id);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    expect((await rejection(it_.downloadFile(other, file.id))).status).toBe(404);
    expect(
      (
        await rejection(
          it_.uploadFile(
            other,
            { folderId: f.id, name: "x.pdf", contentType: "application/pdf" },
            streamOf(bytes),
          ),
        )
      ).status,
    ).toBe(404);
    const tree = await it_.wiki(admin, tag!.uuid);
    expect(tree.files.map((x) => x.id)).toContain(file.id);
    expect((await rejection(it_.wiki(other, tag!.uuid))).status).toBe(404);
    await it_.renameFolder(admin, f.id, "Engine bay");
    await it_.deleteFile(admin, file.id);
    expect((await rejection(it_.downloadFile(admin, file.id))).status).toBe(404);
    await it_.deleteCategory(admin, c.id);
    expect((await it_.wiki(admin, tag!.uuid)).folders).toHaveLength(0);
  });

  it("an upload aborted midway leaves nothing behind", async () => {
    const [tag] = await it_.insightTags(admin);
    const c = await it_.createCategory(admin, tag!.uuid, "Abort");
    const f = await it_.createFolder(admin, c.id, "Half");
    const ctl = new AbortController();
    let chunks = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(k) {
        if (ctl.signal.aborted) return k.error(ctl.signal.reason);
        k.enqueue(new Uint8Array(64 * 1024));
        // Past 20 chunks (1.25 MB) the sender gives up, as the app does past the size limit.
        if (++chunks === 20) {
          await new Promise((r) => setTimeout(r, 50));
          ctl.abort(new Error("too big"));
        }
      },
    });
    await expect(
      it_.uploadFile(
        admin,
        { folderId: f.id, name: "a.zip", contentType: "application/zip" },
        body,
        ctl.signal,
      ),
    ).rejects.toThrow();
    expect(
      (await it_.wiki(admin, tag!.uuid)).files.filter((x) => x.folder_id === f.id),
    ).toHaveLength(0);
  });

  it("pages: Markdown text in a folder; titles unique per folder (409); foreign ids 404; gone with their folder", async () => {
    const [tag] = await it_.insightTags(admin);
    const c = await it_.createCategory(admin, tag!.uuid, "Pages");
    const f = await it_.createFolder(admin, c.id, "Notes");
    const p = await it_.createPage(admin, { folderId: f.id, title: "Start-up", body: "# Hi\n" });
    expect(p).toMatchObject({ folder_id: f.id, title: "Start-up", body: "# Hi\n" });
    expect(
      (await rejection(it_.createPage(admin, { folderId: f.id, title: "start-up", body: "" })))
        .status,
    ).toBe(409);
    expect(
      (await rejection(it_.createPage(admin, { folderId: f.id, title: " ", body: "" }))).status,
    ).toBe(400);
    expect(
      (await rejection(it_.createPage(other, { folderId: f.id, title: "X", body: "" }))).status,
    ).toBe(404);
    // The tree lists pages without their text; one page is read with it.
    const tree = await it_.wiki(admin, tag!.uuid);
    expect(tree.pages.find((x) => x.id === p.id)).toEqual({
      id: p.id,
      folder_id: f.id,
      title: "Start-up",
      updated_at: p.updated_at,
      updated_by: p.updated_by,
    });
    const renamed = await it_.updatePage(admin, p.id, { title: "Starting up", body: "Step 1" });
    expect(renamed).toMatchObject({ title: "Starting up", body: "Step 1" });
    expect((await it_.wikiPage(admin, p.id)).body).toBe("Step 1");
    expect((await rejection(it_.wikiPage(other, p.id))).status).toBe(404);
    expect((await rejection(it_.updatePage(other, p.id, { body: "mine" }))).status).toBe(404);
    expect((await rejection(it_.deletePage(other, p.id))).status).toBe(404);
    const q = await it_.createPage(admin, { folderId: f.id, title: "Second", body: "" });
    await it_.deletePage(admin, q.id);
    expect((await rejection(it_.wikiPage(admin, q.id))).status).toBe(404);
    await it_.deleteFolder(admin, f.id);
    expect((await rejection(it_.wikiPage(admin, p.id))).status).toBe(404);
    expect((await it_.wiki(admin, tag!.uuid)).pages.some((x) => x.id === p.id)).toBe(false);
  });

  it("GET /insight-tags/wiki/permissions/users: the company's users with their settings; admins only", async () => {
    const mine = await it_.usersWikiPermissions(admin);
    expect(mine.map((u) => u.username)).toEqual(
      expect.arrayContaining(["admin", "demo", "driver"]),
    );
    expect(mine.some((u) => u.username === "other")).toBe(false);
    expect(mine.find((u) => u.username === "admin")!.permissions).toMatchObject({
      wiki_create_category: true,
    });
    expect(mine.find((u) => u.username === "demo")!.permissions).toEqual({});
    expect((await it_.usersWikiPermissions(other)).map((u) => u.username)).toEqual(["other"]);
    expect((await rejection(it_.usersWikiPermissions(demo))).status).toBe(403);
  });

  it("GET /insight-tags/wiki/permissions: the administrator's explicit settings; none for demo", async () => {
    expect(await it_.myWikiPermissions(admin)).toMatchObject({ wiki_create_category: true });
    expect(await it_.myWikiPermissions(demo)).toEqual({});
    await it_.setWikiPermissions(admin, 1004, { wiki_create_folder: true });
    expect(await it_.myWikiPermissions(demo)).toEqual({ wiki_create_folder: true });
    await it_.setWikiPermissions(admin, 1004, {});
    expect((await rejection(it_.setWikiPermissions(other, 1004, {}))).status).toBe(404);
  });
});

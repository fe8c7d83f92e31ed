import { describe, expect, it } from "vitest";
import {
  WIKI_DEFAULTS,
  WIKI_PERMISSIONS,
  fileTypeOf,
  isPreviewable,
  mayWiki,
  normaliseUuid,
  sanitiseFileName,
  settingOf,
  wikiRights,
} from "./rules";
import { renderMarkdown } from "~/services/markdown.server";

describe("wiki permissions (SPEC §3)", () => {
  it("defaults: only folder edit, upload and delete are allowed", () => {
    const allowed = WIKI_PERMISSIONS.filter((p) => WIKI_DEFAULTS[p]);
    expect(allowed).toEqual(["wiki_edit_folder", "wiki_upload", "wiki_delete"]);
    expect(wikiRights(null)).toEqual(WIKI_DEFAULTS);
    expect(wikiRights({})).toEqual(WIKI_DEFAULTS);
  });

  it("an explicit setting wins over the default, either way; unknown keys and non-booleans are ignored", () => {
    const r = wikiRights({
      wiki_create_category: true,
      wiki_upload: false,
      bogus: true,
      wiki_delete: "yes" as never,
    });
    expect(r.wiki_create_category).toBe(true);
    expect(r.wiki_upload).toBe(false);
    expect(r.wiki_delete).toBe(true);
    expect(r).not.toHaveProperty("bogus");
  });

  it("each form needs its own permission; an unknown intent is refused", () => {
    const d = wikiRights({});
    expect(mayWiki(d, "create-category")).toBe(false);
    expect(mayWiki(d, "rename-category")).toBe(false);
    expect(mayWiki(d, "delete-category")).toBe(false);
    expect(mayWiki(d, "create-folder")).toBe(false);
    expect(mayWiki(d, "rename-folder")).toBe(true);
    expect(mayWiki(d, "delete-folder")).toBe(true);
    expect(mayWiki(d, "delete-file")).toBe(true);
    expect(mayWiki(d, "upload")).toBe(true);
    expect(mayWiki(d, "constructor")).toBe(false);
    expect(mayWiki(wikiRights({ wiki_create_category: true }), "create-category")).toBe(true);
  });

  it("pages use the files' permissions: write and edit with upload, delete with delete", () => {
    const d = wikiRights({});
    expect(mayWiki(d, "create-page")).toBe(true);
    expect(mayWiki(d, "edit-page")).toBe(true);
    expect(mayWiki(d, "delete-page")).toBe(true);
    const noUpload = wikiRights({ wiki_upload: false });
    expect(mayWiki(noUpload, "create-page")).toBe(false);
    expect(mayWiki(noUpload, "edit-page")).toBe(false);
    expect(mayWiki(noUpload, "delete-page")).toBe(true);
    expect(mayWiki(wikiRights({ wiki_delete: false }), "delete-page")).toBe(false);
  });

  it("the permissions screen shows each setting as explicit or the default", () => {
    expect(settingOf({}, "wiki_upload")).toBe("default");
    expect(settingOf({ wiki_upload: false }, "wiki_upload")).toBe("refuse");
    expect(settingOf({ wiki_create_category: true }, "wiki_create_category")).toBe("allow");
  });
});

describe("pages", () => {
  it("render Markdown with raw HTML escaped: a script or an onerror handler stays text", () => {
    const html = renderMarkdown(
      '# Pump\n\n<script>alert(1)</script>\n\nSee <img src=x onerror="alert(2)"> and [x](javascript:alert(3)).',
    );
    expect(html).toContain("<h1>Pump</h1>");
    expect(html).not.toMatch(/<script|<img[^>]*onerror/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
    expect(html).not.toContain("javascript:");
  });
});

describe("files", () => {
  it("sanitises names: no path, no control or reserved characters, no leading dots, 120 characters", () => {
    expect(sanitiseFileName("../../etc/passwd")).toBe("passwd");
    expect(sanitiseFileName("C:\\\\Users\\\\x\\\\a<b>.pdf")).toBe("ab.pdf");
    expect(sanitiseFileName("...hidden.txt")).toBe("hidden.txt");
    expect(sanitiseFileName("a\u0000b\nc.txt")).toBe("abc.txt");
    const long = sanitiseFileName(`${"x".repeat(200)}.pdf`);
    expect(long).toHaveLength(120);
    expect(long.endsWith(".pdf")).toBe(true);
  });

  it("allows listed extensions only, with our own type; previews only images and PDFs", () => {
    expect(fileTypeOf("a.PDF")).toBe("application/pdf");
    expect(fileTypeOf("a.svg")).toBeNull();
    expect(fileTypeOf("a.html")).toBeNull();
    expect(fileTypeOf("pdf")).toBeNull();
    expect(isPreviewable("image/png")).toBe(true);
    expect(isPreviewable("application/pdf")).toBe(true);
    expect(isPreviewable("text/plain")).toBe(false);
  });

  it("normalises a label's uuid", () => {
    expect(normaliseUuid("0123456789ABCDEF0123456789ABCDEF")).toBe(
      "01234567-89ab-cdef-0123-456789abcdef",
    );
    expect(normaliseUuid("nope")).toBeNull();
  });
});

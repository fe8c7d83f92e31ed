import { describe, expect, it } from "vitest";
import { contentDisposition, postedFiles } from "./file-transfer.server";

describe("contentDisposition (RFC 6266)", () => {
  it("an ASCII name is a plain filename", () => {
    expect(contentDisposition("plan.pdf")).toBe('attachment; filename="plan.pdf"');
    expect(contentDisposition("a=b.pdf", "inline")).toBe('inline; filename="a=b.pdf"');
  });

  it("any other name gets an ASCII fallback and the UTF-8 name in filename*", () => {
    const h = contentDisposition("報告€ (1)'s.pdf");
    expect(h).toBe(
      `attachment; filename="___ (1)'s.pdf"; filename*=UTF-8''%E5%A0%B1%E5%91%8A%E2%82%AC%20%281%29%27s.pdf`,
    );
    // Node refuses header values outside Latin-1; every byte here is printable ASCII.
    expect(h).toMatch(/^[\x20-\x7e]+$/);
  });

  it("quotes, line breaks and paths never reach the header", () => {
    expect(contentDisposition('../x"\r\ny.pdf')).toBe('attachment; filename="x_ y.pdf"');
  });
});

describe("postedFiles", () => {
  const request = (fd: FormData) =>
    new Request("http://localhost/upload", { method: "POST", body: fd });

  it("gives the field's files with their names as sent, and skips an empty file input", async () => {
    const fd = new FormData();
    fd.append("document", new Blob(["%PDF-"]), "a=b.pdf");
    fd.append("document", new Blob([]), "");
    fd.append("other", new Blob(["x"]), "x.txt");
    fd.append("intent", "upload");
    const files = await postedFiles(request(fd), "document");
    expect(files.map((f) => f.name)).toEqual(["a=b.pdf"]);
  });

  it("a body that is not multipart is a 400, not a 500", async () => {
    const bad = new Request("http://localhost/upload", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "garbage",
    });
    const thrown = await postedFiles(bad, "document").catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(400);
  });
});

import { describe, expect, it } from "vitest";
import { cleanFileName } from "./input";
import { nameForKind, sniffFileKind } from "./file-types";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(
    parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "latin1")] : p)),
  );

describe("sniffFileKind: the type the bytes show", () => {
  it("knows the types the app takes by their signatures", () => {
    expect(sniffFileKind(bytes("%PDF-1.7\n"))).toBe("pdf");
    expect(sniffFileKind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffFileKind(bytes([0x89], "PNG\r\n\x1a\n"))).toBe("png");
    expect(sniffFileKind(bytes("GIF89a"))).toBe("gif");
    expect(sniffFileKind(bytes("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(sniffFileKind(bytes("PK\x03\x04\x14\0"))).toBe("zip");
    expect(sniffFileKind(new TextEncoder().encode("name,amount\r\nÅsa,3\n"))).toBe("text");
  });

  it("calls a page text (never an image or a PDF), and binary of another kind nothing", () => {
    expect(sniffFileKind(bytes("<!doctype html><script>alert(1)</script>"))).toBe("text");
    expect(sniffFileKind(bytes("MZ\x90\0\x03\0"))).toBeNull();
    expect(sniffFileKind(bytes([0xc3, 0x28, 0x41]))).toBeNull(); // not UTF-8
    // A UTF-8 character cut by the sample's end is still text.
    expect(sniffFileKind(bytes("caf", [0xc3]))).toBe("text");
  });
});

describe("nameForKind: an extension the bytes bear out", () => {
  it("keeps a name that already says the type", () => {
    expect(nameForKind("quote.pdf", "pdf")).toBe("quote.pdf");
    expect(nameForKind("photo.JPEG", "jpeg")).toBe("photo.JPEG");
    expect(nameForKind("plan.docx", "zip")).toBe("plan.docx");
    expect(nameForKind("rows.csv", "text")).toBe("rows.csv");
  });

  it("replaces a type extension that lies, appends to any other ending", () => {
    expect(nameForKind("evil_.html", "pdf")).toBe("evil_.pdf");
    expect(nameForKind("x.html", "jpeg")).toBe("x.jpg");
    expect(nameForKind("cat.png", "jpeg")).toBe("cat.jpg");
    expect(nameForKind("setup.exe", "zip")).toBe("setup.zip");
    expect(nameForKind("report.v2", "pdf")).toBe("report.v2.pdf");
    expect(nameForKind("README", "text")).toBe("README.txt");
    expect(nameForKind(".pdf", "png")).toBe(".pdf.png");
  });
});

describe("file names: bidirectional controls", () => {
  it("strips overrides, embeddings, isolates and marks, so a name reads as it is", () => {
    expect(cleanFileName("evil\u202Efdp.zip")).toBe("evilfdp.zip");
    expect(cleanFileName("a\u202A\u202B\u202C\u202Db.pdf")).toBe("ab.pdf");
    expect(cleanFileName("\u2066x\u2067\u2068y\u2069.txt")).toBe("xy.txt");
    expect(cleanFileName("\u200Ep\u200F\u061Cq.png")).toBe("pq.png");
    expect(cleanFileName("\u202E")).toBe("file");
    // Right-to-left text itself is kept.
    expect(cleanFileName("تقرير.pdf")).toBe("تقرير.pdf");
  });
});

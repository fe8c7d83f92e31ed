import { describe, expect, it } from "vitest";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TOO_LARGE,
  ATTACHMENT_WRONG_TYPE,
  attachmentProblem,
  attachmentType,
  cleanName,
} from "./attachments.server";

const bytes = (head: string | number[], size = 64) => {
  const b = new Uint8Array(size);
  b.set(typeof head === "string" ? [...head].map((c) => c.charCodeAt(0)) : head);
  return b;
};

describe("ticket attachments", () => {
  it("knows a file by its first bytes, not its name", () => {
    expect(attachmentType(bytes([0xff, 0xd8, 0xff]))).toBe("image/jpeg");
    expect(attachmentType(bytes([0x89, 0x50, 0x4e, 0x47]))).toBe("image/png");
    expect(attachmentType(bytes("RIFF\0\0\0\0WEBP"))).toBe("image/webp");
    expect(attachmentType(bytes("%PDF-1.7"))).toBe("application/pdf");
    expect(attachmentType(bytes("GIF89a"))).toBeNull();
    expect(attachmentType(bytes("<svg"))).toBeNull();
  });

  it("says why a file cannot be attached", () => {
    expect(attachmentProblem(bytes("%PDF-1.7"))).toBeNull();
    expect(attachmentProblem(bytes("MZ"))).toBe(ATTACHMENT_WRONG_TYPE);
    expect(attachmentProblem(bytes("%PDF-", ATTACHMENT_MAX_BYTES))).toBeNull();
    expect(attachmentProblem(bytes("%PDF-", ATTACHMENT_MAX_BYTES + 1))).toBe(ATTACHMENT_TOO_LARGE);
  });

  it("keeps a name without paths, quotes or control characters", () => {
    expect(cleanName('C:\\Users\\me\\quote "final".pdf', "application/pdf")).toBe(
      "quote final.pdf",
    );
    expect(cleanName("../../etc/passwd\n", "image/png")).toBe("passwd.png");
    expect(cleanName("", "image/webp")).toBe("picture.webp");
  });
});

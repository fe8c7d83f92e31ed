import { describe, expect, it } from "vitest";
import {
  cleanDeep,
  cleanFileName,
  cleanText,
  day,
  DAY_MESSAGE,
  fileName,
  finiteNumber,
  hasSaneDay,
  isSaneDay,
  optionalDay,
  text,
} from "./input";

describe("cleanText and cleanDeep", () => {
  it("drops control characters, turning line breaks and tabs into one space", () => {
    expect(cleanText("Tip\u0000per\u0007 7")).toBe("Tipper 7");
    expect(cleanText("a\r\n\tb\u007f")).toBe("a b");
    expect(cleanText("報告€ ok")).toBe("報告€ ok");
  });

  it("cleans every string of a plain value, keys too, and leaves the rest", () => {
    const at = new Date(0);
    expect(
      cleanDeep({ name: "A\u0000", list: ["b\u0001", 3, null], n: { "k\u0000": true }, at }),
    ).toEqual({ name: "A", list: ["b", 3, null], n: { k: true }, at });
  });
});

describe("days", () => {
  it("takes real calendar days from 1970 to 2100 only", () => {
    for (const ok of ["1970-01-01", "2026-02-28", "2028-02-29", "2100-12-31"])
      expect(isSaneDay(ok), ok).toBe(true);
    for (const bad of [
      "2026-13-01",
      "2026-02-30",
      "2027-02-29",
      "-99999999999",
      "99999-01-01",
      "1969-12-31",
      "2101-01-01",
      "2026-1-1",
      "",
    ])
      expect(isSaneDay(bad), bad).toBe(false);
  });

  it("a day is required and sane", () => {
    expect(day().safeParse(" 2026-03-01 ").data).toBe("2026-03-01");
    expect(day().safeParse("2026-13-01").error?.issues[0]?.message).toBe(DAY_MESSAGE);
  });

  it("an optional day is empty or sane, with the range in the message", () => {
    expect(optionalDay().safeParse(undefined).success).toBe(true);
    expect(optionalDay().safeParse("").success).toBe(true);
    const r = optionalDay().safeParse("2026-13-01");
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(DAY_MESSAGE);
  });

  it("hasSaneDay leaves a string that is not date-shaped to the format check", () => {
    expect(hasSaneDay("2026-03-01T07:30")).toBe(true);
    expect(hasSaneDay("2026-13-01T07:30")).toBe(false);
    expect(hasSaneDay("not a date")).toBe(true);
  });
});

describe("numbers and text", () => {
  it("refuses NaN, infinities and out-of-range numbers", () => {
    const n = finiteNumber({ min: 0, max: 1000 });
    expect(n.safeParse(5).success).toBe(true);
    for (const bad of [NaN, Infinity, -Infinity, 1e308, -1])
      expect(n.safeParse(bad).success).toBe(false);
  });

  it("refuses control characters in a text field with a message, keeps line breaks", () => {
    expect(text().safeParse("a\nb").success).toBe(true);
    expect(text().safeParse("a\u0000b").error?.issues[0]?.message).toMatch(/control characters/);
    expect(text(3).safeParse("abcd").success).toBe(false);
  });
});

describe("cleanFileName", () => {
  it("keeps the last path segment, without controls, quotes or backslashes", () => {
    expect(cleanFileName("../../etc/a=b.pdf")).toBe("a=b.pdf");
    expect(cleanFileName('C:\\x\\say "hi"\u0000.pdf')).toBe("say _hi_ .pdf");
    expect(cleanFileName("報告€.pdf")).toBe("報告€.pdf");
    expect(cleanFileName("  ", "document")).toBe("document");
    expect(fileName().parse("dir/a\u0000b.pdf")).toBe("a b.pdf");
  });

  it("shortens a long name to 200 characters, keeping its extension", () => {
    const long = cleanFileName(`${"x".repeat(300)}.pdf`);
    expect(long).toHaveLength(200);
    expect(long.endsWith(".pdf")).toBe(true);
  });
});

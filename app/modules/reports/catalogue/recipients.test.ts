import { describe, expect, it } from "vitest";
import { MAX_RECIPIENTS, parseRecipients } from "./recipients";

describe("parseRecipients", () => {
  it("splits on commas, semicolons and new lines, lower-cases and de-duplicates", () => {
    expect(parseRecipients("Ops@Example.com, fleet@example.com.au;\nops@example.com")).toEqual({
      ok: true,
      emails: ["ops@example.com", "fleet@example.com.au"],
    });
  });
  it("refuses invalid addresses with a message naming them", () => {
    const r = parseRecipients("ok@example.com, not-an-email, a@b, <x@y.com>");
    expect(r).toEqual({
      ok: false,
      error: 'Not a valid email address: "not-an-email", "a@b", "<x@y.com>". Nothing was saved.',
    });
  });
  it("refuses an empty list and more than 50", () => {
    expect(parseRecipients("  ")).toEqual({
      ok: false,
      error: "Add at least one recipient email address.",
    });
    const many = Array.from({ length: MAX_RECIPIENTS + 1 }, (_, i) => `u${i}@example.com`);
    expect(parseRecipients(many.join(","))).toEqual({
      ok: false,
      error: "At most 50 recipients; you entered 51. Nothing was saved.",
    });
    expect(parseRecipients(many.slice(0, 50))).toMatchObject({ ok: true });
  });
});

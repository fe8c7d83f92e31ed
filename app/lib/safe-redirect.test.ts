import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    "//x",
    "/\\x",
    "https://x.example",
    "/../x",
    "/%2e%2e/x",
    "//%2fx",
    "x",
    "",
    "/login",
    "javascript:alert(1)",
    "/\tx",
  ])("refuses %j", (to) => expect(safeRedirect(to)).toBe("/dashboard/assets"));
  it.each(["/dashboard/trips", "/dashboard/logbook?imei=1", "/docs/overview/welcome#top"])(
    "keeps %j",
    (to) => expect(safeRedirect(to)).toBe(to),
  );
});

import { describe, expect, it } from "vitest";
import { tileSource } from "./security-headers.server";

describe("the CSP source of a tile URL template", () => {
  it.each([
    ["https://tile.openstreetmap.org/{z}/{x}/{y}.png", "https://tile.openstreetmap.org"],
    ["https://{s}.tile.example.org/{z}/{x}/{y}.png", "https://*.tile.example.org"],
    ["https://a-{s}.tiles.example.org:8443/{z}/{x}/{y}", "https://*.tiles.example.org:8443"],
    ["http://Tiles.Local:8080/{z}/{x}/{y}.png?key=1", "http://tiles.local:8080"],
    ["https://user:pw@tiles.example.org/{z}/{x}/{y}", "https://tiles.example.org"],
    // A placeholder too near the top of the name cannot be narrowed: the scheme alone.
    ["https://{s}.org/{z}/{x}/{y}", "https:"],
    ["tiles/{z}/{x}/{y}", null],
  ])("%s → %s", (template, source) => {
    expect(tileSource(template)).toBe(source);
  });
});

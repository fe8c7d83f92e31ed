import { describe, expect, it } from "vitest";
import { allDocs, docsNav, getDoc, renderMarkdown, searchDocs } from "./docs.server";

describe("documentation", () => {
  it("has the pages the product promises", () => {
    const paths = allDocs().map((p) => p.path);
    for (const p of [
      "overview/welcome",
      "getting-started/first-steps",
      "map/fleet-map",
      "trips/trips-and-logbook",
      "notifications/notifications",
      "reports/reports",
      "forms/fill-in-links",
      "settings/display-settings",
    ]) {
      expect(paths).toContain(p);
    }
    expect(docsNav()[0]).toMatchObject({ id: "overview", title: "Overview" });
  });

  it("renders a page to HTML and refuses paths outside the docs", () => {
    expect(getDoc("overview/welcome")?.html).toContain("<h1>Welcome to Tracksmith</h1>");
    expect(getDoc("../../package")).toBeNull();
    expect(getDoc("overview/welcome/extra")).toBeNull();
    expect(getDoc("overview/nope")).toBeNull();
  });

  it("escapes raw HTML and unsafe links", () => {
    const html = renderMarkdown(
      "<script>alert(1)</script>\n\n<img src=x onerror=alert(1)> [a](javascript:alert(1)) [b](/docs/x)",
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('<a href="/docs/x">b</a>');
  });

  it("searches case-insensitively, every word, titles first", () => {
    const hits = searchDocs("LOGBOOK");
    expect(hits[0]?.path).toBe("trips/trips-and-logbook");
    expect(searchDocs("logbook zzzz")).toEqual([]);
    expect(searchDocs("   ")).toEqual([]);
    expect(searchDocs("satellite").map((h) => h.path)).toContain("settings/display-settings");
  });

  it("search excerpts read as the page does: no ordering comment (issue 38.6)", () => {
    const hits = searchDocs("welcome");
    expect(hits.map((h) => h.path)).toContain("overview/welcome");
    for (const h of hits) expect(h.excerpt).not.toMatch(/<!|order:|-->/);
    expect(searchDocs("order").map((h) => h.path)).not.toContain("overview/welcome");
    for (const p of allDocs()) expect(p.text).not.toMatch(/<!|-->/);
  });
});

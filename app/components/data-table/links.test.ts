import { describe, expect, it } from "vitest";
import { ariaSort, pageCount, pageHref, showingText, sortHref } from "./links";

describe("data table links", () => {
  it("sorts a new column ascending, flips the sorted one, keeps other parameters, drops the page", () => {
    const current = { by: "name", dir: "asc" as const };
    expect(sortHref("?q=van&page=3", "speed", current)).toBe("?q=van&sort=speed&dir=asc");
    expect(sortHref("?q=van&sort=name&dir=asc", "name", current)).toBe("?q=van&sort=name&dir=desc");
    expect(sortHref("", "name", { by: "name", dir: "desc" })).toBe("?sort=name&dir=asc");
    expect(sortHref("", "name", undefined)).toBe("?sort=name&dir=asc");
    expect(sortHref("", "total", current, "desc")).toBe("?sort=total&dir=desc");
    expect(sortHref("", "total", { by: "total", dir: "desc" }, "desc")).toBe("?sort=total&dir=asc");
  });

  it("marks only the sorted column's header with aria-sort", () => {
    expect(ariaSort("name", { by: "name", dir: "asc" })).toBe("ascending");
    expect(ariaSort("name", { by: "name", dir: "desc" })).toBe("descending");
    expect(ariaSort("speed", { by: "name", dir: "asc" })).toBeUndefined();
    expect(ariaSort("name", undefined)).toBeUndefined();
  });

  it("pages with ?page=, the first page without it, keeping the order", () => {
    expect(pageHref("?sort=name&dir=desc", 2)).toBe("?sort=name&dir=desc&page=2");
    expect(pageHref("?sort=name&page=2", 1)).toBe("?sort=name");
    expect(pageHref("?page=2", 1)).toBe("?");
  });

  it("says which rows show, with thousands separated", () => {
    expect(showingText({ page: 1, pageSize: 50, total: 1234 })).toBe("Showing 1–50 of 1,234");
    expect(showingText({ page: 25, pageSize: 50, total: 1234 })).toBe(
      "Showing 1,201–1,234 of 1,234",
    );
    expect(showingText({ page: 1, pageSize: 50, total: 0 })).toBe("Showing 0 of 0");
    expect(pageCount({ page: 1, pageSize: 50, total: 1234 })).toBe(25);
    expect(pageCount({ page: 1, pageSize: 50, total: 0 })).toBe(1);
  });
});

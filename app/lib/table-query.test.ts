import { describe, expect, it } from "vitest";
import { pageRows, parsePage, parseTableSort, sortRows } from "./table-query";

type Row = { name: string; speed: number | null };
const rows: Row[] = [
  { name: "Van 10", speed: 30 },
  { name: "van 9", speed: null },
  { name: "Ute", speed: 80 },
  { name: "Bus", speed: 30 },
];
const keys = { name: (r: Row) => r.name, speed: (r: Row) => r.speed };
const byName = (a: Row, b: Row) => a.name.localeCompare(b.name);

describe("table query", () => {
  it("reads sort and direction from the address, falling back on anything unknown", () => {
    const sorts = ["name", "speed"] as const;
    const fallback = { by: "name" as const, dir: "asc" as const };
    const q = (s: string) => parseTableSort(new URLSearchParams(s), sorts, fallback);
    expect(q("sort=speed&dir=desc")).toEqual({ by: "speed", dir: "desc" });
    expect(q("sort=speed&dir=sideways")).toEqual({ by: "speed", dir: "asc" });
    expect(q("sort=password&dir=desc")).toEqual(fallback);
    expect(q("")).toEqual(fallback);
  });

  it("reads the page as a positive whole number, else the first", () => {
    for (const [s, p] of [
      ["page=3", 3],
      ["page=0", 1],
      ["page=-2", 1],
      ["page=2.5", 1],
      ["page=x", 1],
      ["", 1],
    ] as const)
      expect(parsePage(new URLSearchParams(s)), s).toBe(p);
  });

  it("sorts text case-insensitively with numbers in order, both ways", () => {
    const asc = sortRows(rows, { by: "name", dir: "asc" }, keys).map((r) => r.name);
    expect(asc).toEqual(["Bus", "Ute", "van 9", "Van 10"]);
    const desc = sortRows(rows, { by: "name", dir: "desc" }, keys).map((r) => r.name);
    expect(desc).toEqual([...asc].reverse());
    expect(rows[0]!.name).toBe("Van 10"); // the input is left alone
  });

  it("puts unknown values last in either direction and breaks ties with the tie order", () => {
    const asc = sortRows(rows, { by: "speed", dir: "asc" }, keys, byName).map((r) => r.name);
    expect(asc).toEqual(["Bus", "Van 10", "Ute", "van 9"]);
    const desc = sortRows(rows, { by: "speed", dir: "desc" }, keys, byName).map((r) => r.name);
    expect(desc).toEqual(["Ute", "Bus", "Van 10", "van 9"]);
  });

  it("cuts one page and clamps a page past either end", () => {
    const list = Array.from({ length: 120 }, (_, i) => i + 1);
    expect(pageRows(list, 1, 50).rows).toEqual(list.slice(0, 50));
    const last = pageRows(list, 3, 50);
    expect(last.rows).toEqual(list.slice(100));
    expect(last.paging).toEqual({ page: 3, pageSize: 50, total: 120 });
    expect(pageRows(list, 9, 50).paging.page).toBe(3);
    expect(pageRows(list, 0, 50).paging.page).toBe(1);
    expect(pageRows([], 2, 50)).toEqual({ rows: [], paging: { page: 1, pageSize: 50, total: 0 } });
  });
});

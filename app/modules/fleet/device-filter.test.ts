import { describe, expect, it } from "vitest";
import {
  filterDevices,
  filtersQuery,
  groupDevices,
  parseFilters,
  sortByNickname,
} from "./device-filter";

const list = [
  { imei: "1", nickname: "bravo", groupIds: [1], tagIds: [7] },
  { imei: "2", nickname: "Alpha", groupIds: [2], tagIds: [] },
  { imei: "3", nickname: "charlie", groupIds: [], tagIds: [7] },
  { imei: "4", nickname: "alpha", groupIds: [1, 2], tagIds: [] },
];

describe("device list", () => {
  it("sorts by nickname case-insensitively", () => {
    expect(sortByNickname(list).map((d) => d.imei)).toEqual(["2", "4", "1", "3"]);
  });
  it("searches nickname and imei, filters by group and tag", () => {
    expect(
      filterDevices(list, { q: "ALP", group: null, tag: null, status: null }).map((d) => d.imei),
    ).toEqual(["2", "4"]);
    expect(
      filterDevices(list, { q: "3", group: null, tag: null, status: null }).map((d) => d.imei),
    ).toEqual(["3"]);
    expect(
      filterDevices(list, { q: "", group: 1, tag: null, status: null }).map((d) => d.imei),
    ).toEqual(["1", "4"]);
    expect(
      filterDevices(list, { q: "", group: null, tag: 7, status: null }).map((d) => d.imei),
    ).toEqual(["1", "3"]);
    expect(
      filterDevices(list, { q: "", group: 1, tag: 7, status: null }).map((d) => d.imei),
    ).toEqual(["1"]);
  });
  it("groups by group nickname with ungrouped devices last", () => {
    const g = groupDevices(list, [
      [2, "zulu"],
      [1, "Echo"],
    ]);
    expect(g.map((s) => [s.name, s.devices.map((d) => d.imei)])).toEqual([
      ["Echo", ["1", "4"]],
      ["zulu", ["2", "4"]],
      ["No group", ["3"]],
    ]);
  });
  it("parses filters from the query, ignoring junk", () => {
    expect(parseFilters(new URLSearchParams("q= van &group=3&tag=x"))).toEqual({
      q: "van",
      group: 3,
      tag: null,
      status: null,
    });
    expect(parseFilters(new URLSearchParams("status=moving")).status).toBe("moving");
    expect(parseFilters(new URLSearchParams("status=flying")).status).toBeNull();
  });
  it("filters by status, and makes a query string of the filters", () => {
    const withStatus = list.map((d, i) => ({
      ...d,
      status: (["moving", "resting", "offline", "moving"] as const)[i],
    }));
    expect(
      filterDevices(withStatus, { q: "", group: null, tag: null, status: "moving" }).map(
        (d) => d.imei,
      ),
    ).toEqual(["1", "4"]);
    expect(filtersQuery({ q: "a b", group: 2, tag: null, status: "offline" })).toBe(
      "?q=a+b&group=2&status=offline",
    );
    expect(filtersQuery({ q: "", group: null, tag: null, status: null })).toBe("");
  });
});

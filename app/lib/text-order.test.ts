import { describe, expect, it } from "vitest";
import { byNickname, compareId, compareText, compareTextNumeric } from "./text-order";

describe("text order", () => {
  it("ignores case and accents, and breaks nickname ties by imei", () => {
    const list = [
      { nickname: "van 2", imei: "3" },
      { nickname: "Ute", imei: "9" },
      { nickname: "Van 2", imei: "1" },
      { nickname: "éclair", imei: "5" },
      { nickname: "alpha", imei: "7" },
    ];
    expect([...list].sort(byNickname).map((d) => `${d.nickname}/${d.imei}`)).toEqual([
      "alpha/7",
      "éclair/5",
      "Ute/9",
      "Van 2/1",
      "van 2/3",
    ]);
    expect(compareText("TRUCK", "truck")).toBe(0);
  });

  it("orders numbers in names numerically only where asked, and ids by code unit", () => {
    expect(["Beacon 10", "Beacon 9"].sort(compareTextNumeric)).toEqual(["Beacon 9", "Beacon 10"]);
    expect(["Beacon 10", "Beacon 9"].sort(compareText)).toEqual(["Beacon 10", "Beacon 9"]);
    expect(["b", "B", "a"].sort(compareId)).toEqual(["B", "a", "b"]);
  });
});

import { describe, expect, it } from "vitest";
import { ALL_UP_TO, MATCHES_SHOWN, vehicleChoices } from "./vehicle-choices";

const fleet = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    imei: String(354800000000000 + i),
    nickname: `Truck ${i}`,
  }));

describe("vehicle choices", () => {
  it("offers every vehicle of a small fleet", () => {
    const c = vehicleChoices(fleet(ALL_UP_TO), null, "ignored");
    expect(c).toMatchObject({ total: ALL_UP_TO, limited: false });
    expect(c.options).toHaveLength(ALL_UP_TO);
  });

  it("offers a big fleet's first matches, and always the chosen vehicle first", () => {
    const vehicles = fleet(10_000);
    const first = vehicleChoices(vehicles, null, "");
    expect(first).toMatchObject({ total: 10_000, limited: true });
    expect(first.options).toHaveLength(MATCHES_SHOWN);

    const found = vehicleChoices(vehicles, vehicles[9_999]!.imei, " TRUCK 420 ");
    expect(found.options[0]!.nickname).toBe("Truck 9999");
    expect(found.options.slice(1).map((v) => v.nickname)).toEqual([
      "Truck 420",
      ...Array.from({ length: 10 }, (_, i) => `Truck 420${i}`),
    ]);
    // Many matches: the first hundred.
    expect(vehicleChoices(vehicles, null, "truck 1").options).toHaveLength(MATCHES_SHOWN);
    expect(vehicleChoices(vehicles, null, "354800000000017").options).toEqual([
      { imei: "354800000000017", nickname: "Truck 17" },
    ]);
  });
});

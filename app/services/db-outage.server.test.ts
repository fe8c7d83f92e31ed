import { describe, expect, it } from "vitest";
import { outageFailure, outageOver } from "./db-outage.server";

describe("one warning and one end line per database outage", () => {
  it("warns on the first failure only, and ends once", () => {
    expect(outageFailure(1_000)).toBe(true);
    expect(outageFailure(2_000)).toBe(false);
    expect(outageOver(5_000)).toEqual({ ms: 4_000, failures: 2 });
    expect(outageOver(5_100)).toBeNull();
  });

  it("takes a late failure just after the end as part of that outage, silently", () => {
    expect(outageFailure(6_000)).toBe(false);
    expect(outageOver(6_500)).toBeNull();
    // Long after: a new outage, told again.
    expect(outageFailure(60_000)).toBe(true);
    expect(outageOver(61_000)).toEqual({ ms: 1_000, failures: 1 });
  });
});

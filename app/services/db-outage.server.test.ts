import { describe, expect, it } from "vitest";
import { outageFailure, outageOver } from "./db-outage.server";

describe("one warning and one end line per database outage", () => {
  it("warns on the first failure only, and ends once", () => {
    expect(outageFailure(1_000)).toBe(true);
    expect(outageFailure(2_000)).toBe(false);
    expect(outageOver(5_000)).toEqual({ ms: 4_000, failures: 2 });
    expect(outageOver(5_100)).toBeNull();
  });
});

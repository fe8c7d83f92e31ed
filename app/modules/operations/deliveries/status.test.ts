import { describe, expect, it } from "vitest";
import { canMove, isFinished, nextStatuses, DELIVERY_STATUSES } from "./status";

describe("delivery status transitions", () => {
  it("moves forward one step at a time, or to failed while open", () => {
    expect(nextStatuses("planned")).toEqual(["picked_up", "failed"]);
    expect(nextStatuses("picked_up")).toEqual(["in_transit", "failed"]);
    expect(nextStatuses("in_transit")).toEqual(["delivered", "failed"]);
    expect(canMove("planned", "delivered")).toBe(false);
    expect(canMove("planned", "in_transit")).toBe(false);
    expect(canMove("in_transit", "picked_up")).toBe(false);
  });

  it("ends at delivered or failed", () => {
    for (const s of DELIVERY_STATUSES) expect(isFinished(s)).toBe(nextStatuses(s).length === 0);
    expect(canMove("delivered", "failed")).toBe(false);
    expect(canMove("failed", "planned")).toBe(false);
  });
});

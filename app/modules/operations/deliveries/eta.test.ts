import { describe, expect, it } from "vitest";
import { deliveryEta, ETA_MODEL, haversineKm } from "./eta";

const now = Date.parse("2026-11-26T02:00:00Z");
const pickup = { lat: -27.4698, lng: 153.0251 };
// About 10 km due north of the pickup.
const dropoff = { lat: -27.4698 + 10 / 111.195, lng: 153.0251 };
const at = (ms: number) => new Date(ms).toISOString();

describe("delivery ETA", () => {
  it("measures great-circle distance", () => {
    expect(haversineKm(pickup, dropoff)).toBeCloseTo(10, 1);
    expect(haversineKm(pickup, pickup)).toBe(0);
  });

  it("in transit: distance to the drop-off × road factor at the average speed", () => {
    const eta = deliveryEta(
      { status: "in_transit", pickup, dropoff },
      { ...pickup, reported_at: at(now) },
      now,
    );
    expect(eta.kind).toBe("eta");
    if (eta.kind !== "eta") return;
    expect(eta.km).toBeCloseTo(10 * ETA_MODEL.roadFactor, 0);
    // 13 km at 35 km/h ≈ 22 min.
    expect(eta.minutes).toBe(Math.round(((10 * ETA_MODEL.roadFactor) / ETA_MODEL.averageKmh) * 60));
  });

  it("planned: via the pickup, with its stop", () => {
    const vehicle = { ...dropoff, reported_at: at(now) };
    const eta = deliveryEta({ status: "planned", pickup, dropoff }, vehicle, now);
    if (eta.kind !== "eta") throw new Error("no eta");
    expect(eta.km).toBeCloseTo(20 * ETA_MODEL.roadFactor, 0);
    expect(eta.minutes).toBe(
      Math.round(
        ((20 * ETA_MODEL.roadFactor) / ETA_MODEL.averageKmh) * 60 + ETA_MODEL.pickupMinutes,
      ),
    );
  });

  it("counts from the position's time, never before now", () => {
    const old = { ...pickup, reported_at: at(now - 10 * 60_000) };
    const eta = deliveryEta({ status: "in_transit", pickup, dropoff }, old, now);
    if (eta.kind !== "eta") throw new Error("no eta");
    expect(eta.minutes).toBe(22 - 10);
    const arrived = deliveryEta(
      { status: "in_transit", pickup, dropoff: pickup },
      { ...pickup, reported_at: at(now - 60_000) },
      now,
    );
    expect(arrived.kind === "eta" && arrived.at).toBe(now);
  });

  it("gives none when finished, unassigned or the position is stale", () => {
    const v = { ...pickup, reported_at: at(now) };
    expect(deliveryEta({ status: "delivered", pickup, dropoff }, v, now).kind).toBe("none");
    expect(deliveryEta({ status: "failed", pickup, dropoff }, v, now).kind).toBe("none");
    expect(deliveryEta({ status: "planned", pickup, dropoff }, null, now)).toEqual({
      kind: "none",
      reason: "No vehicle assigned",
    });
    const stale = { ...pickup, reported_at: at(now - (ETA_MODEL.staleMinutes + 1) * 60_000) };
    expect(deliveryEta({ status: "in_transit", pickup, dropoff }, stale, now).kind).toBe("none");
  });
});

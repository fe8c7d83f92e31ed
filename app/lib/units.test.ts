import { describe, expect, it } from "vitest";
import {
  formatDistance,
  formatDuration,
  formatSpeed,
  fromDistanceUnit,
  parseMeasurement,
  toDistanceUnit,
  toSpeedUnit,
} from "./units";

describe("units", () => {
  it("metric is the default and unknown values fall back to it", () => {
    expect(parseMeasurement(undefined)).toBe("metric");
    expect(parseMeasurement("furlongs")).toBe("metric");
    expect(parseMeasurement("imperial")).toBe("imperial");
  });

  it("formats distances in km or miles", () => {
    expect(formatDistance(10, "metric")).toBe("10.0 km");
    expect(formatDistance(10, "imperial")).toBe("6.2 mi");
    expect(formatDistance(1.609344, "imperial", 3)).toBe("1.000 mi");
    expect(formatDistance(0, "imperial")).toBe("0.0 mi");
  });

  it("formats speeds in km/h or mph", () => {
    expect(formatSpeed(100, "metric")).toBe("100 km/h");
    expect(formatSpeed(100, "imperial")).toBe("62 mph");
    expect(toSpeedUnit(80.4672, "imperial")).toBeCloseTo(50, 6);
  });

  it("never shows NaN or -0", () => {
    expect(formatDistance(Number.NaN, "metric")).toBe("0.0 km");
    expect(formatDistance(Number.POSITIVE_INFINITY, "imperial")).toBe("0.0 mi");
    expect(formatDistance(-0.01, "metric")).toBe("0.0 km");
    expect(formatSpeed(Number.NaN, "imperial")).toBe("0 mph");
  });

  it("round-trips between units", () => {
    for (const km of [0, 1, 12.5, 12345.678])
      expect(fromDistanceUnit(toDistanceUnit(km, "imperial"), "imperial")).toBeCloseTo(km, 9);
    expect(fromDistanceUnit(5, "metric")).toBe(5);
  });

  it("formats durations", () => {
    expect(formatDuration(45)).toBe("45 s");
    expect(formatDuration(12 * 60)).toBe("12 min");
    expect(formatDuration(3900)).toBe("1 h 05 min");
    expect(formatDuration(26 * 3600)).toBe("1 d 2 h");
    expect(formatDuration(-5)).toBe("0 s");
    expect(formatDuration(Number.NaN)).toBe("0 s");
  });
});

describe("lengths and odometers", () => {
  it("shows a radius in metres or feet and an odometer with separators", async () => {
    const { formatLength, formatOdometer } = await import("./units");
    expect(formatLength(200, "metric")).toBe("200 m");
    expect(formatLength(200, "imperial")).toBe("656 ft");
    expect(formatLength(1500, "metric")).toBe("1,500 m");
    expect(formatOdometer(978304.2, "metric")).toBe("978,304 km");
    expect(formatOdometer(978304.2, "imperial")).toBe("607,890 mi");
  });
});

describe("units typed into forms and written before the reader was known", () => {
  it("a 5,000 mi interval is stored as 8,046.72 km and reads back as 5000", async () => {
    const { distanceInput, kmFromInput } = await import("./units");
    expect(kmFromInput(5000, "imperial")).toBe(8046.72);
    expect(kmFromInput(5000, "metric")).toBe(5000);
    expect(distanceInput(8046.72, "imperial")).toBe("5000");
    expect(distanceInput(null, "imperial")).toBe("");
  });

  it("shows a notification's canonical figures in the reader's unit", async () => {
    const { inReaderUnits } = await import("./units");
    const body = "Truck 1 drove at 91 km/h in a 60 km/h zone, at 12,000 km.";
    expect(inReaderUnits(body, "metric")).toBe(body);
    expect(inReaderUnits(body, "imperial")).toBe(
      "Truck 1 drove at 57 mph in a 37 mph zone, at 7,456 mi.",
    );
  });
});

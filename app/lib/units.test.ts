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

describe("temperatures (issue 35)", () => {
  it("shows °C in the reader's unit, a difference without the offset", async () => {
    const u = await import("./units");
    expect(u.formatCelsius(20, "metric")).toBe("20.0 °C");
    expect(u.formatCelsius(20, "imperial")).toBe("68.0 °F");
    expect(u.formatCelsius(-17.8, "imperial", 0)).toBe("0 °F");
    expect(u.formatCelsius(Number.NaN, "imperial")).toBe("32.0 °F");
    expect(u.formatCelsiusDelta(19.4, "imperial")).toBe("34.9 °F");
    expect(u.formatCelsiusDelta(19.4, "metric")).toBe("19.4 °C");
    expect(u.formatCelsiusRate(2, "imperial")).toBe("3.6 °F/h");
    expect(u.formatCelsiusBand(2, 8, "imperial")).toBe("35.6–46.4 °F");
    expect(u.formatCelsiusBand(null, 8, "metric")).toBe("≤ 8 °C");
    expect(u.temperatureLabel("imperial")).toBe("°F");
  });

  it("reads a typed °F back to °C and a stored °C back to what was typed", async () => {
    const u = await import("./units");
    expect(u.celsiusFromInput(158, "imperial")).toBe(70);
    expect(u.celsiusFromInput(35, "metric")).toBe(35);
    expect(u.celsiusDeltaFromInput(35, "imperial")).toBeCloseTo(19.444, 3);
    for (const f of [-40, 0, 32, 35, 50.5, 158]) {
      expect(u.temperatureInput(u.celsiusFromInput(f, "imperial"), "imperial")).toBe(String(f));
      expect(u.temperatureInput(u.celsiusDeltaFromInput(f, "imperial"), "imperial", "delta")).toBe(
        String(f),
      );
    }
    expect(u.temperatureInput(null, "imperial")).toBe("");
    expect(u.toTemperatureUnit(100, "imperial")).toBe(212);
    expect(u.toTemperatureDeltaUnit(100, "imperial")).toBe(180);
  });

  it("rewrites canonical notification text: readings, rates and differences", async () => {
    const { inReaderUnits } = await import("./units");
    const body = "Probe reads 21.5 °C, range 2 °C to 8 °C; cooling 2.0 °C/h; Δ 20.0 °C; 500 °C·h.";
    expect(inReaderUnits(body, "metric")).toBe(body);
    expect(inReaderUnits(body, "imperial")).toBe(
      "Probe reads 70.7 °F, range 35.6 °F to 46.4 °F; cooling 3.6 °F/h; Δ 36.0 °F; 500 °C·h.",
    );
    expect(inReaderUnits("at −5.0 °C", "imperial")).toBe("at 23.0 °F");
  });
});

import { describe, expect, it } from "vitest";
import { describeEvent, pushPolicyFor } from "./alert-events";
import {
  alertRuleSchema,
  DEFAULT_RULE,
  dispatchFor,
  EVENT_KINDS,
  isQuiet,
  localMinutes,
  ruleMatches,
  type RuleLike,
} from "./alert-rule-match";

const rule = (over: Partial<RuleLike> = {}): RuleLike => ({ ...DEFAULT_RULE, id: "r1", ...over });
const ev = { kind: "overspeed", imei: "354800100000001", groupIds: [7] };

describe("ruleMatches", () => {
  it("matches on kind, and on every vehicle when none or no group is named", () => {
    expect(ruleMatches(rule({ kinds: ["overspeed"] }), ev)).toBe(true);
    expect(ruleMatches(rule({ kinds: ["offline"] }), ev)).toBe(false);
  });
  it("matches a named vehicle or a vehicle in a named group, nothing else", () => {
    expect(ruleMatches(rule({ imeis: ["354800100000001"] }), ev)).toBe(true);
    expect(ruleMatches(rule({ imeis: ["354800100000002"] }), ev)).toBe(false);
    expect(ruleMatches(rule({ groupIds: [7] }), ev)).toBe(true);
    expect(ruleMatches(rule({ groupIds: [8] }), ev)).toBe(false);
    expect(ruleMatches(rule({ imeis: ["x"], groupIds: [7] }), ev)).toBe(true);
  });
  it("ignores a disabled rule", () => {
    expect(ruleMatches(rule({ enabled: false }), ev)).toBe(false);
  });
});

describe("thresholds", () => {
  it("an overspeed limit lets through only faster events; an event without a speed cannot pass it", () => {
    const limited = rule({ kinds: ["overspeed"], speedLimitKmh: 100 });
    expect(ruleMatches(limited, { ...ev, speed: 101 })).toBe(true);
    expect(ruleMatches(limited, { ...ev, speed: 100 })).toBe(false);
    expect(ruleMatches(limited, { ...ev, speed: null })).toBe(false);
    expect(ruleMatches(rule({ kinds: ["overspeed"] }), { ...ev, speed: 55 })).toBe(true);
  });
  it("an offline rule takes 'went offline' or 'silent N hours' for exactly its own N", () => {
    const off = { kind: "offline", imei: ev.imei, groupIds: [] };
    const atOnce = rule({ kinds: ["offline"] });
    const after4 = rule({ kinds: ["offline"], offlineHours: 4 });
    expect(ruleMatches(atOnce, off)).toBe(true);
    expect(ruleMatches(after4, off)).toBe(false);
    expect(ruleMatches(after4, { ...off, sustainedHours: 4 })).toBe(true);
    expect(ruleMatches(after4, { ...off, sustainedHours: 8 })).toBe(false);
    expect(ruleMatches(atOnce, { ...off, sustainedHours: 4 })).toBe(false);
    // The default rule (no rules at all) is told once, when the device goes offline.
    expect(dispatchFor([], { ...off, sustainedHours: 4 }, new Date()).channels.size).toBe(0);
  });
  it("the form takes blank as no threshold and refuses nonsense with a message", () => {
    const base = { name: "R", kinds: ["overspeed"], channels: ["inapp"] };
    const blank = alertRuleSchema.safeParse({ ...base, speedLimit: " ", offlineHours: "" });
    expect(blank.success && blank.data).toMatchObject({
      speedLimitKmh: undefined,
      offlineHours: undefined,
    });
    const ok = alertRuleSchema.safeParse({ ...base, speedLimit: "110", offlineHours: "24" });
    expect(ok.success && ok.data).toMatchObject({ speedLimitKmh: 110, offlineHours: 24 });
    const bad = alertRuleSchema.safeParse({ ...base, speedLimit: "fast", offlineHours: "0" });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      speedLimit: "Enter a speed",
      offlineHours: "At least 1 hour",
    });
  });
});

describe("overspeed threshold in the reader's unit", () => {
  const base = { name: "R", kinds: ["overspeed"], channels: ["inapp"] };
  it("is stored in km/h: 62 mph is 100 km/h, 100 km/h stays 100", () => {
    const mph = alertRuleSchema.safeParse({ ...base, speedLimit: "62", speedUnit: "imperial" });
    expect(mph.success && mph.data.speedLimitKmh).toBe(100);
    const kmh = alertRuleSchema.safeParse({ ...base, speedLimit: "100", speedUnit: "metric" });
    expect(kmh.success && kmh.data.speedLimitKmh).toBe(100);
  });
  it("checks the range in the unit typed, with the unit in the message", () => {
    const slow = alertRuleSchema.safeParse({ ...base, speedLimit: "5", speedUnit: "imperial" });
    expect(slow.success ? null : slow.error.issues[0]!.message).toBe("At least 6 mph");
    const fast = alertRuleSchema.safeParse({ ...base, speedLimit: "301" });
    expect(fast.success ? null : fast.error.issues[0]!.message).toBe("At most 300 km/h");
    // 150 mph is a fine limit; as km/h it would be too, but 190 mph is not.
    expect(
      alertRuleSchema.safeParse({ ...base, speedLimit: "150", speedUnit: "imperial" }).success,
    ).toBe(true);
    expect(
      alertRuleSchema.safeParse({ ...base, speedLimit: "190", speedUnit: "imperial" }).success,
    ).toBe(false);
  });
});

describe("quiet hours", () => {
  const at = (iso: string) => new Date(iso);
  it("holds within a same-day range, end exclusive", () => {
    const r = { quietStart: "09:00", quietEnd: "17:00", timeZone: "UTC" };
    expect(isQuiet(r, at("2026-03-02T08:59:00Z"))).toBe(false);
    expect(isQuiet(r, at("2026-03-02T09:00:00Z"))).toBe(true);
    expect(isQuiet(r, at("2026-03-02T16:59:00Z"))).toBe(true);
    expect(isQuiet(r, at("2026-03-02T17:00:00Z"))).toBe(false);
  });
  it("spans midnight when the start is after the end", () => {
    const r = { quietStart: "22:00", quietEnd: "06:00", timeZone: "UTC" };
    expect(isQuiet(r, at("2026-03-02T21:59:00Z"))).toBe(false);
    expect(isQuiet(r, at("2026-03-02T22:00:00Z"))).toBe(true);
    expect(isQuiet(r, at("2026-03-02T23:59:00Z"))).toBe(true);
    expect(isQuiet(r, at("2026-03-03T00:00:00Z"))).toBe(true);
    expect(isQuiet(r, at("2026-03-03T05:59:00Z"))).toBe(true);
    expect(isQuiet(r, at("2026-03-03T06:00:00Z"))).toBe(false);
    expect(isQuiet(r, at("2026-03-03T12:00:00Z"))).toBe(false);
  });
  it("uses the rule's time zone, including daylight saving", () => {
    // Brisbane is UTC+10 all year: 22:30 local is 12:30Z.
    const bne = { quietStart: "22:00", quietEnd: "06:00", timeZone: "Australia/Brisbane" };
    expect(isQuiet(bne, at("2026-03-02T12:30:00Z"))).toBe(true);
    expect(isQuiet(bne, at("2026-03-02T02:30:00Z"))).toBe(false);
    // Sydney: UTC+11 in January (DST), UTC+10 in July. 21:30Z is 08:30 (Jan) or 07:30 (Jul) next day.
    const syd = { quietStart: "07:00", quietEnd: "08:00", timeZone: "Australia/Sydney" };
    expect(isQuiet(syd, at("2026-01-15T21:30:00Z"))).toBe(false);
    expect(isQuiet(syd, at("2026-07-15T21:30:00Z"))).toBe(true);
    expect(localMinutes(at("2026-07-15T21:30:00Z"), "Australia/Sydney")).toBe(7 * 60 + 30);
  });
  it("is off with equal or missing times", () => {
    expect(
      isQuiet(
        { quietStart: "10:00", quietEnd: "10:00", timeZone: "UTC" },
        at("2026-03-02T10:00:00Z"),
      ),
    ).toBe(false);
    expect(
      isQuiet({ quietStart: null, quietEnd: null, timeZone: "UTC" }, at("2026-03-02T10:00:00Z")),
    ).toBe(false);
  });
});

describe("dispatchFor", () => {
  const noon = new Date("2026-03-02T12:00:00Z");
  it("gives a user without rules everything in the app and as push", () => {
    for (const kind of EVENT_KINDS)
      expect([...dispatchFor([], { ...ev, kind }, noon).channels].sort()).toEqual([
        "inapp",
        "push",
      ]);
  });
  it("unions the channels of matching rules only", () => {
    const d = dispatchFor(
      [
        rule({ id: "a", kinds: ["overspeed"], channels: ["inapp"] }),
        rule({ id: "b", kinds: ["overspeed"], channels: ["email"], email: "ops@example.com" }),
        rule({ id: "c", kinds: ["offline"], channels: ["push"] }),
      ],
      ev,
      noon,
    );
    expect([...d.channels].sort()).toEqual(["email", "inapp"]);
    expect([...d.emails.keys()]).toEqual(["ops@example.com"]);
  });
  it("silences push and email in quiet hours but keeps the feed and webhooks", () => {
    const d = dispatchFor(
      [
        rule({
          channels: ["inapp", "push", "email", "webhook"],
          email: "a@b.co",
          webhookUrl: "https://h.example/x",
          webhookSecret: "s".repeat(16),
          quietStart: "11:00",
          quietEnd: "13:00",
        }),
      ],
      ev,
      noon,
    );
    expect([...d.channels].sort()).toEqual(["inapp", "webhook"]);
    expect(d.webhooks).toEqual([
      { ruleId: "r1", url: "https://h.example/x", secret: "s".repeat(16) },
    ]);
  });
  it("a quiet rule does not silence another matching rule that is not quiet", () => {
    const d = dispatchFor(
      [
        rule({ id: "q", channels: ["push"], quietStart: "11:00", quietEnd: "13:00" }),
        rule({ id: "l", channels: ["push"] }),
      ],
      ev,
      noon,
    );
    expect([...d.channels]).toEqual(["push"]);
  });
  it("a user whose only rules do not match gets nothing (rules replace the default)", () => {
    expect(dispatchFor([rule({ kinds: ["offline"] })], ev, noon).channels.size).toBe(0);
  });
});

describe("the rule form", () => {
  it("accepts a full rule and repeated checkbox fields", () => {
    const r = alertRuleSchema.safeParse({
      name: " Night ",
      kinds: ["overspeed", "offline"],
      channels: "push",
      quietStart: "22:00",
      quietEnd: "06:00",
      timeZone: "Australia/Brisbane",
      enabled: "on",
    });
    expect(r.success && r.data).toMatchObject({
      name: "Night",
      kinds: ["overspeed", "offline"],
      channels: ["push"],
      imeis: [],
      enabled: true,
    });
  });
  it("names each missing piece", () => {
    const r = alertRuleSchema.safeParse({
      name: "",
      channels: ["email", "webhook"],
      quietStart: "22:00",
      timeZone: "Mars/Base",
    });
    expect(r.success).toBe(false);
    const fields = new Set(r.error!.issues.map((i) => i.path[0]));
    for (const f of [
      "name",
      "kinds",
      "email",
      "webhookUrl",
      "webhookSecret",
      "quietEnd",
      "timeZone",
    ])
      expect(fields).toContain(f);
  });
  it("refuses non-http webhooks", () => {
    const r = alertRuleSchema.safeParse({
      name: "x",
      kinds: ["overspeed"],
      channels: ["webhook"],
      webhookUrl: "file:///etc/passwd",
      webhookSecret: "s".repeat(16),
    });
    expect(r.success).toBe(false);
  });
});

describe("event text and push policy", () => {
  it("describes each kind with the vehicle's name and a link to it", () => {
    for (const kind of EVENT_KINDS) {
      const t = describeEvent(
        { id: "e", kind, imei: "354800100000001", time: "", details: { speed: 91, limit: 60 } },
        "Truck 1",
      );
      expect(t.title).toContain("Truck 1");
      expect(t.body.length).toBeGreaterThan(5);
      expect(t.link).toBe(
        kind === "sensor_out_of_range"
          ? "/dashboard/environment/354800100000001"
          : "/dashboard/vehicle-dashboard/354800100000001",
      );
    }
    expect(
      describeEvent(
        { id: "e", kind: "overspeed", imei: "1", time: "", details: { speed: 91, limit: 60 } },
        null,
      ).body,
    ).toBe("1 drove at 91 km/h in a 60 km/h zone.");
  });
  it("sensor alerts open the sensor's environment page and name the channel and bound", () => {
    const sensor = (kind: string, details: Record<string, unknown>) =>
      describeEvent({ id: "e", kind, imei: "8600", time: "", details }, "Cold room");
    const h = sensor("sensor_out_of_range", {
      source: "environment",
      channel: "humidity",
      value: 71.5,
      unit: "%",
      min: 30,
      max: 65,
    });
    expect(h).toEqual({
      title: "Sensor out of range: Cold room",
      body: "Cold room's humidity reads 71.5 %, outside its range of 30 to 65 %.",
      link: "/dashboard/environment/8600",
    });
    const t = sensor("temperature_out_of_range", { source: "environment", temperature: 9, max: 8 });
    expect(t.link).toBe("/dashboard/environment/8600");
    expect(sensor("temperature_out_of_range", { temperature: 9 }).link).toBe(
      "/dashboard/vehicle-dashboard/8600",
    );
    expect(
      sensor("sensor_out_of_range", { channel: "humidity", value: 12, unit: "%", min: 20 }).body,
    ).toBe("Cold room's humidity reads 12 %, below its minimum of 20 %.");
  });
  it("urgent kinds are high urgency with a short TTL; maintenance waits", () => {
    expect(pushPolicyFor("overspeed")).toEqual({ ttl: 3600, urgency: "high" });
    expect(pushPolicyFor("maintenance_due").urgency).toBe("low");
    expect(pushPolicyFor("unknown-kind").urgency).toBe("normal");
  });
});

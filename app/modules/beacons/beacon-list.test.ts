import { describe, expect, it } from "vitest";
import {
  beaconStatus,
  filterBeacons,
  normaliseUuid,
  parseSort,
  sortBeacons,
  type BeaconRow,
} from "./beacon-list";
import { parseForm } from "~/lib/parse-form";
import { beaconConfigSchema } from "./beacon-config";

/** The settings form as the action parses it: the value, or one message per field. */
function parseBeaconConfig(f: FormData) {
  const s = parseForm(f, beaconConfigSchema);
  if (s.status === "success") return { ok: true as const, value: s.value };
  const errors: Record<string, string> = {};
  for (const [k, m] of Object.entries(s.error ?? {})) if (m?.[0]) errors[k] = m[0];
  return { ok: false as const, errors };
}

const NOW = Date.parse("2026-03-04T02:00:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const row = (nickname: string, o: Partial<BeaconRow> = {}): BeaconRow => ({
  uuid: `${nickname}-uuid`,
  nickname,
  assetName: null,
  battery: 50,
  lastSeenAt: ago(60_000),
  lastGatewayName: "Van 01",
  status: "active",
  ...o,
});

describe("beaconStatus", () => {
  it("active within the hour, away within a day, lost after, never without a sighting", () => {
    expect(beaconStatus(ago(59 * 60_000), NOW)).toBe("active");
    expect(beaconStatus(ago(61 * 60_000), NOW)).toBe("away");
    expect(beaconStatus(ago(25 * 3_600_000), NOW)).toBe("lost");
    expect(beaconStatus(null, NOW)).toBe("never");
  });
});

describe("sortBeacons", () => {
  const rows = [
    row("beacon 10", { battery: 80, lastSeenAt: ago(5000), lastGatewayName: "ute 3" }),
    row("Beacon 2", { battery: null, lastSeenAt: null, lastGatewayName: null, status: "never" }),
    row("Beacon 1", {
      battery: 12,
      lastSeenAt: ago(90_000_000),
      lastGatewayName: "Bus 1",
      status: "lost",
    }),
  ];
  it("by name case-insensitively and numerically", () => {
    expect(sortBeacons(rows, "name", "asc").map((r) => r.nickname)).toEqual([
      "Beacon 1",
      "Beacon 2",
      "beacon 10",
    ]);
    expect(sortBeacons(rows, "name", "desc").map((r) => r.nickname)).toEqual([
      "beacon 10",
      "Beacon 2",
      "Beacon 1",
    ]);
  });
  it("unknown values last in both directions", () => {
    expect(sortBeacons(rows, "battery", "asc").map((r) => r.battery)).toEqual([12, 80, null]);
    expect(sortBeacons(rows, "battery", "desc").map((r) => r.battery)).toEqual([80, 12, null]);
    expect(sortBeacons(rows, "lastSeen", "desc").map((r) => r.nickname)).toEqual([
      "beacon 10",
      "Beacon 1",
      "Beacon 2",
    ]);
    expect(sortBeacons(rows, "gateway", "asc").map((r) => r.lastGatewayName)).toEqual([
      "Bus 1",
      "ute 3",
      null,
    ]);
  });
  it("by status in the order active, away, lost, never", () => {
    expect(sortBeacons(rows, "status", "asc").map((r) => r.status)).toEqual([
      "active",
      "lost",
      "never",
    ]);
  });
  it("parseSort falls back to name ascending", () => {
    expect(parseSort("evil", "sideways")).toEqual({ sort: "name", dir: "asc" });
    expect(parseSort("battery", "desc")).toEqual({ sort: "battery", dir: "desc" });
  });
});

describe("filterBeacons", () => {
  it("matches name, uuid, asset and gateway, case-insensitively", () => {
    const rows = [
      row("Alpha", { assetName: "Pallet jack 3" }),
      row("Beta", { lastGatewayName: "Truck 09" }),
    ];
    expect(filterBeacons(rows, "PALLET").map((r) => r.nickname)).toEqual(["Alpha"]);
    expect(filterBeacons(rows, "truck").map((r) => r.nickname)).toEqual(["Beta"]);
    expect(filterBeacons(rows, "beta-UUID").map((r) => r.nickname)).toEqual(["Beta"]);
    expect(filterBeacons(rows, "  ")).toHaveLength(2);
  });
});

describe("normaliseUuid", () => {
  it("accepts dashed hex in any case, refuses anything else", () => {
    expect(normaliseUuid(" 66B04957-76DD-4060-A038-DB983D0B22DB ")).toBe(
      "66b04957-76dd-4060-a038-db983d0b22db",
    );
    expect(normaliseUuid("66b0495776dd4060a038db983d0b22db")).toBeNull();
    expect(normaliseUuid("../../etc/passwd")).toBeNull();
  });
});

describe("beaconConfigSchema", () => {
  const form = (o: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries({
      uuid: "u",
      nickname: "Tag",
      assetName: "",
      txPower: "-8",
      advIntervalMs: "1000",
      ...o,
    }))
      f.set(k, v);
    return f;
  };
  it("accepts a valid form; an empty asset becomes null", () => {
    const r = parseBeaconConfig(form({}));
    expect(r.ok && r.value).toEqual({
      uuid: "u",
      nickname: "Tag",
      assetName: null,
      txPower: -8,
      advIntervalMs: 1000,
    });
  });
  it("gives a message per field", () => {
    const r = parseBeaconConfig(form({ nickname: " ", txPower: "7", advIntervalMs: "50.5" }));
    expect(r.ok).toBe(false);
    const e = r.ok ? {} : r.errors;
    expect(e.nickname).toBe("Enter a name.");
    expect(e.txPower).toMatch(/Transmit power is one of -20, -16, -12, -8, -4, 0, 4 dBm/);
    expect(e.advIntervalMs).toMatch(/between 100 and 10000/);
    const errorsOf = (f: FormData) => {
      const p = parseBeaconConfig(f);
      return p.ok ? {} : p.errors;
    };
    const missing = errorsOf(form({ advIntervalMs: "", txPower: "abc" }));
    expect(missing.advIntervalMs).toMatch(/between 100 and 10000/);
    expect(missing.txPower).toBeDefined();
    expect(errorsOf(form({ nickname: "x".repeat(65) })).nickname).toBe("At most 64 characters.");
    expect(errorsOf(form({ nickname: "" })).nickname).toBe("Enter a name.");
  });
});

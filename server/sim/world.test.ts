import { describe, expect, it } from "vitest";
import { ALL_DEVICE_TYPES, FEATURES, PERMISSIONS } from "./catalog";
import { buildWorld } from "./world";

const createdAt = Date.parse("2026-03-04T02:00:00Z");

describe("seeded world", () => {
  it("is the same for the same seed and differs for another seed", () => {
    const a = buildWorld({ seed: 7, devices: 50, createdAt });
    const b = buildWorld({ seed: 7, devices: 50, createdAt });
    const c = buildWorld({ seed: 8, devices: 50, createdAt });
    expect(JSON.stringify(a.devices)).toBe(JSON.stringify(b.devices));
    expect(JSON.stringify(a.users)).toBe(JSON.stringify(b.users));
    expect(JSON.stringify(a.devices)).not.toBe(JSON.stringify(c.devices));
  });

  it("has the special companies and an ordinary company with every feature on", () => {
    const w = buildWorld({ seed: 42, devices: 24, createdAt });
    expect([...w.companies.keys()]).toEqual(expect.arrayContaining([1, 2, 112, 129]));
    expect(w.companies.get(112)!.logo).toBeTruthy();
    const flags = (id: number) =>
      JSON.parse(w.appSettings.find((s) => s.companyid === id && s.type === 7)!.settings);
    expect(Object.values(flags(1)).every(Boolean)).toBe(true);
    expect(Object.keys(flags(1)).sort()).toEqual([...FEATURES].sort());
    expect(Object.values(flags(112)).filter((v) => v === false).length).toBeGreaterThanOrEqual(3);
  });

  it("gives company 1 a device of every type id of SPEC §9 with valid fields", () => {
    const w = buildWorld({ seed: 42, devices: 24, createdAt });
    const own = w.devicesByCompany.get(1)!;
    expect(new Set(own.map((d) => d.device_type_id))).toEqual(new Set(ALL_DEVICE_TYPES));
    for (const d of w.devices) {
      expect(d.imei).toMatch(/^\d{15}$/);
      expect(d.nickname).toBeTruthy();
      if (d.geofence_gps) expect(d.geofence_gps).toMatch(/^-?\d+\.\d+,-?\d+\.\d+$/);
      for (const id of d.tag_ids)
        expect(w.tags.find((t) => t.id === id)).toMatchObject({ type: 2, companyid: d.companyid });
      for (const id of d.group_ids)
        expect(w.groups.find((g) => g.id === id)!.companyid).toBe(d.companyid);
    }
  });

  it("has the documented users", () => {
    const w = buildWorld({ seed: 42, devices: 24, createdAt });
    const u = (name: string) => w.users.find((x) => x.username === name)!;
    expect(PERMISSIONS.every((p) => u("admin").permissions[p])).toBe(true);
    expect(u("tsadmin").tsadmin).toBe(true);
    expect(Object.values(u("driver").permissions).filter(Boolean).length).toBeLessThanOrEqual(3);
    // The app's own permissions for changes: the admin and demo have them, the driver none.
    for (const p of ["fleet_edit", "share_links", "reports_manage", "logbook_edit_all"]) {
      expect([u("admin").permissions[p], u("demo").permissions[p]]).toEqual([true, true]);
      expect([u("driver").permissions[p], u("tsadmin").permissions[p]]).toEqual([false, false]);
    }
    expect(u("demo").password).toBe("demo123");
    expect([u("admin112").companyid, u("admin129").companyid, u("other").companyid]).toEqual([
      112, 129, 2,
    ]);
  });

  it("generates 10,000 devices with unique imeis", () => {
    const w = buildWorld({ seed: 1, devices: 10_000, createdAt });
    expect(w.devicesByCompany.get(1)!.length).toBe(10_000);
    expect(new Set(w.devices.map((d) => d.imei)).size).toBe(w.devices.length);
  });
});

/**
 * Issue 22, ftc: product profiles and loads created and edited through the /dashboard/ftc action,
 * against PostgreSQL and the simulator: refused values answered next to the field with what was
 * typed kept (min above max, a negative allowance, an unknown unit, an end before the start),
 * limits typed in °F stored in °C and shown back in °F to an imperial reader, and a load on the
 * new profile judged like the seeded ones.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/dashboard.ftc._index";
import { useTestDatabase } from "../support/db";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";

let admin = "";

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  admin = await sessionCookie("admin", "admin123");
}, 60_000);

type Reply = {
  result?: { error?: Record<string, string[]>; initialValue?: Record<string, string> };
  message?: string | null;
};
type Page = {
  profiles: Array<{
    id: number;
    name: string;
    tiers: Array<{ min: number | null; max: number | null; allowance_s: number }>;
    startup_ignore_s: number;
    door_recovery_s: number | null;
    defrost_recovery_s: number | null;
  }>;
  profileValues: Record<string, string> | null;
  loadValues: Record<string, string> | null;
  devices: Array<{ imei: string; nickname: string }>;
  loads: Array<{ id: number; reference: string; profile: string; end: number | null }>;
};

const post = (fields: Record<string, string>) =>
  call(action, formPost("/dashboard/ftc", fields, { cookie: admin }));
const page = async (q = "") =>
  (await (await call(loader, get(`/dashboard/ftc${q}`, admin))).json()) as Page;

const profile = {
  intent: "save-profile",
  name: "Chilled salads",
  description: "Ready meals",
  unit: "F",
  t1min: "35.6",
  t1max: "46.4",
  t1allow: "30",
  t2min: "",
  t2max: "50",
  t2allow: "0",
  startup: "20",
  door: "10",
  defrost: "",
};

describe("ftc profiles and loads, edited", () => {
  it("refuses a bad profile next to each field and keeps what was typed", async () => {
    const res = await post({ ...profile, t1min: "50", t1allow: "-5", unit: "K", startup: "-1" });
    expect(res.status).toBe(400);
    const r = (await res.json()) as Reply;
    expect(r.result?.error?.t1min).toEqual(["The minimum must not be above the maximum"]);
    expect(r.result?.error?.t1allow).toEqual(["The allowance cannot be negative"]);
    expect(r.result?.error?.unit).toEqual(['Unknown unit "K": use °C or °F']);
    expect(r.result?.error?.startup).toEqual(["The start-up ignore time cannot be negative"]);
    expect(r.result?.initialValue?.t1min).toBe("50");
    expect(r.result?.initialValue?.name).toBe("Chilled salads");
    expect((await page()).profiles.some((p) => p.name === "Chilled salads")).toBe(false);
  });

  it("creates a profile typed in °F (stored in °C), edits it, and shows it in °F to imperial readers", async () => {
    expect((await post(profile)).status).toBe(302);
    const made = (await page()).profiles.find((p) => p.name === "Chilled salads")!;
    expect(made.tiers).toEqual([
      { label: "Tier 1", min: 2, max: 8, allowance_s: 1800 },
      { label: "Tier 2", min: null, max: 10, allowance_s: 0 },
    ]);
    expect(made.startup_ignore_s).toBe(1200);
    expect(made.door_recovery_s).toBe(600);
    expect(made.defrost_recovery_s).toBeNull();
    const edit = await page(`?profile=${made.id}&measurement=imperial`);
    expect(edit.profileValues).toMatchObject({
      unit: "F",
      t1min: "35.6",
      t1max: "46.4",
      t2max: "50",
    });
    const imperial = edit.profiles.find((p) => p.id === made.id)!;
    expect(imperial.tiers[0]).toMatchObject({ min: 35.6, max: 46.4 });
    expect(
      (
        await post({
          ...profile,
          id: String(made.id),
          unit: "C",
          t1min: "1",
          t1max: "7",
          defrost: "15",
        })
      ).status,
    ).toBe(302);
    const edited = (await page()).profiles.find((p) => p.id === made.id)!;
    expect(edited.tiers[0]).toMatchObject({ min: 1, max: 7 });
    expect(edited.defrost_recovery_s).toBe(900);
  });

  it("creates a load, refuses an end before its start, and edits it", async () => {
    const before = await page();
    const p = before.profiles.find((x) => x.name === "Chilled salads")!;
    const device = before.devices[0]!;
    const load = {
      intent: "save-load",
      imei: device.imei,
      profileId: String(p.id),
      product: "Salad trays, 12 crates",
      reference: "SL-1",
      start: "2026-01-10T08:00",
      end: "2026-01-10T07:00",
    };
    const bad = await post(load);
    expect(bad.status).toBe(400);
    const r = (await bad.json()) as Reply;
    expect(r.result?.error?.end).toEqual(["The end must be after the start"]);
    expect(r.result?.initialValue?.end).toBe("2026-01-10T07:00");
    expect((await post({ ...load, end: "2026-01-10T14:00" })).status).toBe(302);
    const made = (await page()).loads.find((l) => l.reference === "SL-1")!;
    expect(made.profile).toBe("Chilled salads");
    const edit = await page(`?load=${made.id}`);
    expect(edit.loadValues).toMatchObject({ start: "2026-01-10T08:00", end: "2026-01-10T14:00" });
    expect((await post({ ...load, id: String(made.id), reference: "SL-1b", end: "" })).status).toBe(
      302,
    );
    const edited = (await page()).loads.find((l) => l.id === made.id)!;
    expect(edited.reference).toBe("SL-1b");
    expect(edited.end).toBeNull();
  });
});

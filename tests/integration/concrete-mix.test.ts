/**
 * Issue 24, the mix side of concrete curing through the route loaders and actions, against
 * PostgreSQL and the simulator: suppliers, mix designs with calibration (fewer than 3 points is a
 * clear message with the typed values kept), evaporation limits and the calculator without
 * JavaScript, strength results and the pasted temperature log (a line out of order is named).
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as oldSupplierRoute from "~/routes/_shell.concrete.create-supplier";
import * as supplierRoute from "~/routes/dashboard.suppliers";
import * as newMixRoute from "~/routes/_shell.concrete.mix-design._index";
import * as mixRoute from "~/routes/_shell.concrete.mix-design.$id";
import * as mixesRoute from "~/routes/_shell.concrete.mix-designs";
import * as limitsRoute from "~/routes/_shell.concrete.evaporation-limits";
import * as limitRoute from "~/routes/_shell.concrete.evaporation-limit";
import * as inputRoute from "~/routes/_shell.concrete.maturity-input";
import * as inputsRoute from "~/routes/_shell.concrete.maturity-inputs";
import { listSuppliers, listMixDesigns } from "~/modules/concrete/mix-upstream.server";
import { upstream } from "~/services/api.server";
import { useTestDatabase } from "../support/db";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { upstreamAuth, useSimulator } from "../support/upstream";

let admin = "";
let other = "";
let token = "";

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  admin = await sessionCookie("admin", "admin123");
  other = await sessionCookie("other", "other123");
  token = (await upstreamAuth("admin", "admin123")).token;
}, 60_000);

type Json = Record<string, unknown>;
const body = async (res: Response) => (await res.json()) as Json;

const mixFields = (supplier: number, rows: Array<[number, number, number]>) => {
  const f: Record<string, string> = {
    intent: "create",
    supplier_id: String(supplier),
    name: "N40 integration",
    design_strength_mpa: "40",
    cement_type: "GP (general purpose)",
    supplementary_materials: "Fly ash 25 %",
    wc_ratio: "0.45",
    admixtures: "Water reducer, Retarder",
    slump_mm: "100",
    datum_c: "",
    q_k: "",
    basis: "maturity",
    curve: "best",
  };
  rows.forEach(([age, m, s], i) => {
    f[`cal_${i}_age`] = String(age);
    f[`cal_${i}_index`] = String(m);
    f[`cal_${i}_strength`] = String(s);
  });
  // A spare blank row, as the page always offers.
  f[`cal_${rows.length}_age`] = "";
  return f;
};

describe("suppliers and mix designs", () => {
  it("concrete suppliers are the supplier list's concrete kind: the old page redirects there", async () => {
    const old = await call(oldSupplierRoute.loader, get("/concrete/create-supplier", admin));
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe("/dashboard/suppliers?kind=concrete");
    const made = await call(
      supplierRoute.action,
      formPost(
        "/dashboard/suppliers",
        { intent: "create", name: "Integration Mix", kind: "concrete" },
        { cookie: admin },
      ),
    );
    expect(made.status).toBe(302);
    const mine = await listSuppliers(upstream(token));
    expect(mine.find((x) => x.name === "Integration Mix")?.kind).toBe("concrete");
    const dup = await call(
      supplierRoute.action,
      formPost(
        "/dashboard/suppliers",
        { intent: "create", name: "integration mix", kind: "concrete" },
        { cookie: admin },
      ),
    );
    expect(dup.status).toBe(400);
    expect((await body(dup)).message).toBe("A supplier named integration mix already exists");
  });

  it("creates a mix with T₀ −10 °C and Q 5000 K by default, lists its best curve, edits it", async () => {
    const supplier = (await listSuppliers(upstream(token)))[0]!.id;
    const res = await call(
      newMixRoute.action,
      formPost(
        "/concrete/mix-design",
        mixFields(supplier, [
          [24, 790, 11],
          [72, 2380, 22],
          [168, 5540, 30],
          [672, 22200, 41],
        ]),
        { cookie: admin },
      ),
    );
    expect(res.status).toBe(302);
    const id = Number(/\/concrete\/mix-design\/(\d+)/.exec(res.headers.get("location")!)![1]);
    const mix = (await listMixDesigns(upstream(token))).find((m) => m.id === id)!;
    expect(mix).toMatchObject({
      datum_c: -10,
      q_k: 5000,
      admixtures: ["Water reducer", "Retarder"],
    });
    expect(mix.calibration).toHaveLength(4);
    const list = await body(await call(mixesRoute.loader, get("/concrete/mix-designs", admin)));
    const row = (list.mixes as Json[]).find((m) => m.id === id)!;
    expect(row.curve).toMatchObject({ kind: expect.any(String) });
    expect((row.curve as Json).r2 as number).toBeGreaterThan(0.95);

    const edit = await call(
      mixRoute.action,
      formPost(
        `/concrete/mix-design/${id}`,
        {
          ...mixFields(supplier, [
            [24, 790, 11],
            [72, 2380, 22],
            [168, 5540, 30],
          ]),
          intent: "update",
          curve: "logarithmic",
          datum_c: "-5",
        },
        { cookie: admin },
      ),
      { params: { id: String(id) } },
    );
    expect(edit.status).toBe(302);
    const page = await body(
      await call(mixRoute.loader, get(`/concrete/mix-design/${id}`, admin), {
        params: { id: String(id) },
      }),
    );
    expect(page.mix).toMatchObject({ curve: "logarithmic", datum_c: -5 });
  });

  it("fewer than 3 calibration points: a clear message, every typed value kept, nothing saved", async () => {
    const supplier = (await listSuppliers(upstream(token)))[0]!.id;
    const before = (await listMixDesigns(upstream(token))).length;
    const fields = {
      ...mixFields(supplier, [
        [24, 790, 11],
        [72, 2380, 22],
      ]),
      name: "Two points",
    };
    const res = await call(
      newMixRoute.action,
      formPost("/concrete/mix-design", fields, { cookie: admin }),
    );
    expect(res.status).toBe(400);
    const b = await body(res);
    expect((b.errors as Json).calibration).toMatch(/^A calibration needs at least 3 points/);
    expect(b.values).toMatchObject({
      name: "Two points",
      cal_1_index: "2380",
      cal_1_strength: "22",
    });
    expect((await listMixDesigns(upstream(token))).length).toBe(before);
  });

  it("a half-filled row is named; a supplier with mix designs is not deleted", async () => {
    const supplier = (await listSuppliers(upstream(token))).find((s) => s.mix_designs > 0)!.id;
    const fields = mixFields(supplier, [
      [24, 790, 11],
      [72, 2380, 22],
      [168, 5540, 30],
    ]);
    fields.cal_1_strength = "";
    const res = await call(
      newMixRoute.action,
      formPost("/concrete/mix-design", fields, { cookie: admin }),
    );
    expect(((await body(res)).errors as Json).cal_1).toMatch(/^Row 2:/);
    const del = await call(
      supplierRoute.action,
      formPost(
        "/dashboard/suppliers",
        { intent: "delete", id: String(supplier), confirm: "yes" },
        { cookie: admin },
      ),
    );
    expect(del.status).toBe(409);
    expect(((await body(del)).refused as Json).message).toMatch(/supplies \d+ mix designs?/);
  });

  it("another company's mix design is a 404", async () => {
    const theirs = (
      await listMixDesigns(upstream((await upstreamAuth("other", "other123")).token))
    )[0]!.id;
    const res = await call(mixRoute.loader, get(`/concrete/mix-design/${theirs}`, admin), {
      params: { id: String(theirs) },
    });
    expect(res.status).toBe(404);
    const own = await call(mixRoute.loader, get(`/concrete/mix-design/${theirs}`, other), {
      params: { id: String(theirs) },
    });
    expect(own.status).toBe(200);
  });
});

describe("evaporation limits and the calculator", () => {
  it("a new low-bleed limit defaults to 0.5 kg/m²/h; an ordinary one to 1.0", async () => {
    for (const [low, expected] of [
      ["on", 0.5],
      ["", 1],
    ] as const) {
      const res = await call(
        limitRoute.action,
        formPost(
          "/concrete/evaporation-limit",
          { intent: "create", name: `Limit ${expected}`, low_bleed: low },
          { cookie: admin },
        ),
      );
      expect(res.status).toBe(302);
    }
    const page = await body(
      await call(limitsRoute.loader, get("/concrete/evaporation-limits", admin)),
    );
    const limits = page.limits as Array<{ name: string; threshold_kg_m2_h: number }>;
    expect(limits.find((l) => l.name === "Limit 0.5")!.threshold_kg_m2_h).toBe(0.5);
    expect(limits.find((l) => l.name === "Limit 1")!.threshold_kg_m2_h).toBe(1);
  });

  it("calculates without JavaScript: the posted values come back for the page to show", async () => {
    const res = await call(
      limitsRoute.action,
      formPost(
        "/concrete/evaporation-limits",
        {
          intent: "calculate",
          air: "20",
          concrete: "20",
          humidity: "70",
          wind: "10",
          unit: "C",
          speed_unit: "km/h",
        },
        { cookie: admin },
      ),
    );
    expect(res.status).toBe(200);
    expect(((await body(res)).calc as Json).values).toMatchObject({ air: "20", wind: "10" });
    const bad = await call(
      limitsRoute.action,
      formPost(
        "/concrete/evaporation-limits",
        { intent: "calculate", air: "20", concrete: "", humidity: "170", wind: "10" },
        { cookie: admin },
      ),
    );
    expect(bad.status).toBe(400);
    expect(((await body(bad)).calc as Json).errors).toMatchObject({
      concrete: "Enter the concrete temperature",
      humidity: "Enter the relative humidity, 0 to 100 %",
    });
  });
});

describe("maturity inputs", () => {
  it("records a break against a mix design and lists it", async () => {
    const mix = (await listMixDesigns(upstream(token)))[0]!;
    const res = await call(
      inputRoute.action,
      formPost(
        "/concrete/maturity-input",
        {
          intent: "create",
          specimen: "core",
          label: "Core INT-1",
          mix_design_id: String(mix.id),
          tested_at: "2026-11-21T09:30",
          age_h: "72",
          strength_mpa: "18.5",
        },
        { cookie: admin },
      ),
    );
    expect(res.status).toBe(302);
    const page = await body(
      await call(inputsRoute.loader, get("/concrete/maturity-inputs", admin)),
    );
    const row = (page.inputs as Json[]).find((i) => i.label === "Core INT-1")!;
    expect(row).toMatchObject({ specimen: "core", mix: mix.name, strength_mpa: 18.5 });
    const none = await call(
      inputRoute.action,
      formPost(
        "/concrete/maturity-input",
        {
          intent: "create",
          specimen: "cylinder",
          tested_at: "2026-11-21T09:30",
          age_h: "72",
          strength_mpa: "18",
        },
        { cookie: admin },
      ),
    );
    expect(none.status).toBe(400);
    expect(((await body(none)).errors as Json).mix_design_id).toMatch(/mix design or a pour/);
  });

  it("the pasted log: maturity by POST; a line out of order is named and the text kept", async () => {
    const log = "time, °C\n0, 10\n2, 5\n4, 0\n6, -5\n8, -12\n10, -14";
    const ok = await call(
      inputRoute.action,
      formPost(
        "/concrete/maturity-input",
        { intent: "calculate", log, datum_c: "-10", q_k: "5000" },
        { cookie: admin },
      ),
    );
    expect(ok.status).toBe(200);
    const bad = "0, 20\n1, 21\n0.5, 22";
    const res = await call(
      inputRoute.action,
      formPost(
        "/concrete/maturity-input",
        { intent: "calculate", log: bad, datum_c: "-10", q_k: "5000" },
        { cookie: admin },
      ),
    );
    expect(res.status).toBe(400);
    expect(((await body(res)).values as Json).log).toBe(bad);
  });
});

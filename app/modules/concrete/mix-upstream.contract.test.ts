/** Contract test of the concrete mix calls: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
import { fitCurves, type CalibrationPoint } from "./curing";
import {
  evaporationLimitsApi,
  getMixDesign,
  listEvaporationLimits,
  listMaturityInputs,
  listMixDesigns,
  listSuppliers,
  maturityInputsApi,
  mixDesignsApi,
  type MixDesignInput,
} from "./mix-upstream.server";
import { createSupplier, deleteSupplier } from "~/modules/operations/index.server";

const up = useContractSimulator();
const admin = () => up.signIn("admin", "admin123");
const other = () => up.signIn("other", "other123");

const mix = (supplier_id: number): MixDesignInput => ({
  supplier_id,
  name: "N40 contract test",
  design_strength_mpa: 40,
  cement_type: "GP",
  supplementary_materials: "Fly ash 25 %",
  wc_ratio: 0.45,
  admixtures: ["Water reducer"],
  slump_mm: 100,
  low_bleed: false,
  basis: "maturity",
  calibration: [
    { age_h: 24, maturity: 790, equivalent_age: null, strength_mpa: 11 },
    { age_h: 72, maturity: 2380, equivalent_age: null, strength_mpa: 22 },
    { age_h: 168, maturity: 5540, equivalent_age: null, strength_mpa: 30 },
  ],
});

describe("concrete suppliers and mix designs", () => {
  it("seeds company 1 with 2 ready-mix suppliers and 3 calibrated mix designs, one a low-bleed mass mix", async () => {
    const api = await admin();
    // The suppliers are the shared list's concrete kind (operations, issue 26).
    const suppliers = (await listSuppliers(api)).filter((s) => s.mix_designs > 0);
    expect(suppliers.map((s) => s.name)).toEqual(["Brisbane Ready Mix", "Moreton Bay Concrete"]);
    expect(suppliers.every((s) => s.kind === "concrete")).toBe(true);
    const mixes = await listMixDesigns(api);
    expect(mixes).toHaveLength(3);
    for (const m of mixes) {
      expect(m.calibration.length).toBeGreaterThanOrEqual(4);
      const pts: CalibrationPoint[] = m.calibration.map((p) => ({
        x: (m.basis === "maturity" ? p.maturity : p.equivalent_age)!,
        s: p.strength_mpa,
      }));
      // Seeded calibrations are realistic: every form fits them well.
      const fits = fitCurves(pts);
      expect(fits.best).not.toBeNull();
      expect(fits.fits[fits.best!]!.r2).toBeGreaterThan(0.97);
    }
    const mass = mixes.find((m) => m.low_bleed)!;
    expect(mass).toMatchObject({
      basis: "equivalent_age",
      supplementary_materials: expect.stringMatching(/Slag/),
    });
    expect(mixes.map((m) => m.name)).toEqual(
      [...mixes.map((m) => m.name)].sort((a, b) => a.localeCompare(b)),
    );
    expect((await listMixDesigns(api, { supplier_id: suppliers[0]!.id })).length).toBeGreaterThan(
      0,
    );
  });

  it("creates a supplier and a mix design with T₀ −10 °C and Q 5000 K by default; edits; deletes", async () => {
    const api = await admin();
    const s = await createSupplier(api, {
      name: "Contract Concrete",
      kind: "concrete",
      contacts: [{ name: "", phone: "", email: "a@b.example" }],
      tax_id: "",
      address: "",
      notes: "",
    });
    expect((await listSuppliers(api)).map((x) => x.id)).toContain(s.id);
    const m = await mixDesignsApi.create(api, mix(s.id));
    expect(m).toMatchObject({ datum_c: -10, q_k: 5000, curve: "best", supplier_id: s.id });
    expect(await getMixDesign(api, m.id)).toEqual(m);
    const edited = await mixDesignsApi.update(api, m.id, {
      ...mix(s.id),
      datum_c: -5,
      q_k: 4500,
      curve: "hyperbolic",
    });
    expect(edited).toMatchObject({ datum_c: -5, q_k: 4500, curve: "hyperbolic" });
    // A supplier with mix designs stays.
    expect((await rejection(deleteSupplier(api, s.id))).status).toBe(409);
    await mixDesignsApi.remove(api, m.id);
    await deleteSupplier(api, s.id);
    expect((await listSuppliers(api)).map((x) => x.id)).not.toContain(s.id);
  });

  it("refuses a calibration of 1 or 2 points, a point without its index, bad numbers", async () => {
    const api = await admin();
    const sid = (await listSuppliers(api))[0]!.id;
    const two = { ...mix(sid), calibration: mix(sid).calibration.slice(0, 2) };
    const e = await rejection(mixDesignsApi.create(api, two));
    expect([e.status, e.message]).toEqual([400, "A calibration needs at least 3 points"]);
    const noIndex = { ...mix(sid), basis: "equivalent_age" as const };
    expect((await rejection(mixDesignsApi.create(api, noIndex))).status).toBe(400);
    expect((await rejection(mixDesignsApi.create(api, { ...mix(sid), wc_ratio: 3 }))).status).toBe(
      400,
    );
    // No calibration yet is allowed (a new mix is calibrated later).
    const blank = await mixDesignsApi.create(api, { ...mix(sid), calibration: [] });
    await mixDesignsApi.remove(api, blank.id);
  });

  it("keeps tenants apart: another company's ids are 404 in the path and in bodies", async () => {
    const api = await admin();
    const theirs = await other();
    const [theirSupplier] = await listSuppliers(theirs);
    const [theirMix] = await listMixDesigns(theirs);
    expect((await listSuppliers(theirs)).length).toBe(1);
    expect((await rejection(getMixDesign(api, theirMix!.id))).status).toBe(404);
    expect(
      (await rejection(mixDesignsApi.update(api, theirMix!.id, mix(theirSupplier!.id)))).status,
    ).toBe(404);
    expect((await rejection(mixDesignsApi.remove(api, theirMix!.id))).status).toBe(404);
    expect((await rejection(deleteSupplier(api, theirSupplier!.id))).status).toBe(404);
    // My mix design naming their supplier.
    expect((await rejection(mixDesignsApi.create(api, mix(theirSupplier!.id)))).status).toBe(404);
    const [theirLimit] = await listEvaporationLimits(theirs);
    expect((await rejection(evaporationLimitsApi.get(api, theirLimit!.id))).status).toBe(404);
    const [theirInput] = await listMaturityInputs(theirs);
    expect((await rejection(maturityInputsApi.remove(api, theirInput!.id))).status).toBe(404);
  });
});

describe("evaporation limits", () => {
  it("seeds 1.0 and a low-bleed 0.5 kg/m²/h; a new limit defaults by its kind", async () => {
    const api = await admin();
    const limits = await listEvaporationLimits(api);
    expect(limits.map((l) => [l.threshold_kg_m2_h, l.low_bleed]).sort()).toEqual([
      [0.5, true],
      [1, false],
    ]);
    const plain = await evaporationLimitsApi.create(api, {
      name: "Plain",
      low_bleed: false,
      notes: "",
    });
    const low = await evaporationLimitsApi.create(api, { name: "Low", low_bleed: true, notes: "" });
    expect([plain.threshold_kg_m2_h, low.threshold_kg_m2_h]).toEqual([1, 0.5]);
    const edited = await evaporationLimitsApi.update(api, low.id, {
      name: "Low",
      low_bleed: true,
      notes: "",
      threshold_kg_m2_h: 0.4,
    });
    expect(edited.threshold_kg_m2_h).toBe(0.4);
    expect(
      (
        await rejection(
          evaporationLimitsApi.update(api, low.id, { ...edited, threshold_kg_m2_h: 0 }),
        )
      ).status,
    ).toBe(400);
    await evaporationLimitsApi.remove(api, plain.id);
    await evaporationLimitsApi.remove(api, low.id);
  });
});

describe("maturity inputs (strength results)", () => {
  it("records breaks against a mix design or a pour, newest first, filtered by mix design", async () => {
    const api = await admin();
    const mixes = await listMixDesigns(api);
    const made = await maturityInputsApi.create(api, {
      specimen: "core",
      label: "Core K9",
      mix_design_id: mixes[0]!.id,
      pour_id: null,
      tested_at: "2026-11-20T10:00:00Z",
      age_h: 96,
      strength_mpa: 21.5,
      maturity_index: 3100,
      notes: "",
    });
    expect(made.tested_at).toBe("2026-11-20T10:00:00.000Z");
    const all = await listMaturityInputs(api);
    expect(all[0]!.id).toBe(made.id);
    expect(
      (await listMaturityInputs(api, { mix_design_id: mixes[0]!.id })).every(
        (i) => i.mix_design_id === mixes[0]!.id,
      ),
    ).toBe(true);
    // A mix design with results cannot be deleted.
    expect((await rejection(mixDesignsApi.remove(api, mixes[0]!.id))).status).toBe(409);
    // Neither a mix nor a pour; a bad specimen; a foreign mix.
    expect(
      (await rejection(maturityInputsApi.create(api, { ...made, mix_design_id: null }))).status,
    ).toBe(400);
    expect(
      (await rejection(maturityInputsApi.create(api, { ...made, specimen: "cube" as "core" })))
        .status,
    ).toBe(400);
    const theirMix = (await listMixDesigns(await other()))[0]!;
    expect(
      (await rejection(maturityInputsApi.create(api, { ...made, mix_design_id: theirMix.id })))
        .status,
    ).toBe(404);
    await maturityInputsApi.remove(api, made.id);
  });
});

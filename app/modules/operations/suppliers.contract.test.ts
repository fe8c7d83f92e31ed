/** Contract test of the supplier and hire contract calls: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
import { documentRoundTrip } from "../../../tests/support/document-contract";
import {
  createHireContract,
  createSupplier,
  deleteHireContract,
  deleteSupplier,
  deleteSupplierDocument,
  listSupplierDocuments,
  supplierDocumentContent,
  uploadSupplierDocument,
  getHireContract,
  listHireContracts,
  listSuppliers,
  updateHireContract,
  updateSupplier,
} from "./suppliers-upstream.server";

const up = useContractSimulator();
const admin = () => up.signIn("admin", "admin123");
const other = () => up.signIn("other", "other123");
const documentCalls = {
  upload: uploadSupplierDocument,
  list: listSupplierDocuments,
  content: supplierDocumentContent,
  remove: deleteSupplierDocument,
};
const blank = { contacts: [], tax_id: "", address: "", notes: "" };

describe("/suppliers", () => {
  it("lists the company's suppliers by name, filters by kind, and validates on write", async () => {
    const api = await admin();
    const all = await listSuppliers(api);
    expect(all.map((s) => s.name)).toEqual([...all.map((s) => s.name)].sort());
    expect(all.some((s) => s.name === "Northern Plant")).toBe(false);
    expect((await listSuppliers(api, "concrete")).every((s) => s.kind === "concrete")).toBe(true);
    const made = await createSupplier(api, {
      ...blank,
      name: "Contract Hire Co",
      kind: "plant_hire",
      tax_id: "51 824 753 556",
      contacts: [{ name: "Al", phone: "", email: "al@hire.example" }],
    });
    expect(made).toMatchObject({ name: "Contract Hire Co", contracts: 0 });
    const bad = await rejection(
      createSupplier(api, { ...blank, name: "Bad ABN", kind: "parts", tax_id: "51 824 753 557" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.message).toContain("not a valid ABN");
    const dup = await rejection(
      createSupplier(api, { ...blank, name: "contract hire co", kind: "parts" }),
    );
    expect(dup.status).toBe(409);
    const renamed = await updateSupplier(api, made.id, {
      ...blank,
      name: "Renamed Hire",
      kind: "services",
    });
    expect(renamed.kind).toBe("services");
    await deleteSupplier(api, made.id);
    expect((await listSuppliers(api)).some((s) => s.id === made.id)).toBe(false);
  });

  it("a supplier a contract names is refused deletion (409); another company's is a 404", async () => {
    const api = await admin();
    const used = (await listSuppliers(api)).find((s) => s.contracts > 0)!;
    const refused = await rejection(deleteSupplier(api, used.id));
    expect(refused.status).toBe(409);
    expect(refused.message).toContain(`${used.name} is the supplier of`);
    const theirs = (await listSuppliers(await other()))[0]!;
    expect((await rejection(deleteSupplier(api, theirs.id))).status).toBe(404);
    expect(
      (await rejection(updateSupplier(api, theirs.id, { ...blank, name: "X", kind: "parts" })))
        .status,
    ).toBe(404);
  });
});

describe("concrete's suppliers in the one list", () => {
  it("serves them as kind=concrete with their mix designs counted; one with mix designs stays (409)", async () => {
    const api = await admin();
    const concrete = await listSuppliers(api, "concrete");
    expect(concrete.map((s) => s.name)).toEqual(
      expect.arrayContaining(["Brisbane Ready Mix", "Moreton Bay Concrete"]),
    );
    const used = concrete.find((s) => s.mix_designs > 0)!;
    const refused = await rejection(deleteSupplier(api, used.id));
    expect(refused.status).toBe(409);
    expect(refused.message).toContain("mix design");
  });
});

describe("/suppliers/documents", () => {
  it("uploads, lists, reads back and deletes a document; refuses other types; foreign ids are 404s", async () => {
    const api = await admin();
    const s = (await listSuppliers(api, "plant_hire"))[0]!;
    const doc = await documentRoundTrip(documentCalls, {
      api,
      other: await other(),
      mine: s.id,
      theirs: (await listSuppliers(await other()))[0]!.id,
      name: "insurance.pdf",
      text: "%PDF-1.4 contract",
      afterUpload: async () =>
        expect((await listSuppliers(api)).find((x) => x.id === s.id)!.documents).toBeGreaterThan(0),
    });
    expect(doc.supplier_id).toBe(s.id);
  });
});

describe("/planthire/contracts", () => {
  it("creates, reads, updates and deletes a contract with its usage; foreign references are 404s", async () => {
    const api = await admin();
    const seeded = await listHireContracts(api);
    expect(seeded.length).toBeGreaterThan(1);
    expect(seeded.every((c) => c.usage.idle_hours >= 0)).toBe(true);
    const supplier = (await listSuppliers(api, "plant_hire"))[0]!;
    const imei = up.sim.world.devicesByCompany.get(1)![20]!.imei;
    const input = {
      direction: "in" as const,
      imei,
      supplier_id: supplier.id,
      customer: "",
      on_hire: new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10),
      off_hire: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
      rate: 300,
      rate_unit: "day" as const,
      minimum_charge: 600,
      notes: "",
      jobsite_id: null,
    };
    const made = await createHireContract(api, input);
    expect(made.usage.engine_hours).toBeGreaterThan(0);
    expect(made.usage.ignition_hours).toBeGreaterThanOrEqual(made.usage.engine_hours!);
    expect((await getHireContract(api, made.id)).imei).toBe(imei);
    const back = await rejection(createHireContract(api, { ...input, off_hire: "2000-01-01" }));
    expect(back.status).toBe(400);
    const foreignImei = up.sim.world.devicesByCompany.get(2)![0]!.imei;
    expect((await rejection(createHireContract(api, { ...input, imei: foreignImei }))).status).toBe(
      404,
    );
    const theirSupplier = (await listSuppliers(await other()))[0]!;
    expect(
      (await rejection(createHireContract(api, { ...input, supplier_id: theirSupplier.id })))
        .status,
    ).toBe(404);
    const out = await updateHireContract(api, made.id, {
      ...input,
      direction: "out",
      supplier_id: null,
      customer: "Acme Civil",
    });
    expect(out).toMatchObject({ direction: "out", supplier_id: null, customer: "Acme Civil" });
    expect((await updateHireContract(api, made.id, { ...input, jobsite_id: 101 })).jobsite_id).toBe(
      101,
    );
    expect(
      (await rejection(updateHireContract(api, made.id, { ...input, jobsite_id: 999_999 }))).status,
    ).toBe(404);
    const theirs = (await listHireContracts(await other()))[0]!;
    expect((await rejection(getHireContract(api, theirs.id))).status).toBe(404);
    expect((await rejection(deleteHireContract(api, theirs.id))).status).toBe(404);
    await deleteHireContract(api, made.id);
    expect((await rejection(getHireContract(api, made.id))).status).toBe(404);
  });
});

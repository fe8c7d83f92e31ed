import { listHireContracts, listSuppliers } from "~/modules/operations/suppliers-upstream.server";
import { defineSweep, type SweepCase } from "./kit";

/** Operations: company 2's suppliers and hire contracts, opened, changed or deleted by company 1. */
export default defineSweep({
  seed: async ({ upB }) => ({
    supplierB: (await listSuppliers(upB))[0]!.id,
    contractB: (await listHireContracts(upB))[0]!.id,
  }),
  cases: ({ supplierB, contractB }) => [
    {
      file: "dashboard.suppliers.tsx",
      method: "GET",
      url: `/dashboard/suppliers?edit=${supplierB}`,
    },
    ...["update", "delete"].map((intent): SweepCase => ({
      file: "dashboard.suppliers.tsx",
      method: "POST",
      url: "/dashboard/suppliers",
      body: { intent, id: String(supplierB), name: "Mine", kind: "parts", confirm: "yes" },
    })),
    {
      file: "dashboard.plant-hire.$id.tsx",
      method: "GET",
      url: `/dashboard/plant-hire/${contractB}`,
    },
    ...["update", "delete"].map((intent): SweepCase => ({
      file: "dashboard.plant-hire.$id.tsx",
      method: "POST",
      url: `/dashboard/plant-hire/${contractB}`,
      body: {
        intent,
        confirm: "yes",
        direction: "out",
        imei: "1",
        customer: "Me",
        on_hire: "2026-01-01",
        off_hire: "2026-01-02",
        rate: "1",
        rate_unit: "day",
      },
    })),
    {
      file: "dashboard.plant-hire._index.tsx",
      method: "POST",
      url: "/dashboard/plant-hire",
      body: {
        intent: "create",
        direction: "in",
        supplier_id: String(supplierB),
        imei: "1",
        on_hire: "2026-01-01",
        off_hire: "2026-01-02",
        rate: "1",
        rate_unit: "day",
      },
    },
  ],
  own: ({ supplierB, contractB }) => [
    `/dashboard/suppliers?edit=${supplierB}`,
    `/dashboard/plant-hire/${contractB}`,
  ],
  snapshot: async ({ upB }) => [
    await listSuppliers(upB),
    (await listHireContracts(upB)).map(({ usage: _u, ...c }) => c),
  ], // usage moves with the clock,
});

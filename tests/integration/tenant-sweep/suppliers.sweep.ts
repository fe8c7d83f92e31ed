import { listSuppliers } from "~/modules/operations/suppliers-upstream.server";
import { defineSweep, type SweepCase } from "./kit";

/** Operations: company 2's suppliers, opened for editing, changed or deleted by company 1. */
export default defineSweep({
  seed: async ({ upB }) => ({ supplierB: (await listSuppliers(upB))[0]!.id }),
  cases: ({ supplierB }) => [
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
  ],
  own: ({ supplierB }) => [`/dashboard/suppliers?edit=${supplierB}`],
  snapshot: async ({ upB }) => listSuppliers(upB),
});

import { listAdminJobsites } from "~/modules/admin/jobsites-upstream.server";
import {
  listHireContracts,
  listSupplierDocuments,
  listSuppliers,
  uploadSupplierDocument,
} from "~/modules/operations/suppliers-upstream.server";
import { defineSweep, type SweepCase } from "./kit";

const pdf = () =>
  new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode("%PDF-1.4 theirs"));
      c.close();
    },
  });

/**
 * Operations: company 2's suppliers, their documents and hire contracts (and jobsites named on a
 * contract), opened, changed or deleted by company 1.
 */
export default defineSweep({
  seed: async ({ upA, upB }) => {
    const supplierB = (await listSuppliers(upB))[0]!.id;
    const doc = await uploadSupplierDocument(
      upB,
      supplierB,
      { name: "their-insurance.pdf", type: "application/pdf" },
      pdf(),
    );
    return {
      supplierA: (await listSuppliers(upA))[0]!.id,
      supplierB,
      docB: doc.id,
      contractB: (await listHireContracts(upB))[0]!.id,
      jobsiteB: (await listAdminJobsites(upB))[0]!.id,
    };
  },
  cases: ({ supplierA, supplierB, docB, contractB, jobsiteB }): SweepCase[] => [
    {
      file: "dashboard.suppliers_.$id.documents.ts",
      method: "POST",
      url: `/dashboard/suppliers/${supplierB}/documents`,
      body: { document: "x" },
    },
    {
      file: "dashboard.suppliers_.$id.documents.ts",
      method: "GET",
      url: `/dashboard/suppliers/${supplierB}/documents`,
    },
    {
      file: "dashboard.suppliers_.$id.documents.$doc.ts",
      method: "GET",
      url: `/dashboard/suppliers/${supplierB}/documents/${docB}`,
    },
    {
      file: "dashboard.suppliers_.$id.documents.$doc.ts",
      method: "GET",
      url: `/dashboard/suppliers/${supplierA}/documents/${docB}`,
    },
    ...[String(supplierA), String(supplierB)].map((id): SweepCase => ({
      file: "dashboard.suppliers.tsx",
      method: "POST",
      url: "/dashboard/suppliers",
      body: { intent: "delete-document", id, document: String(docB), confirm: "yes" },
    })),
    {
      file: "dashboard.plant-hire_.report.$format.ts",
      method: "GET",
      url: "/dashboard/plant-hire/report/bogus",
    },
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
    {
      file: "dashboard.plant-hire._index.tsx",
      method: "POST",
      url: "/dashboard/plant-hire",
      body: {
        intent: "create",
        direction: "out",
        customer: "Me",
        jobsite_id: String(jobsiteB),
        imei: "1",
        on_hire: "2026-01-01",
        off_hire: "2026-01-02",
        rate: "1",
        rate_unit: "day",
      },
    },
  ],
  own: ({ supplierB, contractB, docB }) => [
    `/dashboard/suppliers?edit=${supplierB}`,
    `/dashboard/plant-hire/${contractB}`,
    `/dashboard/suppliers/${supplierB}/documents/${docB}`,
  ],
  snapshot: async ({ upB }, { supplierB }) => [
    await listSuppliers(upB),
    await listSupplierDocuments(upB, supplierB),
    (await listHireContracts(upB)).map(({ usage: _u, ...c }) => c),
  ], // usage moves with the clock,
  secrets: () => ["their-insurance.pdf", "%PDF-1.4 theirs"],
});

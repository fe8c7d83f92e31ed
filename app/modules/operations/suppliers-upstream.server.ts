/**
 * Supplier and plant hire calls (designed; the simulator serves them in
 * server/sim/api-suppliers.ts and supplier-documents.ts). One supplier list for every kind:
 * concrete (issue 24) reads `listSuppliers(up, "concrete")` and its mix designs name these ids.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";
import { getStream, postStream } from "~/services/upstream/streams.server";
import { SUPPLIER_KINDS } from "./supplier-form";

const contactSchema = z.object({ name: z.string(), phone: z.string(), email: z.string() });

export const supplierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(SUPPLIER_KINDS),
  contacts: z.array(contactSchema),
  tax_id: z.string(),
  address: z.string(),
  notes: z.string(),
  /** Hire contracts and concrete mix designs that name it (it cannot be deleted while any do). */
  contracts: z.number().int().nonnegative(),
  mix_designs: z.number().int().nonnegative().default(0),
  documents: z.number().int().nonnegative().default(0),
});
export type Supplier = z.infer<typeof supplierSchema>;
export type SupplierInput = Omit<Supplier, "id" | "contracts" | "mix_designs" | "documents">;

export const supplierDocumentSchema = z.object({
  id: z.number().int(),
  supplier_id: z.number().int(),
  name: z.string(),
  content_type: z.enum(["application/pdf", "image/jpeg", "image/png"]),
  size: z.number().int().nonnegative(),
  uploaded_at: z.string(),
});
export type SupplierDocument = z.infer<typeof supplierDocumentSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const hireContractSchema = z.object({
  id: z.number().int(),
  direction: z.enum(["in", "out"]),
  imei: z.string(),
  supplier_id: z.number().int().nullable(),
  customer: z.string(),
  on_hire: day,
  off_hire: day,
  rate: z.number().nonnegative(),
  rate_unit: z.enum(["hour", "day", "week"]),
  minimum_charge: z.number().nonnegative(),
  notes: z.string(),
  /** The jobsite whose fence is the hire's site (arrival and departure evidence), if chosen. */
  jobsite_id: z.number().int().nullable().default(null),
  usage: z.object({
    engine_hours: z.number().nonnegative().nullable(),
    ignition_hours: z.number().nonnegative(),
    idle_hours: z.number().nonnegative(),
    days_on_site: z.number().int().nonnegative(),
    as_of: z.string(),
  }),
});
export type HireContract = z.infer<typeof hireContractSchema>;
export type HireContractInput = Omit<HireContract, "id" | "usage">;

const S = "/suppliers";
const C = "/planthire/contracts";
const deleted = z.object({ id: z.number().int() });

export const listSuppliers = async (up: Upstream, kind?: Supplier["kind"]) =>
  (
    await up.request({
      method: "GET",
      path: kind ? `${S}?kind=${kind}` : S,
      schema: z.array(supplierSchema),
      idempotent: true,
    })
  ).data;
export const createSupplier = async (up: Upstream, s: SupplierInput) =>
  (await up.request({ method: "POST", path: S, body: s, schema: supplierSchema })).data;
export const updateSupplier = async (up: Upstream, id: number, s: SupplierInput) =>
  (await up.request({ method: "PUT", path: `${S}/${id}`, body: s, schema: supplierSchema })).data;
export const deleteSupplier = async (up: Upstream, id: number) =>
  (await up.request({ method: "DELETE", path: `${S}/${id}`, schema: deleted })).data;

export const listHireContracts = async (up: Upstream) =>
  (
    await up.request({
      method: "GET",
      path: C,
      schema: z.array(hireContractSchema),
      idempotent: true,
    })
  ).data;
export const getHireContract = async (up: Upstream, id: number) =>
  (
    await up.request({
      method: "GET",
      path: `${C}/${id}`,
      schema: hireContractSchema,
      idempotent: true,
    })
  ).data;
export const createHireContract = async (up: Upstream, c: HireContractInput) =>
  (await up.request({ method: "POST", path: C, body: c, schema: hireContractSchema })).data;
export const updateHireContract = async (up: Upstream, id: number, c: HireContractInput) =>
  (await up.request({ method: "PUT", path: `${C}/${id}`, body: c, schema: hireContractSchema }))
    .data;
export const deleteHireContract = async (up: Upstream, id: number) =>
  (await up.request({ method: "DELETE", path: `${C}/${id}`, schema: deleted })).data;

const D = `${S}/documents`;
export const listSupplierDocuments = async (up: Upstream, supplierId: number) =>
  (
    await up.request({
      method: "GET",
      path: D,
      query: { supplier_id: String(supplierId) },
      schema: z.array(supplierDocumentSchema),
      idempotent: true,
    })
  ).data;
/**
 * POST /suppliers/documents?supplier_id&content_type&name with the bytes as a stream. Not retried:
 * the bytes are gone once sent; aborting `signal` (past the size limit) leaves nothing stored.
 */
export const uploadSupplierDocument = async (
  up: Upstream,
  supplierId: number,
  file: { name: string; type: SupplierDocument["content_type"] },
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
) =>
  supplierDocumentSchema.parse(
    await postStream(
      up,
      D,
      { supplier_id: String(supplierId), content_type: file.type, name: file.name },
      body,
      signal,
    ),
  );
/** GET /suppliers/documents/content?id: the document's bytes as the upstream streams them. */
export const supplierDocumentContent = (up: Upstream, id: number) =>
  getStream(up, `${D}/content`, { id: String(id) });
export const deleteSupplierDocument = async (up: Upstream, id: number) =>
  (await up.request({ method: "DELETE", path: `${D}/${id}`, schema: deleted })).data;

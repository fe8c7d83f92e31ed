/** The supplier form (browser and server alike: Conform validates it in both). */
import { z } from "zod";

export const SUPPLIER_KINDS = ["plant_hire", "concrete", "parts", "services"] as const;
export const KIND_LABELS: Record<(typeof SUPPLIER_KINDS)[number], string> = {
  plant_hire: "Plant hire",
  concrete: "Concrete",
  parts: "Parts",
  services: "Services",
};

/** An Australian Business Number: 11 digits whose weighted sum (first digit less 1) is a multiple of 89. */
export function isValidAbn(value: string): boolean {
  const digits = value.replace(/\s/g, "");
  if (!/^\d{11}$/.test(digits)) return false;
  const w = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = [...digits].reduce((s, d, i) => s + (Number(d) - (i === 0 ? 1 : 0)) * w[i]!, 0);
  return sum % 89 === 0;
}

/** Empty, a valid ABN (11 digits), or another country's tax number (4–30 letters and digits). */
export function taxIdProblem(value: string): string | null {
  const t = value.trim();
  if (!t) return null;
  if (/^\d{11}$/.test(t.replace(/\s/g, ""))) return isValidAbn(t) ? null : "This ABN is not valid";
  return /^[A-Za-z0-9][A-Za-z0-9 ./-]{3,29}$/.test(t)
    ? null
    : "Enter an ABN (11 digits) or a tax number of letters and digits";
}

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default("");

const contact = z.object({
  name: text(120),
  phone: text(40),
  email: z.union([z.literal(""), z.string().trim().email("Enter an email address")]).default(""),
});

export const SupplierSchema = z.object({
  name: z
    .string({ required_error: "Enter a name" })
    .trim()
    .min(1, "Enter a name")
    .max(120, "At most 120 characters"),
  kind: z.enum(SUPPLIER_KINDS, { errorMap: () => ({ message: "Choose a kind" }) }),
  tax_id: text(30).superRefine((v, ctx) => {
    const p = taxIdProblem(v);
    if (p) ctx.addIssue({ code: "custom", message: p });
  }),
  address: text(300),
  notes: text(1000),
  contacts: z.array(contact).max(10).default([]),
});
export type SupplierForm = z.infer<typeof SupplierSchema>;

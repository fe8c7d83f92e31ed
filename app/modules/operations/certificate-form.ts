/** The certificate form (browser and server alike: Conform validates it in both). */
import { z } from "zod";

export const CertificateSchema = z.object({
  installer: z
    .string({ required_error: "Enter the installer's name" })
    .trim()
    .min(2, "Enter the installer's name")
    .max(80, "At most 80 characters"),
  notes: z.string().trim().max(500, "At most 500 characters").default(""),
});

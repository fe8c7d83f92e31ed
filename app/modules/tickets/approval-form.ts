/** The approvals page's delegation form (browser-safe: Conform checks it in the browser too). */
import { z } from "zod";
import { DAY_MESSAGE, hasSaneDay } from "~/lib/input";

const day = (what: string) =>
  z
    .string({ required_error: `Choose the ${what} day` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Choose the ${what} day`)
    .refine(hasSaneDay, DAY_MESSAGE);

export const DelegationSchema = z
  .object({
    to: z.coerce
      .number({ invalid_type_error: "Choose who stands in for you" })
      .int()
      .positive("Choose who stands in for you"),
    start: day("first"),
    end: day("last"),
  })
  .refine((d) => d.end >= d.start, {
    path: ["end"],
    message: "The last day cannot be before the first",
  });
export type DelegationForm = z.infer<typeof DelegationSchema>;

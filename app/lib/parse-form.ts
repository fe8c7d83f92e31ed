import { parseWithZod } from "@conform-to/zod";
import type { ZodTypeAny } from "zod";

/**
 * parseWithZod for a posted form on the server. Conform's reserved inputs (`__intent__`,
 * `__state__`) carry JSON for its own list and reset buttons, which no form here uses; a forged one
 * that is not JSON would make Conform throw (a 500), so the server drops them before parsing.
 */
export function parseForm<Schema extends ZodTypeAny>(formData: FormData, schema: Schema) {
  formData.delete("__intent__");
  formData.delete("__state__");
  return parseWithZod(formData, { schema });
}

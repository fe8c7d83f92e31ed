/**
 * Job code calls (designed; the simulator serves them in server/sim/api-jobcodes.ts). Timesheets
 * (issue 20) book entries to these codes and read them through `listJobCodes`.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .nullable();

export const jobCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  effective_from: day,
  effective_to: day,
  in_use: z.number().int().nonnegative(),
});
export type JobCode = z.infer<typeof jobCodeSchema>;
export type JobCodeInput = Omit<JobCode, "id" | "in_use">;

const P = "/timesheet/jobcodes";

export const listJobCodes = async (up: Upstream) =>
  (await up.request({ method: "GET", path: P, schema: z.array(jobCodeSchema), idempotent: true }))
    .data;
export const createJobCode = async (up: Upstream, c: JobCodeInput) =>
  (await up.request({ method: "POST", path: P, body: c, schema: jobCodeSchema })).data;
export const updateJobCode = async (up: Upstream, id: number, c: JobCodeInput) =>
  (await up.request({ method: "PUT", path: `${P}/${id}`, body: c, schema: jobCodeSchema })).data;
export const deleteJobCode = async (up: Upstream, id: number) =>
  (
    await up.request({
      method: "DELETE",
      path: `${P}/${id}`,
      schema: z.object({ id: z.number().int() }),
    })
  ).data;

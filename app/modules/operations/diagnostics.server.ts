/**
 * The device diagnostics call (designed; the simulator serves it in server/sim/api-diagnostics.ts):
 * `GET /devices/diagnostics?imei&since` — what an installer checks on a newly fitted device.
 * Another company's or an unknown imei answers 404.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";

export const diagnosticsSchema = z.object({
  imei: z.string(),
  reported_at: z.string().datetime(),
  lat: z.number().finite(),
  lng: z.number().finite(),
  gps: z.object({
    satellites: z.number().int().nonnegative(),
    hdop: z.number().nonnegative().nullable(),
  }),
  power: z.object({ supply_voltage: z.number().nonnegative().nullable(), external: z.boolean() }),
  ignition: z.boolean(),
  odometer_km: z.number().nonnegative().nullable(),
  ignition_changes: z.array(z.object({ at: z.string().datetime(), on: z.boolean() })),
});
export type Diagnostics = z.infer<typeof diagnosticsSchema>;

export async function deviceDiagnostics(up: Upstream, imei: string, since: number) {
  return (
    await up.request({
      method: "GET",
      path: "/devices/diagnostics",
      query: { imei, since: new Date(since).toISOString() },
      schema: diagnosticsSchema,
      idempotent: true,
    })
  ).data;
}

export const newInstallSchema = z.object({
  imei: z.string(),
  nickname: z.string(),
  installed_at: z.string().datetime(),
});

/** Devices fitted today that the fleet list does not carry yet: `GET /devices/installs`. */
export async function newInstalls(up: Upstream) {
  return (
    await up.request({
      method: "GET",
      path: "/devices/installs",
      schema: z.array(newInstallSchema),
      idempotent: true,
    })
  ).data;
}

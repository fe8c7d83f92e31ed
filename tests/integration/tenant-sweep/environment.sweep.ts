import { listLimits, listLoads, listSensorDevices } from "~/modules/environment/upstream.server";
import { defineSweep, type SweepCase } from "./kit";

/**
 * Environment and ftc: company 2's probe, its limit and its load, opened, reported on, limited,
 * unlimited or signed off by company 1: each a 404 that changes nothing.
 */
export default defineSweep({
  seed: async ({ upB }) => ({
    probeB: (await listSensorDevices(upB))[0]!.imei,
    limitB: (await listLimits(upB))[0]!.id,
    loadB: (await listLoads(upB))[0]!.id,
  }),
  cases: ({ probeB, limitB, loadB }): SweepCase[] => [
    {
      file: "dashboard.environment.$imei.tsx",
      method: "GET",
      url: `/dashboard/environment/${probeB}`,
    },
    ...(["csv", "xlsx", "pdf"] as const).map((f): SweepCase => ({
      file: "dashboard.environment_.$imei.report.$format.ts",
      method: "GET",
      url: `/dashboard/environment/${probeB}/report/${f}?channel=temperature`,
    })),
    {
      file: "dashboard.environment.$imei.tsx",
      method: "POST",
      url: `/dashboard/environment/${probeB}`,
      body: {
        intent: "save-limit",
        channel: "temperature",
        min: "0",
        max: "1",
        unit: "C",
        duration: "0",
      },
    },
    {
      file: "dashboard.environment.$imei.tsx",
      method: "POST",
      url: `/dashboard/environment/${probeB}`,
      body: { intent: "delete-limit", id: String(limitB) },
    },
    { file: "dashboard.ftc.$id.tsx", method: "GET", url: `/dashboard/ftc/${loadB}` },
    { file: "dashboard.ftc_.$id.report.ts", method: "GET", url: `/dashboard/ftc/${loadB}/report` },
    {
      file: "dashboard.ftc.$id.tsx",
      method: "POST",
      url: `/dashboard/ftc/${loadB}`,
      body: { intent: "signoff", name: "Not yours", note: "" },
    },
  ],
  own: ({ probeB, loadB }) => [`/dashboard/environment/${probeB}`, `/dashboard/ftc/${loadB}`],
  snapshot: async ({ upB }) => ({ limits: await listLimits(upB), loads: await listLoads(upB) }),
  secrets: () => ["Insulin pens", "SP-118"],
});

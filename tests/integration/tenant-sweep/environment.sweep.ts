import {
  listLimits,
  listLoads,
  listProfiles,
  listSensorDevices,
} from "~/modules/environment/upstream.server";
import { defineSweep, type SweepCase } from "./kit";

/**
 * Environment and ftc: company 2's probe, its limit and its load, opened, reported on, limited,
 * unlimited or signed off by company 1, its profile edited, its load edited, a load created on
 * its probe or under its profile: each a 404 that changes nothing.
 */
export default defineSweep({
  seed: async ({ upA, upB }) => ({
    probeB: (await listSensorDevices(upB))[0]!.imei,
    limitB: (await listLimits(upB))[0]!.id,
    loadB: (await listLoads(upB))[0]!.id,
    profileB: (await listProfiles(upB))[0]!.id,
    probeA: (await listSensorDevices(upA))[0]!.imei,
  }),
  cases: ({ probeB, limitB, loadB, profileB, probeA }): SweepCase[] => [
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
    {
      file: "dashboard.ftc._index.tsx",
      method: "POST",
      url: "/dashboard/ftc",
      body: {
        intent: "save-profile",
        id: String(profileB),
        name: "Not yours",
        unit: "C",
        t1min: "0",
        t1max: "1",
        t1allow: "0",
        startup: "0",
      },
    },
    ...[
      { id: String(loadB), imei: probeA, profileId: String(profileB) },
      { id: "", imei: probeB, profileId: String(profileB) },
      { id: "", imei: probeA, profileId: String(profileB) },
    ].map((b): SweepCase => ({
      file: "dashboard.ftc._index.tsx",
      method: "POST",
      url: "/dashboard/ftc",
      body: {
        intent: "save-load",
        ...b,
        product: "Not yours",
        reference: "NY-1",
        start: "2026-01-01T08:00",
        end: "",
      },
    })),
  ],
  own: ({ probeB, loadB }) => [`/dashboard/environment/${probeB}`, `/dashboard/ftc/${loadB}`],
  snapshot: async ({ upB }) => ({
    limits: await listLimits(upB),
    loads: await listLoads(upB),
    profiles: await listProfiles(upB),
  }),
  secrets: () => ["Insulin pens", "SP-118"],
});

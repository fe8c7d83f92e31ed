import {
  listLimits,
  listLinks,
  listPours,
  listRules,
  listSensors,
} from "~/modules/concrete/pours-upstream.server";
import { defineSweep, type SweepCase } from "./kit";

/**
 * Concrete pours: company 2's pour, sensor, link, limit set and its rule, read or changed by
 * company 1 through every pour, sensor, link, limit and rule page.
 */
export default defineSweep({
  seed: async ({ upA, upB }) => {
    const pourB = (await listPours(upB))[0]!;
    const sensorB = (await listSensors(upB))[0]!.imei;
    const limitB = (await listLimits(upB))[0]!.id;
    const pourA = (await listPours(upA)).find((p) => p.status === "active")!.id;
    return { pourB: pourB.id, sensorB, limitB, pourA };
  },
  cases: ({ pourB, sensorB, limitB, pourA }) => {
    const pourBody = {
      intent: "save",
      element: "Mine",
      volume_m3: "5",
      thickness_m: "0.3",
      placed_at: "2026-01-01T08:00",
      limit_set_ids: [String(limitB)],
    };
    const limitBody = {
      intent: "save",
      name: "Mine",
      max_temp: "70",
      min_temp: "5",
      max_diff: "19.4",
      max_cooling: "2",
    };
    const ruleBody = {
      intent: "save",
      limit_id: String(limitB),
      user_ids: ["1"],
      channels: ["inapp"],
      after_minutes: "0",
      active: "on",
    };
    const get = (file: string, url: string): SweepCase => ({ file, method: "GET", url });
    const list: SweepCase[] = [
      get("_shell.concrete.view-pour.$id.tsx", `/concrete/view-pour/${pourB}`),
      {
        file: "_shell.concrete.view-pour.$id.tsx",
        method: "POST",
        url: `/concrete/view-pour/${pourB}`,
        body: { intent: "signoff", name: "Me", note: "" },
      },
      get("concrete.pour-report.$id.ts", `/concrete/pour-report/${pourB}`),
      get("_shell.concrete.pour.$id.tsx", `/concrete/pour/${pourB}`),
      {
        file: "_shell.concrete.pour.$id.tsx",
        method: "POST",
        url: `/concrete/pour/${pourB}`,
        body: pourBody,
      },
      // Company 1's own new pour naming company 2's limit set.
      {
        file: "_shell.concrete.pour._index.tsx",
        method: "POST",
        url: "/concrete/pour",
        body: pourBody,
      },
      get("_shell.concrete.sensor.$id.tsx", `/concrete/sensor/${sensorB}`),
      {
        file: "_shell.concrete.sensor._index.tsx",
        method: "POST",
        url: "/concrete/sensor",
        body: { intent: "create", imei: sensorB, nickname: "Mine" },
      },
      get("_shell.concrete.pour-device-links.$id.tsx", `/concrete/pour-device-links/${pourB}`),
      {
        file: "_shell.concrete.pour-device-links.$id.tsx",
        method: "POST",
        url: `/concrete/pour-device-links/${pourB}`,
        body: { intent: "unlink", imei: sensorB, confirm: "yes" },
      },
      get("_shell.concrete.pour-device-link.$id._index.tsx", `/concrete/pour-device-link/${pourB}`),
      {
        file: "_shell.concrete.pour-device-link.$id._index.tsx",
        method: "POST",
        url: `/concrete/pour-device-link/${pourB}`,
        body: { intent: "link", imei: sensorB, position: "core", depth_mm: "50" },
      },
      // Company 2's sensor onto company 1's own pour.
      {
        file: "_shell.concrete.pour-device-link.$id._index.tsx",
        method: "POST",
        url: `/concrete/pour-device-link/${pourA}`,
        body: { intent: "link", imei: sensorB, position: "core", depth_mm: "50" },
      },
      get(
        "_shell.concrete.pour-device-link.$id.$imei.tsx",
        `/concrete/pour-device-link/${pourB}/${sensorB}`,
      ),
      get("_shell.concrete.mass-concrete-limit.$id.tsx", `/concrete/mass-concrete-limit/${limitB}`),
      {
        file: "_shell.concrete.mass-concrete-limit.$id.tsx",
        method: "POST",
        url: `/concrete/mass-concrete-limit/${limitB}`,
        body: limitBody,
      },
      // A new limit set of company 1 applied to company 2's pour.
      {
        file: "_shell.concrete.mass-concrete-limit._index.tsx",
        method: "POST",
        url: "/concrete/mass-concrete-limit",
        body: { ...limitBody, pour_ids: [String(pourB)] },
      },
      {
        file: "_shell.concrete.mass-concrete-limits.tsx",
        method: "POST",
        url: "/concrete/mass-concrete-limits",
        body: { intent: "delete", id: String(limitB), confirm: "yes" },
      },
      get("_shell.concrete.rule.$mass_concrete_limit_id.tsx", `/concrete/rule/${limitB}`),
      ...["save", "delete"].map((intent): SweepCase => ({
        file: "_shell.concrete.rule.$mass_concrete_limit_id.tsx",
        method: "POST",
        url: `/concrete/rule/${limitB}`,
        body: { ...ruleBody, intent, confirm: "yes" },
      })),
      {
        file: "_shell.concrete.rule._index.tsx",
        method: "POST",
        url: "/concrete/rule",
        body: ruleBody,
      },
    ];
    return list;
  },
  own: ({ pourB, sensorB, limitB }) => [
    `/concrete/view-pour/${pourB}`,
    `/concrete/pour/${pourB}`,
    `/concrete/sensor/${sensorB}`,
    `/concrete/pour-device-links/${pourB}`,
    `/concrete/pour-device-link/${pourB}/${sensorB}`,
    `/concrete/mass-concrete-limit/${limitB}`,
    `/concrete/rule/${limitB}`,
  ],
  snapshot: async ({ upB }) => ({
    pours: await listPours(upB),
    links: await listLinks(upB),
    limits: await listLimits(upB),
    rules: await listRules(upB),
    sensors: (await listSensors(upB)).map(({ last_reading: _r, battery: _b, ...s }) => s),
  }),
  secrets: () => ["Driveway slab", "Driveway probe"],
});

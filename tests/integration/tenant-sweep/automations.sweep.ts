import { prisma } from "~/services/db.server";
import { defineSweep, type SweepCase } from "./kit";

/**
 * Automations: company 2's automation (and notification rule, listed as "alert:<id>") opened,
 * edited, dry-run, switched or deleted by company 1.
 */
export default defineSweep({
  seed: async ({ authB }) => {
    const auto = await prisma.automation.create({
      data: {
        companyId: authB.companyId,
        createdBy: 2001,
        name: "Their automation",
        trigger: { type: "overspeed", aboveKmh: 100 },
        conditions: [],
        actions: [{ kind: "notify", channels: ["inapp"], email: null }],
      },
    });
    const rule = await prisma.alertRule.create({
      data: {
        companyId: authB.companyId,
        userId: 2001,
        name: "Their alert rule",
        kinds: ["overspeed"],
        imeis: [],
        groupIds: [],
        channels: ["inapp"],
      },
    });
    return { autoB: auto.id, ruleB: rule.id };
  },
  cases: ({ autoB, ruleB }) => [
    {
      file: "dashboard.createAutomations.$id.tsx",
      method: "GET",
      url: `/dashboard/createAutomations/${autoB}`,
    },
    {
      file: "dashboard.createAutomations.$id.tsx",
      method: "GET",
      url: `/dashboard/createAutomations/${autoB}?dryrun=1`,
    },
    {
      file: "dashboard.automations.tsx",
      method: "GET",
      url: `/dashboard/automations?history=${autoB}`,
    },
    ...["save", "add-action:notify", "remove-condition:0"].map((intent): SweepCase => ({
      file: "dashboard.createAutomations.$id.tsx",
      method: "POST",
      url: `/dashboard/createAutomations/${autoB}`,
      body: {
        intent,
        name: "Mine now",
        triggerType: "overspeed",
        "actions[0].kind": "notify",
        "actions[0].channels": "inapp",
      },
    })),
    ...[autoB, `alert:${ruleB}`].flatMap((id) =>
      ["enable", "disable", "delete"].map((intent): SweepCase => ({
        file: "dashboard.automations.tsx",
        method: "POST",
        url: "/dashboard/automations",
        body: { intent, id, confirm: "yes" },
      })),
    ),
  ],
  own: ({ autoB }) => [`/dashboard/automations?history=${autoB}`],
  snapshot: async (_ctx, { autoB, ruleB }) => ({
    auto: await prisma.automation.findUnique({ where: { id: autoB } }),
    rule: await prisma.alertRule.findUnique({ where: { id: ruleB } }),
  }),
  secrets: () => ["Their automation", "Their alert rule"],
});

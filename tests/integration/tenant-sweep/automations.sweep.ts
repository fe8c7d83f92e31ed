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
    // Company 2's fill-in link made by the main sweep (a real snapshot: their forms page reads it).
    const linkB = await prisma.formLink.findFirstOrThrow({
      where: { companyId: authB.companyId },
    });
    return { autoB: auto.id, ruleB: rule.id, linkB: linkB.id };
  },
  cases: ({ autoB, ruleB, linkB }): SweepCase[] => [
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
    ...["save", "add-action:notify"].map((intent): SweepCase => ({
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
    // A new automation that sends company 2's fill-in link.
    {
      file: "dashboard.createAutomations._index.tsx",
      method: "POST",
      url: "/dashboard/createAutomations",
      body: {
        intent: "save",
        name: "Their link",
        triggerType: "maintenance_due",
        "actions[0].kind": "fill_link",
        "actions[0].linkId": linkB,
        "actions[0].email": "me@example.com",
      },
    },
    ...["enable", "disable", "delete"].map((intent): SweepCase => ({
      file: "dashboard.automations.tsx",
      method: "POST",
      url: "/dashboard/automations",
      body: { intent, id: autoB, confirm: "yes" },
    })),
    {
      file: "dashboard.automations.tsx",
      method: "POST",
      url: "/dashboard/automations",
      body: { intent: "disable", id: `alert:${ruleB}` },
    },
  ],
  own: ({ autoB }) => [
    `/dashboard/automations?history=${autoB}`,
    `/dashboard/createAutomations/${autoB}`,
  ],
  snapshot: async (_ctx, { autoB, ruleB }) => ({
    auto: await prisma.automation.findUnique({ where: { id: autoB } }),
    rule: await prisma.alertRule.findUnique({ where: { id: ruleB } }),
    automations: await prisma.automation.count({ where: { name: "Their link" } }),
  }),
  secrets: () => ["Their automation", "Their alert rule"],
});

/**
 * Alert rules (every query filters by company, and by user unless the caller manages alerts: a
 * rule the scope does not hold is "not found"), the vehicle and group choices for the form, and
 * "send a test".
 */
import crypto from "node:crypto";
import type { AlertRuleInput, Channel } from "./alert-rule-match";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { seal } from "~/services/secret-box.server";
import { sendAlertEmailSoon } from "./alert-email.server";
import { logError } from "~/services/log.server";
import { createNotifications } from "./notifications.server";
import { queuePush } from "./push.server";
import { compGroups, iotDevices } from "~/services/upstream/index.server";
import { queueWebhook } from "./webhook.server";
import { compareText } from "~/lib/text-order";

export type Owner = { userId: number; companyId: number };
/**
 * The rules a caller may see and change: the company's, and only `userId`'s unless the caller
 * holds alerts_manage (notifications-page.server.ts decides). A rule belongs to its creator.
 */
export type RuleScope = { companyId: number; userId?: number };

const RULE_SELECT = {
  id: true,
  userId: true,
  name: true,
  kinds: true,
  imeis: true,
  groupIds: true,
  channels: true,
  email: true,
  webhookUrl: true,
  quietStart: true,
  quietEnd: true,
  timeZone: true,
  enabled: true,
  speedLimitKmh: true,
  offlineHours: true,
  createdAt: true,
  updatedAt: true,
  // The secret is write-only in the UI: we only say whether one is set.
  webhookSecret: true,
} as const;

export async function listRules(owner: RuleScope) {
  const rows = await prisma.alertRule.findMany({
    where: owner,
    select: RULE_SELECT,
    orderBy: { createdAt: "asc" },
  });
  return rows.map(({ webhookSecret, ...r }) => ({
    ...r,
    hasSecret: Boolean(webhookSecret),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}
export type RuleView = Awaited<ReturnType<typeof listRules>>[number];

function dataOf(input: AlertRuleInput) {
  return {
    name: input.name,
    kinds: input.kinds,
    imeis: [...new Set(input.imeis)],
    groupIds: [...new Set(input.groupIds)],
    channels: input.channels,
    email: input.channels.includes("email") ? (input.email ?? null) : (input.email ?? null),
    webhookUrl: input.webhookUrl ?? null,
    quietStart: input.quietStart ?? null,
    quietEnd: input.quietEnd ?? null,
    timeZone: input.timeZone,
    enabled: input.enabled,
    speedLimitKmh: input.speedLimitKmh ?? null,
    offlineHours: input.offlineHours ?? null,
    measurement: input.measurement,
  };
}

/** Vehicles named in a rule must belong to the company (as far as the cache knows them). */
export async function foreignImeis(companyId: number, imeis: string[]): Promise<string[]> {
  if (!imeis.length) return [];
  const known = await prisma.device.findMany({
    where: { companyId, imei: { in: imeis } },
    select: { imei: true },
  });
  if (!known.length && !(await prisma.device.count({ where: { companyId } }))) return []; // cache empty: cannot judge
  const set = new Set(known.map((d) => d.imei));
  return imeis.filter((i) => !set.has(i));
}

/** Webhook signing secrets are kept encrypted (secret-box); delivery opens them. */
function sealedSecret(secret: string | undefined): string | null {
  return secret ? seal(secret, "webhook-secret") : null;
}

export async function createRule(owner: Owner, input: AlertRuleInput) {
  return prisma.alertRule.create({
    data: { ...owner, ...dataOf(input), webhookSecret: sealedSecret(input.webhookSecret) },
    select: { id: true },
  });
}

/** Updates the user's rule; an empty secret field keeps the stored secret. False: not theirs. */
export async function updateRule(
  owner: RuleScope,
  id: string,
  input: AlertRuleInput,
): Promise<boolean> {
  const { count } = await prisma.alertRule.updateMany({
    where: { id, ...owner },
    data: {
      ...dataOf(input),
      ...(input.webhookSecret ? { webhookSecret: sealedSecret(input.webhookSecret) } : {}),
    },
  });
  return count > 0;
}

export async function deleteRule(owner: RuleScope, id: string): Promise<boolean> {
  const { count } = await prisma.alertRule.deleteMany({ where: { id, ...owner } });
  return count > 0;
}

export async function setRuleEnabled(
  owner: RuleScope,
  id: string,
  enabled: boolean,
): Promise<boolean> {
  const { count } = await prisma.alertRule.updateMany({
    where: { id, ...owner },
    data: { enabled },
  });
  return count > 0;
}

/**
 * Sends a test through every channel of the rule, now, quiet hours or not (the user asked).
 * Returns the channels used; null when the rule is not in the scope. It goes where the rule's
 * alerts go: to its owner.
 */
export async function sendTest(scope: RuleScope, id: string): Promise<Channel[] | null> {
  const rule = await prisma.alertRule.findFirst({ where: { id, ...scope } });
  if (!rule) return null;
  const owner: Owner = { userId: rule.userId, companyId: rule.companyId };
  const stamp = new Date();
  const testId = `test-${rule.id}-${crypto.randomBytes(4).toString("hex")}`;
  const title = `Test: ${rule.name}`;
  const body = `This is a test of your alert rule "${rule.name}". Real alerts look like this.`;
  const link = "/dashboard/notifications";
  const used: Channel[] = [];
  for (const channel of rule.channels as Channel[]) {
    try {
      if (channel === "inapp")
        await createNotifications([{ ...owner, kind: "test", title, body, link, eventId: testId }]);
      else if (channel === "push")
        await queuePush(testId, [owner.userId], { title, body, link, kind: "test" });
      else if (channel === "email" && rule.email)
        await sendAlertEmailSoon(`${testId}:email`, owner.companyId, {
          to: rule.email,
          subject: title,
          text: `${body}\n`,
        });
      else if (channel === "webhook" && rule.webhookUrl) {
        await queueWebhook(rule.id, {
          id: testId,
          kind: "test",
          imei: null,
          companyid: owner.companyId,
          time: stamp.toISOString(),
          title,
          body,
          details: {},
          test: true,
        });
      } else continue;
      used.push(channel);
    } catch (e) {
      logError("alerts", e);
    }
  }
  return used;
}

export type Choice = { value: string; label: string };

/** Vehicles and groups for the rule form: the device cache, else the upstream (failures: empty). */
export async function ruleChoices(
  companyId: number,
  token: string,
): Promise<{ vehicles: Choice[]; groups: Choice[] }> {
  let devices = await prisma.device.findMany({
    where: { companyId },
    select: { imei: true, nickname: true, groups: true },
  });
  if (!devices.length) {
    try {
      devices = (await iotDevices(upstream(token))).map((d) => ({
        imei: d.imei,
        nickname: d.nickname,
        groups: d.groups,
      }));
    } catch (e) {
      logError("alerts", `device list for rules failed: ${(e as Error).message}`);
    }
  }
  const groups = new Map<number, string>();
  try {
    for (const g of await compGroups(upstream(token))) groups.set(g.id, g.nickname);
  } catch {
    for (const d of devices)
      for (const g of (Array.isArray(d.groups) ? d.groups : []) as {
        id: number;
        nickname: string;
      }[])
        groups.set(g.id, g.nickname);
  }
  const byName = (a: Choice, b: Choice) => compareText(a.label, b.label);
  return {
    vehicles: devices.map((d) => ({ value: d.imei, label: d.nickname || d.imei })).sort(byName),
    groups: [...groups].map(([id, name]) => ({ value: String(id), label: name })).sort(byName),
  };
}

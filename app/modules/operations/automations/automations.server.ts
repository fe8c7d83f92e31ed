/**
 * Automations for the pages: the list (with the company's notification rules read as automations),
 * one automation's run history, the builder's choices, save with clear messages (a schedule that
 * never fires, a webhook address that is not public https, a fill-in link not of the company),
 * enable/disable and delete. Every query filters by the company: another company's id is a 404.
 */
import crypto from "node:crypto";
import type { Prisma } from "~/generated/prisma/client";
import { listAlertRules, setAlertRuleEnabled } from "~/modules/notifications/index.server";
import { upstream } from "~/services/api.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { prisma } from "~/services/db.server";
import type { ModuleContext } from "~/services/guard.server";
import { logError } from "~/services/log.server";
import { outboundUrlProblem } from "~/services/outbound-url.server";
import { open, seal } from "~/services/secret-box.server";
import { compareText } from "~/lib/text-order";
import { formatSpeed, inReaderUnits, type Measurement } from "~/lib/units";
import { compGroups, companyTags, isUpstreamFault } from "~/services/upstream/index.server";
import { z } from "zod";
import { automationFromAlertRule, ALERT_RULE_PREFIX } from "~/lib/automations/alert-rules";
import { draftOf, ruleOf, type AutomationInput, type Draft } from "./automation-form";
import { TRIGGER_LABELS, type Automation } from "~/lib/automations/model";
import { automationOf } from "./runner.server";
import { maskedAction } from "./masked-actions";
import { MANAGE_AUTOMATIONS } from "../rules";
import { isAllowed } from "~/lib/access";
import { runHistory, type RunHistory } from "./run-history.server";
import { scheduleProblem, withStart } from "./schedule";

const notFound = () => new Response("Not found", { status: 404 });

function describeTrigger(a: Automation, m: Measurement): string {
  const t = a.trigger;
  switch (t.type) {
    case "geofence":
      return t.on === "enter" ? "Geofence entered" : "Geofence left";
    case "ignition":
      return `Ignition ${t.on}`;
    case "overspeed":
      return t.aboveKmh == null ? "Overspeed" : `Overspeed above ${formatSpeed(t.aboveKmh, m)}`;
    case "offline":
      return `Offline for ${t.hours} h or more`;
    case "sensor":
      return `${t.sensor} ${t.op} ${t.limit}${t.forMinutes ? ` for ${t.forMinutes} min` : ""}`;
    case "schedule":
      return `Schedule ${t.rrule
        .split("\n")
        .pop()!
        .replace(/^RRULE:/, "")}`;
    case "events":
      return `Alert events: ${t.kinds.map((k) => k.replace(/_/g, " ")).join(", ")}`;
    default:
      return TRIGGER_LABELS[t.type];
  }
}

export type ListRow = {
  id: string;
  name: string;
  source: "automation" | "notification";
  enabled: boolean;
  trigger: string;
  actions: string;
  lastFiredAt: string | null;
  href: string;
};

export async function automationsPage(ctx: ModuleContext, url: URL, m: Measurement = "metric") {
  const rows = await prisma.automation.findMany({
    where: { companyId: ctx.companyId },
    orderBy: { createdAt: "asc" },
  });
  const alerts = await listAlertRules({ companyId: ctx.companyId });
  const list: ListRow[] = [
    ...rows.map((r) => {
      const a = automationOf(r);
      return {
        id: r.id,
        name: r.name,
        source: "automation" as const,
        enabled: r.enabled,
        trigger: describeTrigger(a, m),
        actions: a.actions.map((x) => x.kind.replace("_", " ")).join(", "),
        lastFiredAt: r.lastFiredAt?.toISOString() ?? null,
        href: `/dashboard/createAutomations/${r.id}`,
      };
    }),
    ...alerts.map((r) => {
      const a = automationFromAlertRule(r);
      return {
        id: a.id,
        name: r.name,
        source: "notification" as const,
        enabled: r.enabled,
        trigger: describeTrigger(a, m),
        actions: `notify (${r.channels.join(", ")})`,
        lastFiredAt: null,
        href: "/dashboard/notifications",
      };
    }),
  ];
  const historyOf = url.searchParams.get("history");
  let history: RunHistory | null = null;
  if (historyOf) {
    const row = rows.find((r) => r.id === historyOf);
    if (!row) throw notFound();
    history = await runHistory(ctx.companyId, row);
    history = {
      ...history,
      runs: history.runs.map((r) => ({ ...r, reason: inReaderUnits(r.reason, m) })),
    };
  }
  return { rows: list, history, timeZone: await companyTimeZone(ctx.auth) };
}

/** Enables or disables an automation, or a notification rule ("alert:<id>"). */
export async function setEnabled(ctx: ModuleContext, id: string, enabled: boolean) {
  if (id.startsWith(ALERT_RULE_PREFIX)) {
    const ok = await setAlertRuleEnabled(
      { companyId: ctx.companyId },
      id.slice(ALERT_RULE_PREFIX.length),
      enabled,
    );
    if (!ok) throw notFound();
    return;
  }
  const { count } = await prisma.automation.updateMany({
    where: { id, companyId: ctx.companyId },
    data: { enabled },
  });
  if (!count) throw notFound();
}

export async function requireAutomation(ctx: ModuleContext, id: string) {
  const row = await prisma.automation.findFirst({
    where: { id, companyId: ctx.companyId },
    select: { id: true },
  });
  if (!row) throw notFound();
}

export async function removeAutomation(ctx: ModuleContext, id: string) {
  const { count } = await prisma.automation.deleteMany({ where: { id, companyId: ctx.companyId } });
  if (!count) throw notFound();
}

/**
 * One automation of the company as the builder's values, or 404. Its webhook addresses, e-mail
 * targets and signing secret are for those who may manage automations; others see them masked.
 */
export async function automationForEdit(ctx: ModuleContext, id: string) {
  const row = await prisma.automation.findFirst({ where: { id, companyId: ctx.companyId } });
  if (!row) throw notFound();
  const canManage = isAllowed(ctx.user, MANAGE_AUTOMATIONS);
  const stored = automationOf(row);
  const a = canManage ? stored : { ...stored, actions: stored.actions.map(maskedAction) };
  const draft = draftOf(a);
  if (a.trigger.type === "schedule")
    draft.rrule = a.trigger.rrule
      .split("\n")
      .pop()!
      .replace(/^RRULE:/i, "");
  // The receiver checks signatures with it: shown to those who may edit the automation.
  const secret = canManage && row.webhookSecret ? open(row.webhookSecret, "webhook-secret") : null;
  return { id: row.id, automation: a, draft, secret };
}

export type Choice = { value: string; label: string };
export type Choices = Record<
  "vehicles" | "groups" | "tags" | "drivers" | "jobsites" | "links",
  Choice[]
>;

const driverList = z.array(
  z
    .object({ id: z.number(), first_name: z.string().optional(), last_name: z.string().optional() })
    .passthrough(),
);
const jobsiteList = z.array(z.object({ id: z.number(), name: z.string() }).passthrough());

/**
 * A list the builder can do without when the upstream refuses it (logged, empty). The service not
 * answering is not such a refusal: it goes on to the page's outage handling (its last good copy
 * with a notice, or 503), so nobody builds a rule against lists that only look empty.
 */
async function safely<T>(what: string, f: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (isUpstreamFault(e)) throw e;
    logError("automations", `${what}: ${(e as Error).message}`);
    return fallback;
  }
}

/** What conditions and actions may name: the company's vehicles, groups, tags, drivers, jobsites, links. */
export async function builderChoices(ctx: ModuleContext): Promise<Choices> {
  const up = upstream(ctx.auth.token);
  const byName = (a: Choice, b: Choice) => compareText(a.label, b.label);
  const [devices, groups, tags, drivers, jobsites, links] = await Promise.all([
    prisma.device.findMany({
      where: { companyId: ctx.companyId },
      select: { imei: true, nickname: true },
    }),
    safely("groups", () => compGroups(up), []),
    safely("tags", () => companyTags(up), []),
    safely(
      "drivers",
      async () =>
        (
          await up.request({
            method: "GET",
            path: "/drivers",
            schema: driverList,
            idempotent: true,
          })
        ).data,
      [],
    ),
    safely(
      "jobsites",
      async () =>
        (
          await up.request({
            method: "GET",
            path: "/jobsites",
            schema: jobsiteList,
            idempotent: true,
          })
        ).data,
      [],
    ),
    prisma.formLink.findMany({
      where: { companyId: ctx.companyId, revokedAt: null, expiresAt: { gt: new Date() } },
      select: { id: true, label: true },
      take: 200,
    }),
  ]);
  return {
    vehicles: devices.map((d) => ({ value: d.imei, label: d.nickname || d.imei })).sort(byName),
    groups: groups.map((g) => ({ value: String(g.id), label: g.nickname })).sort(byName),
    tags: tags.map((t) => ({ value: String(t.id), label: t.name })).sort(byName),
    drivers: drivers
      .map((d) => ({
        value: String(d.id),
        label: `${d.first_name ?? ""} ${d.last_name ?? ""}`.trim() || `Driver ${d.id}`,
      }))
      .sort(byName),
    jobsites: jobsites.map((j) => ({ value: String(j.id), label: j.name })).sort(byName),
    links: links.map((l) => ({ value: l.id, label: l.label })),
  };
}

export type SaveResult =
  { ok: true; id: string } | { ok: false; fieldErrors: Record<string, string[]> };

/**
 * Checks what the form cannot (the schedule, webhook addresses, fill-in links), then saves. A new
 * webhook gets a signing secret, made once per automation.
 */
export async function saveAutomation(
  ctx: ModuleContext,
  id: string | null,
  input: AutomationInput,
  checkUrl: (url: string) => Promise<string | null> = outboundUrlProblem,
): Promise<SaveResult> {
  const existing = id
    ? await prisma.automation.findFirst({ where: { id, companyId: ctx.companyId } })
    : null;
  if (id && !existing) throw notFound();
  const timeZone = await companyTimeZone(ctx.auth);
  const rule = ruleOf(input);
  const errors: Record<string, string[]> = {};
  if (rule.trigger.type === "schedule") {
    const problem = scheduleProblem(rule.trigger.rrule, timeZone);
    if (problem) errors.rrule = [problem];
    else rule.trigger = { type: "schedule", rrule: withStart(rule.trigger.rrule, timeZone) };
  }
  for (const [i, a] of rule.actions.entries()) {
    if (a.kind === "webhook") {
      const problem = await checkUrl(a.url);
      if (problem) errors[`actions[${i}].url`] = [problem];
    }
    if (a.kind === "fill_link") {
      const link = await prisma.formLink.findFirst({
        where: { id: a.linkId, companyId: ctx.companyId, revokedAt: null },
        select: { id: true },
      });
      // Another company's link is not ours to mention: 404, as for any foreign id.
      if (!link) throw notFound();
    }
  }
  if (Object.keys(errors).length) return { ok: false, fieldErrors: errors };
  const needsSecret = rule.actions.some((a) => a.kind === "webhook") && !existing?.webhookSecret;
  const data = {
    name: rule.name,
    enabled: rule.enabled,
    timeZone,
    trigger: rule.trigger as unknown as Prisma.InputJsonValue,
    conditions: rule.conditions as unknown as Prisma.InputJsonValue,
    actions: rule.actions as unknown as Prisma.InputJsonValue,
    cooldownMinutes: rule.cooldownMinutes,
    maxPerHour: rule.maxPerHour,
    ...(needsSecret
      ? { webhookSecret: seal(crypto.randomBytes(32).toString("base64url"), "webhook-secret") }
      : {}),
  };
  if (existing) {
    await prisma.automation.update({ where: { id: existing.id }, data });
    return { ok: true, id: existing.id };
  }
  const created = await prisma.automation.create({
    data: { ...data, companyId: ctx.companyId, createdBy: ctx.user.username_id },
    select: { id: true },
  });
  return { ok: true, id: created.id };
}

export type { Draft };

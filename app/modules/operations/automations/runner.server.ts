/**
 * Runs a company's automations on events: the engine decides (with each rule's saved state), every
 * decision is claimed once as an AutomationRun (unique per rule and event, so a re-run or a second
 * worker acts once), then the actions of the fired ones run; an action that throws turns its run
 * into "failed" with the error. Webhooks get a delivery each (webhook-delivery.server.ts): tried
 * once here, again later by their own job while the run shows "retrying". E-mails are written to
 * the outbox in the transaction that claims the run (automation-mail.server.ts) and sent by its
 * worker. Other actions reach the world through `ActionPorts` (tests swap them).
 */
import type { Automation as AutomationRow, Prisma } from "~/generated/prisma/client";
import { kickOutbox, notifyUser, owe } from "~/modules/notifications/index.server";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { logError } from "~/services/log.server";
import { open } from "~/services/secret-box.server";
import {
  evaluate,
  type Decision,
  type EngineState,
  type RuleState,
} from "~/lib/automations/engine";
import type { Action, Automation, Condition, DeviceEvent, Trigger } from "~/lib/automations/model";
import { owedRunMails, runText } from "./automation-mail.server";
import { createTicket } from "./tickets-upstream.server";
import { startDeliveries, type Hook } from "./webhook-delivery.server";
import { postWebhookTry, type TryResult, type WebhookTry } from "./webhook-post.server";

export type ActionPorts = {
  notify(input: {
    userId: number;
    companyId: number;
    title: string;
    body: string;
    eventId: string;
    imei: string | null;
    push: boolean;
  }): Promise<void>;
  /** One try; never throws (the result says whether another try may help). */
  webhook(t: WebhookTry): Promise<TryResult>;
  ticket(
    companyId: number,
    t: { title: string; description: string; imei: string | null },
  ): Promise<void>;
  /** The public address of the app, for links in emails. */
  baseUrl: string;
};

export const defaultPorts = (token: () => Promise<string | null>): ActionPorts => ({
  async notify(n) {
    await notifyUser({
      userId: n.userId,
      companyId: n.companyId,
      kind: "automation",
      title: n.title,
      body: n.body,
      link: "/dashboard/automations",
      imei: n.imei,
      eventId: n.eventId,
      push: n.push,
    });
  },
  webhook: (t) => postWebhookTry(t),
  async ticket(_companyId, t) {
    const bearer = await token();
    if (!bearer) throw new Error("No signed-in user of this company to create the ticket with");
    await createTicket(upstream(bearer), t);
  },
  baseUrl: process.env.PUBLIC_URL ?? "",
});

export function automationOf(row: AutomationRow): Automation {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    timeZone: row.timeZone,
    trigger: row.trigger as Trigger,
    conditions: row.conditions as Condition[],
    actions: row.actions as Action[],
    cooldownMinutes: row.cooldownMinutes,
    maxPerHour: row.maxPerHour,
  };
}

/**
 * Runs one fired decision's actions but its webhooks, which it returns (their bodies fixed now,
 * so every try sends the same), and its e-mails (owed with the claim); the others' errors are
 * collected.
 */
async function act(
  row: AutomationRow,
  rule: Automation,
  e: DeviceEvent,
  d: Decision,
  ports: ActionPorts,
): Promise<{ errors: string[]; hooks: Hook[] }> {
  const title = `Automation: ${rule.name}`;
  const body = runText(e, d);
  const errors: string[] = [];
  const hooks: Hook[] = [];
  for (const [i, a] of rule.actions.entries()) {
    try {
      if (a.kind === "notify") {
        if (a.channels.includes("inapp") || a.channels.includes("push"))
          await ports.notify({
            userId: row.createdBy,
            companyId: row.companyId,
            title,
            body,
            eventId: `auto:${rule.id}:${e.id}`,
            imei: e.imei,
            push: a.channels.includes("push"),
          });
      } else if (a.kind === "webhook") {
        if (!row.webhookSecret) throw new Error("The automation has no signing secret");
        hooks.push({
          action: i,
          url: a.url,
          body: JSON.stringify({
            id: e.id,
            kind: e.kind,
            imei: e.imei,
            companyid: row.companyId,
            time: new Date(e.time).toISOString(),
            title,
            body,
            details: { automation: rule.id, reason: d.reason },
          }),
        });
      } else if (a.kind === "ticket") {
        await ports.ticket(row.companyId, { title: a.title, description: body, imei: e.imei });
      }
    } catch (err) {
      errors.push(`${a.kind}: ${(err as Error).message}`);
    }
  }
  return { errors, hooks };
}

export type RunSummary = { fired: number; skipped: number; failed: number; retrying: number };

/** Evaluates and acts on `events` (oldest first) for the company's enabled automations. */
export async function processEvents(
  companyId: number,
  events: DeviceEvent[],
  ports: ActionPorts,
): Promise<RunSummary> {
  const summary: RunSummary = { fired: 0, skipped: 0, failed: 0, retrying: 0 };
  if (!events.length) return summary;
  const rows = await prisma.automation.findMany({ where: { companyId, enabled: true } });
  if (!rows.length) return summary;
  const rules = rows.map(automationOf);
  const state: EngineState = Object.fromEntries(
    rows.map((r) => [
      r.id,
      { last: {}, recent: [], sensor: {}, ...(r.state as object) } as RuleState,
    ]),
  );
  const decisions = evaluate(rules, events, state);
  const byId = new Map(rows.map((r, i) => [r.id, { row: r, rule: rules[i]! }]));
  const eventById = new Map(events.map((e) => [e.id, e]));
  // The runs won and the e-mails they owe commit together; the outbox sends the mails.
  const { claimed, mailed } = await prisma.$transaction(async (tx) => {
    const claimed = decisions.length
      ? await tx.automationRun.createManyAndReturn({
          data: decisions.map((d) => ({
            automationId: d.ruleId,
            companyId,
            eventId: d.eventId,
            subject: d.subject,
            outcome: d.outcome,
            reason: d.reason.slice(0, 500),
            at: new Date(d.time),
          })),
          skipDuplicates: true,
          select: { id: true, automationId: true, eventId: true },
        })
      : [];
    const won = new Set(claimed.map((c) => `${c.automationId}|${c.eventId}`));
    const owed = decisions
      .filter((d) => d.outcome === "fired" && won.has(`${d.ruleId}|${d.eventId}`))
      .flatMap((d) =>
        owedRunMails(
          companyId,
          byId.get(d.ruleId)!.rule,
          eventById.get(d.eventId)!,
          d,
          ports.baseUrl,
        ),
      );
    return { claimed, mailed: await owe(tx, owed) };
  });
  if (mailed.length) void kickOutbox();
  const runIds = new Map(claimed.map((c) => [`${c.automationId}|${c.eventId}`, c.id]));
  const lastFired = new Map<string, number>();
  for (const d of decisions) {
    const runId = runIds.get(`${d.ruleId}|${d.eventId}`);
    if (!runId) continue; // decided before: a re-run
    if (d.outcome === "skipped") {
      summary.skipped++;
      continue;
    }
    const { row, rule } = byId.get(d.ruleId)!;
    lastFired.set(d.ruleId, Math.max(lastFired.get(d.ruleId) ?? 0, d.time));
    try {
      const { errors, hooks } = await act(row, rule, eventById.get(d.eventId)!, d, ports);
      const failure = errors.length ? errors.join("; ").slice(0, 500) : null;
      const outcome = hooks.length
        ? await startDeliveries(
            { id: runId, automationId: rule.id, companyId },
            hooks,
            open(row.webhookSecret!, "webhook-secret"),
            failure,
            (t) => ports.webhook(t),
          )
        : failure
          ? "failed"
          : "fired";
      if (outcome === "failed" && !hooks.length)
        await prisma.automationRun.update({
          where: { id: runId },
          data: { outcome: "failed", reason: failure! },
        });
      summary[outcome]++;
      if (outcome === "failed") logError("automations", `${rule.id}: run ${runId} failed`);
    } catch (e) {
      summary.failed++;
      await prisma.automationRun.update({
        where: { id: runId },
        data: { outcome: "failed", reason: (e as Error).message.slice(0, 500) },
      });
      logError("automations", `${rule.id}: ${(e as Error).message}`);
    }
  }
  for (const row of rows) {
    const fired = lastFired.get(row.id);
    await prisma.automation.updateMany({
      where: { id: row.id, companyId },
      data: {
        state: (state[row.id] ?? {}) as unknown as Prisma.InputJsonValue,
        ...(fired ? { lastFiredAt: new Date(fired) } : {}),
      },
    });
  }
  return summary;
}

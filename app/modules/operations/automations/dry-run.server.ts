/**
 * The dry run: one automation over the last 7 days of events (the upstream's history, schedule
 * occurrences, form submissions), with fresh state and no action taken: what would have fired,
 * and why each other event was skipped.
 */
import { upstream } from "~/services/api.server";
import type { Upstream } from "~/services/upstream/client.server";
import { evaluateLog } from "~/lib/automations/engine";
import type { Automation, DeviceEvent } from "~/lib/automations/model";
import {
  byTime,
  deviceFacts,
  formEvents,
  fromUpstream,
  scheduleEvents,
  upstreamEvents,
  type DeviceFacts,
} from "./sources.server";

export const DRY_RUN_DAYS = 7;
const SHOWN = 200;

export type DryRun = {
  from: string;
  to: string;
  events: number;
  fired: number;
  skipped: number;
  /** Skips grouped by reason (its figures and the local time left out). */
  reasons: { reason: string; count: number }[];
  /** The newest decisions first, at most SHOWN. */
  rows: { time: string; subject: string; outcome: "fired" | "skipped"; reason: string }[];
  ms: number;
};

/** Pure part (the bench measures it with events it made): evaluate and summarise. */
export function summarise(
  rule: Automation,
  events: DeviceEvent[],
  from: number,
  to: number,
  started: number,
): DryRun {
  const log = evaluateLog([{ ...rule, enabled: true }], events, {});
  const reasons = new Map<string, number>();
  let fired = 0;
  for (let i = 0; i < log.length; i++) {
    if (log.fired[i]) fired++;
    else {
      const key = log.reason[i]!.replace(/\s*\(.*?\)/g, "")
        .replace(/fired for \S+ \d+ min before/, "fired for the same subject before")
        .replace(/\d+(\.\d+)? (km\/h|h|min)\b/g, "n $2");
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
  }
  // Only the page shown is made into objects.
  const rows: DryRun["rows"] = [];
  for (let i = log.length - 1; i >= Math.max(0, log.length - SHOWN); i--) {
    const d = log.at(i);
    rows.push({
      time: new Date(d.time).toISOString(),
      subject: d.subject,
      outcome: d.outcome,
      reason: d.reason,
    });
  }
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    events: events.length,
    fired,
    skipped: log.length - fired,
    reasons: [...reasons]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count)
      .slice(0, 10),
    rows,
    ms: Date.now() - started,
  };
}

export async function dryRun(
  companyId: number,
  token: string,
  rule: Automation,
  now = Date.now(),
  up: Upstream = upstream(token),
  facts?: Map<string, DeviceFacts>,
): Promise<DryRun> {
  const started = Date.now();
  const from = now - DRY_RUN_DAYS * 86_400_000;
  const [raw, known, forms] = await Promise.all([
    upstreamEvents(up, from + 1000),
    facts ?? deviceFacts(companyId),
    rule.trigger.type === "form_submitted" ? formEvents(companyId, from, now) : Promise.resolve([]),
  ]);
  const events = [
    ...raw.events
      .filter((e) => e.companyid === companyId)
      .map((e) => fromUpstream(e, known.get(e.imei))),
    ...scheduleEvents([rule], from, now),
    ...forms,
  ].sort(byTime);
  return summarise(rule, events, from, now, started);
}

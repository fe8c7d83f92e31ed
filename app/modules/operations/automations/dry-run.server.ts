/**
 * The dry run: one automation over the last 7 days of events (the upstream's history, schedule
 * occurrences, form submissions), with fresh state and no action taken: what would have fired,
 * and why each other event was skipped.
 */
import { upstream } from "~/services/api.server";
import type { Upstream } from "~/services/upstream/client.server";
import { evaluate } from "./engine";
import type { Automation, DeviceEvent } from "./model";
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
  const decisions = evaluate([{ ...rule, enabled: true }], events, {});
  const reasons = new Map<string, number>();
  let fired = 0;
  for (const d of decisions) {
    if (d.outcome === "fired") fired++;
    else {
      const key = d.reason
        .replace(/\s*\(.*?\)/g, "")
        .replace(/fired for \S+ \d+ min before/, "fired for the same subject before")
        .replace(/\d+(\.\d+)? (km\/h|h|min)\b/g, "n $2");
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
  }
  return {
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    events: events.length,
    fired,
    skipped: decisions.length - fired,
    reasons: [...reasons]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count)
      .slice(0, 10),
    rows: decisions
      .slice(-SHOWN)
      .reverse()
      .map((d) => ({
        time: new Date(d.time).toISOString(),
        subject: d.subject,
        outcome: d.outcome,
        reason: d.reason,
      })),
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

/**
 * Where the engine's events come from: the upstream's alert events (GET /v2/events, 7 days of
 * history), schedule occurrences and the company's public form submissions, all turned into
 * `DeviceEvent`s with the vehicle's groups and tags from the device cache.
 */
import { prisma } from "~/services/db.server";
import type { Upstream } from "~/services/upstream/client.server";
import { events as fetchEvents, type UpstreamEvent } from "~/services/upstream/index.server";
import type { Automation, DeviceEvent, SensorName } from "~/lib/automations/model";
import { occurrences } from "./schedule";

export type DeviceFacts = { groupIds: number[]; tagIds: number[]; driverId: number | null };

const ids = (v: unknown) =>
  Array.isArray(v)
    ? v.map((x) => Number((x as { id?: unknown }).id)).filter((n) => Number.isInteger(n))
    : [];

/** Groups, tags and permanent driver of the company's vehicles, from the device cache. */
export async function deviceFacts(companyId: number): Promise<Map<string, DeviceFacts>> {
  const rows = await prisma.device.findMany({
    where: { companyId },
    select: { imei: true, groups: true, tags: true, permdriver: true },
  });
  return new Map(
    rows.map((r) => [
      r.imei,
      {
        groupIds: ids(r.groups),
        tagIds: ids(r.tags),
        driverId: r.permdriver && /^\d+$/.test(r.permdriver) ? Number(r.permdriver) : null,
      },
    ]),
  );
}

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** One upstream alert event as the engine reads it. */
export function fromUpstream(e: UpstreamEvent, facts?: DeviceFacts): DeviceEvent {
  const d = e.details;
  const time = Date.parse(e.time);
  const sensors: Partial<Record<SensorName, number>> = {};
  if (num(d.temperature) != null) sensors.temperature = num(d.temperature)!;
  if (num(d.battery) != null) sensors.battery = num(d.battery)!;
  if (num(d.voltage) != null) sensors.voltage = num(d.voltage)!;
  const lastContact = typeof d.lastContact === "string" ? Date.parse(d.lastContact) : NaN;
  return {
    id: e.id,
    kind: e.kind,
    imei: e.imei,
    time,
    groupIds: facts?.groupIds ?? [],
    tagIds: facts?.tagIds ?? [],
    driverId: num(d.driver_id) ?? facts?.driverId ?? null,
    jobsiteId: num(d.jobsite_id),
    speed: num(d.speed),
    sustainedHours: num(d.sustainedHours),
    offlineHours: Number.isFinite(lastContact) ? (time - lastContact) / 3_600_000 : null,
    sensors,
  };
}

/** Upstream events in (since, until], oldest first, page by page (the upstream keeps 7 days). */
export async function upstreamEvents(
  up: Upstream,
  since: number,
  onPage?: (count: number) => void,
  maxPages = 200,
): Promise<{ events: UpstreamEvent[]; next: string }> {
  const out: UpstreamEvent[] = [];
  let cursor = new Date(since).toISOString();
  for (let page = 0; page < maxPages; page++) {
    const res = await fetchEvents(up, { since: cursor, limit: 5000 });
    out.push(...res.events);
    onPage?.(out.length);
    cursor = res.next;
    if (!res.hasMore) break;
  }
  return { events: out, next: cursor };
}

/** Schedule occurrences of the automations in (from, to], as company-wide events. */
export function scheduleEvents(rules: Automation[], from: number, to: number): DeviceEvent[] {
  const out: DeviceEvent[] = [];
  for (const r of rules) {
    if (r.trigger.type !== "schedule") continue;
    for (const t of occurrences(r.trigger.rrule, r.timeZone, from, to))
      out.push({
        id: `schedule:${r.id}:${t}`,
        kind: "schedule",
        imei: null,
        time: t,
        automationId: r.id,
      });
  }
  return out;
}

/** Public form submissions of the company in (from, to]. */
export async function formEvents(
  companyId: number,
  from: number,
  to: number,
): Promise<DeviceEvent[]> {
  const rows = await prisma.formSubmission.findMany({
    where: { companyId, createdAt: { gt: new Date(from), lte: new Date(to) } },
    select: { id: true, formId: true, createdAt: true },
    orderBy: { createdAt: "asc" },
    take: 5000,
  });
  return rows.map((r) => ({
    id: `form:${r.id}`,
    kind: "form_submitted",
    imei: null,
    time: r.createdAt.getTime(),
    formId: r.formId,
  }));
}

export const byTime = (a: DeviceEvent, b: DeviceEvent) =>
  a.time - b.time || a.id.localeCompare(b.id);

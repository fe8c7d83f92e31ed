/**
 * Ignition on/off events (issue 26: the automations' ignition triggers), served in the alert event
 * feed (GET /v2/events). Derived from the movement model, so they agree with the diagnostics and
 * trips: the ignition goes on when a leg's warm-up starts and off when the vehicle stops idling at
 * the next stop (`sampleAt(...).ignition`), and an offline device reports nothing after it fell
 * silent. Only the vehicles among a company's first 24 devices report them, couriers excepted: the
 * feed then stays about the size it was whatever the fleet (a dry run reads 7 days of a 1,000-
 * vehicle company), and a courier's dozens of stops a day would outnumber every other event.
 */
import { round6 } from "./geo";
import { dayPlan, deviceDay, silentAfter } from "./movement";
import type { Device, World } from "./world";

export const IGNITION_KINDS = ["ignition_on", "ignition_off"] as const;
export type IgnitionKind = (typeof IGNITION_KINDS)[number];

/** How many of a company's first devices report ignition events (the default fleet's size). */
export const IGNITION_REPORTERS = 24;

export type IgnitionEvent = {
  id: string;
  kind: IgnitionKind;
  imei: string;
  companyid: number;
  time: string;
  details: Record<string, unknown>;
};

const reporters = new WeakMap<World, Map<number, Device[]>>();

/** The company's devices that report ignition events. */
export function ignitionReporters(world: World, companyid: number): Device[] {
  let byCompany = reporters.get(world);
  if (!byCompany) reporters.set(world, (byCompany = new Map()));
  let list = byCompany.get(companyid);
  if (!list) {
    list = (world.devicesByCompany.get(companyid) ?? [])
      .slice(0, IGNITION_REPORTERS)
      .filter((d) => !d.sim.stationary && !d.sim.courier && d.sim.profile !== "parked");
    byCompany.set(companyid, list);
  }
  return list;
}

/** Ignition events of one company with time in (since, until], unsorted. */
export function ignitionEventsBetween(
  world: World,
  companyid: number,
  since: number,
  until: number,
): IgnitionEvent[] {
  const out: IgnitionEvent[] = [];
  if (until <= since) return out;
  for (const d of ignitionReporters(world, companyid)) {
    const end = Math.min(until, silentAfter(world, d));
    if (end <= since) continue;
    const push = (kind: IgnitionKind, t: number, at: { lat: number; lng: number }, odo: number) => {
      if (t <= since || t > end) return;
      out.push({
        id: `ig-${companyid}-${d.imei}-${t}`,
        kind,
        imei: d.imei,
        companyid,
        time: new Date(t).toISOString(),
        details: {
          lat: round6(at.lat),
          lng: round6(at.lng),
          odometer: Math.round(odo * 10) / 10,
        },
      });
    };
    // A day's legs stay inside its device-day; the day before is read in case a shift runs over.
    for (let k = deviceDay(d, since) - 1; k <= deviceDay(d, end); k++) {
      for (const leg of dayPlan(d, k).legs) {
        if (leg.idleEnd <= since || leg.warmStart > end) continue;
        push("ignition_on", leg.warmStart, leg.fromStop.point, leg.odoStart);
        push("ignition_off", leg.idleEnd, leg.toStop.point, leg.odoStart + leg.km);
      }
    }
  }
  return out;
}

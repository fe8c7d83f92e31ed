/**
 * Overstay alerts: a hire whose off-hire date is within 2 days while the machine still works
 * ("Off-hire soon"), or past it while it still works ("Overdue"), is told to the company's people
 * who may manage plant hire (fleet_edit), in the app and as push. Once per contract and state: the
 * notification's event id names the contract, the state and the off-hire date, and the feed keeps
 * one notification per (user, event id), so checking again (another server, after a restart) sends
 * nothing; a new off-hire date (the hire extended) is news again.
 */
import { CAN } from "~/lib/access";
import { listDevices } from "~/modules/fleet/index.server";
import { APP_EVENT_PREFIX, notifyUser } from "~/modules/notifications/index.server";
import type { Auth } from "~/services/company-context.server";
import { usersWithSessions } from "~/services/session-users.server";
import { hireScope, judgedContracts, type JudgedContract } from "./plant-hire.server";

export const OVERSTAY_KIND = "plant_hire_overstay";

type Notice = { eventId: string; title: string; body: string; link: string; imei: string };

/** The notices owed for the company's contracts (pure). */
export function overstayNotices(
  companyId: number,
  contracts: ReadonlyArray<
    Pick<
      JudgedContract,
      "id" | "imei" | "state" | "off_hire" | "direction" | "supplier" | "customer"
    >
  >,
  assetName: (imei: string) => string = (imei) => imei,
): Notice[] {
  const out: Notice[] = [];
  for (const c of contracts) {
    if (c.state !== "ending-soon" && c.state !== "overdue") continue;
    const who = c.direction === "in" ? `from ${c.supplier ?? "the supplier"}` : `to ${c.customer}`;
    const asset = assetName(c.imei);
    out.push({
      eventId: `${APP_EVENT_PREFIX}plant-hire:${companyId}:${c.id}:${c.state}:${c.off_hire}`,
      title: c.state === "overdue" ? `Overdue: ${asset}` : `Off-hire soon: ${asset}`,
      body:
        c.state === "overdue"
          ? `${asset}, hired ${who}, was due off hire on ${c.off_hire} and is still working.`
          : `${asset}, hired ${who}, is due off hire on ${c.off_hire}: return or extend the hire.`,
      link: `/dashboard/plant-hire/${c.id}`,
      imei: c.imei,
    });
  }
  return out;
}

/** The company's people who may manage plant hire, as the app knows them (live sessions). */
export async function hireManagers(companyId: number, now = new Date()): Promise<number[]> {
  return (await usersWithSessions(CAN.editFleet, { companyId, now })).get(companyId) ?? [];
}

/** Checks one company's contracts and sends what is owed; returns how many notifications went out. */
export async function notifyOverstays(auth: Auth, now = Date.now()): Promise<number> {
  const users = await hireManagers(auth.companyId, new Date(now));
  if (!users.length) return 0;
  const [contracts, devices] = await Promise.all([
    hireScope(auth, now).then(judgedContracts),
    listDevices(auth),
  ]);
  const names = new Map(devices.devices.map((d) => [d.imei, d.nickname || d.imei]));
  let sent = 0;
  for (const n of overstayNotices(auth.companyId, contracts, (i) => names.get(i) ?? i))
    for (const userId of users) {
      const item = await notifyUser({
        userId,
        companyId: auth.companyId,
        kind: OVERSTAY_KIND,
        title: n.title,
        body: n.body,
        link: n.link,
        imei: n.imei,
        eventId: n.eventId,
      });
      if (item) sent++;
    }
  return sent;
}

/**
 * "Maintenance due" notifications: when a schedule becomes due soon, and again when it becomes
 * overdue, its open task's assignee and the company's fleet managers (people who may manage
 * maintenance) are told through the notifications module, by their own alert rules (kind
 * "maintenance_due"; someone without rules gets the default: in the app and as push).
 *
 * Once only: the event id names the company, the schedule, the due occurrence (the service the
 * interval counts from) and the stage, and the notifications module claims each (event, user)
 * once. A completed service starts a new occurrence, so the next time it falls due is news again.
 */
import {
  APP_EVENT_PREFIX,
  dispatchToUsers,
  type AppEvent,
} from "~/modules/notifications/index.server";
import type { Plan } from "./plans.server";
import type { Task } from "./upstream.server";
import { CAN } from "~/lib/access";
import { usersWithSessions } from "~/services/session-users.server";

const OPEN = new Set<Task["status"]>(["open", "in_progress", "on_hold"]);

/** The id of one stage of one due occurrence of a schedule. */
export function dueEventId(companyId: number, p: Plan, stage: "due_soon" | "overdue"): string {
  const occurrence = `${Date.parse(p.last.at)}-${Math.round(p.last.km)}-${Math.round(p.last.hours * 10)}`;
  return `${APP_EVENT_PREFIX}maintenance:${companyId}:${p.scheduleId}:${occurrence}:${stage}`;
}

/**
 * The notifications owed for the company's plans (pure): one per schedule that is due soon or
 * overdue, addressed to its open task's assignee and to `managers`.
 */
export function dueEvents(
  companyId: number,
  plans: Plan[],
  tasks: Task[],
  managers: number[],
  now = new Date(),
): AppEvent[] {
  const assignee = new Map<number, number>();
  for (const t of tasks)
    if (t.schedule_id !== null && t.assignee_id !== null && OPEN.has(t.status))
      assignee.set(t.schedule_id, t.assignee_id);
  const out: AppEvent[] = [];
  for (const p of plans) {
    if (p.status === "ok") continue;
    const who = assignee.get(p.scheduleId);
    const userIds = [...new Set([...(who === undefined ? [] : [who]), ...managers])];
    if (!userIds.length) continue;
    out.push({
      userIds,
      event: {
        id: dueEventId(companyId, p, p.status),
        kind: "maintenance_due",
        imei: p.imei,
        companyid: companyId,
        time: now.toISOString(),
        details: {
          scheduleId: p.scheduleId,
          task: p.template,
          status: p.status,
          dueAt: p.due.at,
          dueOdometer: p.due.km === null ? null : Math.round(p.due.km),
          dueHours: p.due.hours === null ? null : Math.round(p.due.hours * 10) / 10,
        },
      },
    });
  }
  return out;
}

/** The company's fleet managers the app knows: live sessions that may manage maintenance. */
export async function fleetManagers(companyId: number): Promise<number[]> {
  const rule = { ...CAN.manageMaintenance, feature: "vehicle_task_management" };
  return (await usersWithSessions(rule, { companyId })).get(companyId) ?? [];
}

/** Sends what is owed; returns how many (event, user) notifications went out this time. */
export async function notifyDue(
  companyId: number,
  token: string,
  plans: Plan[],
  tasks: Task[],
  now = new Date(),
): Promise<number> {
  const events = dueEvents(companyId, plans, tasks, await fleetManagers(companyId), now);
  return dispatchToUsers(companyId, events, token, now);
}

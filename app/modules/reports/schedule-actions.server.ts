/**
 * Who may see and change a scheduled report, and the schedule page's forms. A schedule belongs to
 * the user who made it: the owner and holders of reports_manage see and change it; anyone else
 * (of the company or not) gets 404, as if it did not exist. Only reports_manage creates one.
 */
import { json } from "@remix-run/node";
import { CAN, isAllowed } from "~/lib/access";
import type { SessionUser } from "~/lib/user";
import { switchIntent } from "~/services/intent.server";
import type { SessionData } from "~/services/session.server";
import { redirectWithToast } from "~/services/toast.server";
import type { ScheduleFormValues } from "./components/schedule-form";
import {
  createSchedule,
  deleteSchedule,
  parseScheduleForm,
  requireSchedule,
  nudgeScheduler,
  sendNow,
  setScheduleEnabled,
  updateSchedule,
} from "./report-schedules.server";
import { findReport, reportAllowed } from "./catalogue";
import { companyVehicles } from "./reports.server";

const LIST = "/dashboard/scheduled-reports";

/** Who is looking at schedules: the user, their company, and whether they manage reports. */
export type ScheduleViewer = { userId: number; companyId: number; manager: boolean };

export const scheduleViewer = (user: SessionUser): ScheduleViewer => ({
  userId: user.username_id,
  companyId: user.companyid,
  manager: isAllowed(user, CAN.manageReports),
});

/** The user ids whose schedules the viewer sees: undefined for all of the company's. */
export const visibleOwner = (v: ScheduleViewer) => (v.manager ? undefined : v.userId);

/** 403 unless the user may create schedules (reports_manage). */
export function requireScheduleCreator(v: ScheduleViewer) {
  if (!v.manager) throw new Response("Forbidden", { status: 403 });
}

/** The schedule, when the viewer owns it or manages reports; a 404 otherwise. */
export async function requireVisibleSchedule(v: ScheduleViewer, id: string) {
  const row = await requireSchedule(v.companyId, id);
  if (!v.manager && row.userId !== v.userId)
    throw new Response("Schedule not found", { status: 404 });
  return row;
}

export type ScheduleActionData = {
  errors?: Record<string, string>;
  values?: ScheduleFormValues;
  confirmDelete?: boolean;
};

function echo(form: FormData): ScheduleFormValues {
  const s = (k: string) => String(form.get(k) ?? "");
  return {
    reportKind: s("reportKind"),
    imeis: form.getAll("imeis").map(String),
    speedLimit: s("speedLimit"),
    speedUnit: s("speedUnit"),
    minStopMinutes: s("minStopMinutes"),
    frequency: s("frequency"),
    weekdays: form.getAll("weekdays").map(Number),
    monthDay: s("monthDay"),
    timeOfDay: s("timeOfDay"),
    timeZone: s("timeZone"),
    period: s("period"),
    format: s("format"),
    measurement: s("measurement"),
    recipients: s("recipients"),
    subject: s("subject"),
    message: s("message"),
    enabled: form.get("enabled") === "on",
  };
}

type Actor = { userId: number; companyId: number; token: string; user: SessionUser };

async function saveSchedule(form: FormData, actor: Actor, id: string | null) {
  const parsed = parseScheduleForm(form);
  if (!parsed.ok)
    return json<ScheduleActionData>({ errors: parsed.errors, values: echo(form) }, { status: 400 });
  // A schedule runs its report as its owner: one the user may not open (the driver report without
  // drivers_manage, a report whose feature is off) is refused like any other bad field.
  const def = findReport(parsed.value.reportKind);
  if (def && !reportAllowed(actor.user, def))
    return json<ScheduleActionData>(
      {
        errors: { reportKind: "You do not have permission to schedule this report" },
        values: echo(form),
      },
      { status: 400 },
    );
  // Only the company's own vehicles: another company's imei (a forged form) is a 404.
  const vehicles = await companyVehicles({ token: actor.token, companyId: actor.companyId });
  const own = new Set(vehicles.map((v) => v.imei));
  if (parsed.value.params.imeis.some((imei) => !own.has(imei)))
    throw new Response("Vehicle not found", { status: 404 });
  if (!id) {
    // The creator owns it; an edit by a manager keeps the owner.
    const s = await createSchedule(
      { userId: actor.userId, companyId: actor.companyId },
      parsed.value,
    );
    return redirectWithToast(`${LIST}/${s.id}`, {
      type: "success",
      description: "Schedule created.",
    });
  }
  await updateSchedule(actor.companyId, id, parsed.value);
  return redirectWithToast(`${LIST}/${id}`, { type: "success", description: "Changes saved." });
}

/** The schedule page's forms: the schedule itself, and (once it exists) its buttons; one handler each. */
export async function scheduleAction(session: SessionData, scheduleId: string, form: FormData) {
  const { user, token } = session;
  const viewer = scheduleViewer(user);
  const actor = { userId: user.username_id, companyId: user.companyid, token, user };
  if (!form.has("intent")) form.set("intent", "save");
  if (scheduleId === "new") {
    requireScheduleCreator(viewer);
    if (form.get("intent") !== "save") throw new Response("Not found", { status: 404 });
    return saveSchedule(form, actor, null);
  }
  // Another's schedule (of this company or another) is a 404 whatever was posted, before the form.
  const { id } = await requireVisibleSchedule(viewer, scheduleId);
  const { companyId } = actor;
  const page = `${LIST}/${id}`;
  return switchIntent(form, {
    save: (f) => saveSchedule(f, actor, id),
    enable: async () => {
      await setScheduleEnabled(companyId, id, true);
      return redirectWithToast(page, { type: "success", description: "Schedule enabled." });
    },
    disable: async () => {
      await setScheduleEnabled(companyId, id, false);
      return redirectWithToast(page, {
        type: "success",
        description: "Schedule disabled: it will not run until you enable it.",
      });
    },
    "send-now": async (f) => {
      const run = await sendNow(companyId, id, f.get("requestKey"));
      if (run.created) await nudgeScheduler();
      return redirectWithToast(page, {
        type: "success",
        description: "The report is being sent now. The run appears in the history below.",
      });
    },
    delete: async (f) => {
      if (f.get("confirm") !== "yes") return json<ScheduleActionData>({ confirmDelete: true });
      await deleteSchedule(companyId, id);
      return redirectWithToast(LIST, { type: "success", description: "Schedule deleted." });
    },
  });
}

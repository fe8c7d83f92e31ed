/**
 * The driver safety page's forms: an incident's review step (drivers_manage), the scoring settings
 * (company admins: edit_permissions; every save a new version) and an explicit recompute of the
 * stored weeks. An event id is only accepted when the company's own events hold it (else 404).
 */
import { json } from "@remix-run/node";
import { isAllowed } from "~/lib/access";
import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/parse-form";
import { kmFromInput, parseMeasurement, type Measurement } from "~/lib/units";
import type { ModuleContext } from "~/services/guard.server";
import { prisma } from "~/services/db.server";
import { switchIntent } from "~/services/intent.server";
import { logInfo } from "~/services/log.server";
import { redirectWithToast } from "~/services/toast.server";
import { SCORED } from "./behaviours";
import { rangeData, saveReview } from "./data.server";
import { DAY } from "./safety-compute";
import { REVIEW_LABEL, reviewSchema, settingsFormSchema } from "./schemas";
import { scoreSettingsSchema, type ScoreSettings } from "./score";
import { saveSettings } from "./settings.server";
import { canManage } from "./safety.server";
import { vehicles } from "./vehicles.server";

/** A refused review or settings form: Conform's reply (messages beside fields, typed kept). */
export type SafetyActionData = {
  intent: "review" | "settings";
  eventId?: string;
  result: SubmissionResult<string[]>;
};

const forbidden = () => new Response("Forbidden", { status: 403 });
const notFound = () => new Response("Not found", { status: 404 });

/** The company's event with this id, or a 404 (ids are `<imei>-<trip departure ms>-<b>-<k>`). */
export async function requireEvent(ctx: ModuleContext, eventId: string) {
  const m = /^(\d+)-(\d{12,})-\d+-\d+$/.exec(eventId);
  if (!m) throw notFound();
  if (!(await vehicles(ctx.auth)).some((v) => v.imei === m[1])) throw notFound();
  const depart = Number(m[2]);
  const { events } = await rangeData(ctx.auth, depart - DAY, depart + 2 * DAY);
  const e = events.find((x) => x.id === eventId);
  if (!e) throw notFound();
  return e;
}

async function review(ctx: ModuleContext, form: FormData, back: string) {
  if (!canManage(ctx)) throw forbidden();
  const sub = parseForm(form, reviewSchema);
  if (sub.status !== "success")
    return json<SafetyActionData>(
      { intent: "review", eventId: String(form.get("eventId") ?? ""), result: sub.reply() },
      { status: 400 },
    );
  const v = sub.value;
  await requireEvent(ctx, v.eventId);
  await saveReview(ctx.companyId, v.eventId, {
    status: v.status,
    reason: v.reason || null,
    note: v.note || null,
    by: ctx.user.name,
  });
  logInfo("drivers", `user=${ctx.user.username} review event=${v.eventId} status=${v.status}`);
  return redirectWithToast(back, {
    type: "success",
    description: `Incident marked ${REVIEW_LABEL[v.status].toLowerCase()}.`,
  });
}

/** The flat form's numbers as settings (weights are entered as they are, summing to 1). */
function toSettings(f: Record<string, number>, m: Measurement): ScoreSettings {
  return {
    weights: Object.fromEntries(SCORED.map((b) => [b, f[`w_${b}`]!])) as ScoreSettings["weights"],
    k: Object.fromEntries(SCORED.map((b) => [b, f[`k_${b}`]!])) as ScoreSettings["k"],
    bands: { low: f.band_low!, mild: f.band_mild!, medium: f.band_medium! },
    minDistanceKm: kmFromInput(f.minDistanceKm!, m),
  };
}

async function settings(ctx: ModuleContext, form: FormData, back: string) {
  if (!isAllowed(ctx.user, { permission: "edit_permissions" })) throw forbidden();
  const sub = parseForm(form, settingsFormSchema);
  const bad = (result: SubmissionResult<string[]>) =>
    json<SafetyActionData>({ intent: "settings", result }, { status: 400 });
  if (sub.status !== "success") return bad(sub.reply());
  const parsed = scoreSettingsSchema.safeParse(
    toSettings(sub.value as Record<string, number>, parseMeasurement(form.get("measurement"))),
  );
  if (!parsed.success) {
    // The settings' own rules, each filed under the form field it is about ("weights" and
    // "bands" for a rule of the whole group).
    const fieldErrors: Record<string, string[]> = {};
    for (const i of parsed.error.issues) {
      const [group, b] = i.path as string[];
      const field =
        group === "k"
          ? `k_${b}`
          : group === "weights"
            ? b
              ? `w_${b}`
              : "weights"
            : group === "bands"
              ? "bands"
              : String(group);
      fieldErrors[field] ??= [i.message];
    }
    return bad(sub.reply({ fieldErrors }));
  }
  const saved = await saveSettings(ctx.companyId, parsed.data, ctx.user.name);
  logInfo("drivers", `user=${ctx.user.username} saved scoring settings v${saved.version}`);
  return redirectWithToast(back, {
    type: "success",
    description: `Scoring settings saved as version ${saved.version}. Past weeks keep their scores until you recompute them.`,
  });
}

/** Explicit: forgets the stored weeks, so the next view scores them with the settings in force. */
async function recompute(ctx: ModuleContext, _form: FormData, back: string) {
  if (!isAllowed(ctx.user, { permission: "edit_permissions" })) throw forbidden();
  const { count } = await prisma.driverScoreWeek.deleteMany({
    where: { companyId: ctx.companyId },
  });
  logInfo("drivers", `user=${ctx.user.username} recomputed ${count} stored weeks`);
  return redirectWithToast(back, {
    type: "success",
    description: "Past weeks recomputed with the current settings.",
  });
}

export function safetyAction(ctx: ModuleContext, form: FormData, back: string) {
  return switchIntent(form, {
    review: (f) => review(ctx, f, back),
    settings: (f) => settings(ctx, f, back),
    recompute: (f) => recompute(ctx, f, back),
  });
}

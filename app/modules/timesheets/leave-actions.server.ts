/** The leave forms' posts, shared by the leave requests page and the calendar. */
import { json } from "@remix-run/node";
import { firstErrors, parseForm } from "~/lib/parse-form";
import type { ModuleContext } from "~/services/guard.server";
import { redirectWithToast } from "~/services/toast.server";
import { DecisionSchema, LeaveRequestSchema } from "./leave-form";
import { cancelMyLeave, decide, submitLeave } from "./leave.server";

export type LeaveActionData = {
  values?: Record<string, string | boolean>;
  errors?: Record<string, string>;
  message?: string | null;
  decisionFor?: number;
};

const typed = (form: FormData) => ({
  type_id: String(form.get("type_id") ?? ""),
  leave_start_date: String(form.get("leave_start_date") ?? ""),
  leave_end_date: String(form.get("leave_end_date") ?? ""),
  all_day: form.get("all_day") === "on",
  hours: String(form.get("hours") ?? ""),
  reason: String(form.get("reason") ?? ""),
});

/** Requests leave; a refusal comes back with the typed values and the message by its field. */
export async function requestAction(ctx: ModuleContext, form: FormData, back: string) {
  const values = typed(form);
  if (values.all_day) form.delete("hours");
  const submission = parseForm(form, LeaveRequestSchema);
  if (submission.status !== "success")
    return json<LeaveActionData>(
      { values, errors: firstErrors(submission.reply()), message: null },
      { status: 400 },
    );
  const r = await submitLeave(ctx, submission.value);
  if (!r.ok)
    return json<LeaveActionData>(
      { values, errors: r.field ? { [r.field]: r.message } : {}, message: r.message },
      { status: r.field ? 400 : 409 },
    );
  const days = `${r.days} working day${r.days === 1 ? "" : "s"}`;
  return redirectWithToast(back, {
    type: r.warnings.length ? "info" : "success",
    description: `Leave requested: ${r.leave.type_of_leave}, ${days}.${
      r.warnings.length ? ` Note: ${r.warnings.join("; ")}.` : ""
    }`,
  });
}

const idOf = (form: FormData) => {
  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

export async function cancelAction(ctx: ModuleContext, form: FormData, back: string) {
  const r = await cancelMyLeave(ctx, idOf(form));
  if (!r.ok) return json<LeaveActionData>({ message: r.message }, { status: 409 });
  return redirectWithToast(back, { type: "success", description: "Leave request cancelled." });
}

export async function decideAction(
  ctx: ModuleContext,
  form: FormData,
  approve: boolean,
  back: string,
) {
  const id = idOf(form);
  const parsed = DecisionSchema.safeParse(Object.fromEntries(form));
  const comment = parsed.success ? parsed.data.comment : "";
  const r = await decide(ctx, id, approve, comment);
  if (!r.ok)
    return json<LeaveActionData>(
      { message: r.message, decisionFor: id, values: { comment } },
      { status: 400 },
    );
  const l = r.value;
  const who = `${l.accounts.first_name} ${l.accounts.last_name}`;
  return redirectWithToast(back, {
    type: "success",
    description: approve
      ? l.status === "approved"
        ? `${who}'s leave is approved.`
        : `Approved; ${who}'s leave needs ${l.approvals_required - l.leave_approval.filter((a) => a.approved).length} more approval.`
      : `${who}'s leave is declined.`,
  });
}

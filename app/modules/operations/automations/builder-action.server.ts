/**
 * The builder's posts, for the new and the edit page alike: the list buttons (add or remove a
 * condition or action, show a trigger's settings) answer with the changed values and no
 * validation; "save" validates (messages next to the fields, values kept) and saves.
 */
import { json } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/parse-form";
import type { ModuleContext } from "~/services/guard.server";
import { notUnderstood } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { AutomationSchema, CONDITION_KINDS, type Draft } from "./automation-form";
import { saveAutomation } from "./automations.server";
import { ACTION_KINDS } from "~/lib/automations/model";

export type BuilderActionData = {
  draft: Draft;
  key: string;
  result?: SubmissionResult<string[]>;
  message?: string | null;
};

const asList = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v)
    ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === "object")
    : [];

export function draftFrom(payload: Record<string, unknown>): Draft {
  return { ...payload, conditions: asList(payload.conditions), actions: asList(payload.actions) };
}

const LIST_INTENT = /^(add|remove)-(condition|action):([\w]+)$/;

export async function builderAction(
  ctx: ModuleContext,
  id: string | null,
  form: FormData,
  checkUrl?: (url: string) => Promise<string | null>,
) {
  const intent = String(form.get("intent") ?? "");
  const submission = parseForm(form, AutomationSchema);
  const draft = draftFrom(submission.payload as Record<string, unknown>);
  const key = `${id ?? "new"}-${Date.now()}`;
  const list = LIST_INTENT.exec(intent);
  if (list || intent === "refresh") {
    if (list) {
      const [, op, what, arg] = list;
      const items = what === "condition" ? draft.conditions : draft.actions;
      if (op === "add") {
        const kinds: readonly string[] = what === "condition" ? CONDITION_KINDS : ACTION_KINDS;
        if (!kinds.includes(arg!)) return notUnderstood();
        if (items.length < (what === "condition" ? 20 : 10)) items.push({ kind: arg });
      } else {
        if (!/^\d{1,2}$/.test(arg!)) return notUnderstood();
        items.splice(Number(arg), 1);
      }
    }
    return json<BuilderActionData>({ draft, key });
  }
  if (intent !== "save") return notUnderstood();
  if (submission.status !== "success")
    return json<BuilderActionData>(
      { draft, key, result: submission.reply(), message: "Check the fields marked below." },
      { status: 400 },
    );
  const r = await saveAutomation(ctx, id, submission.value, checkUrl);
  if (!r.ok)
    return json<BuilderActionData>(
      {
        draft,
        key,
        result: submission.reply({ fieldErrors: r.fieldErrors }),
        message: "Check the fields marked below.",
      },
      { status: 400 },
    );
  return redirectWithToast(`/dashboard/createAutomations/${r.id}`, {
    type: "success",
    description: id ? "Automation saved." : "Automation created.",
  });
}

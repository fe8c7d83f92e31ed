/**
 * The builder's posts, for the new and the edit page alike: the list buttons (add or remove a
 * condition or action, show a trigger's settings) answer with the changed values and no
 * validation; "save" validates (messages next to the fields, values kept) and saves.
 */
import { json, type TypedResponse } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/parse-form";
import type { ModuleContext } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
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

type Shown = () => TypedResponse<BuilderActionData>;

/**
 * The list buttons' intents, one per kind to add ("add-condition:time") and per row to remove
 * ("remove-action:2"): each changes the draft and shows it again, unvalidated.
 */
function listIntents(draft: Draft, shown: Shown): Record<string, Shown> {
  const handlers: Record<string, Shown> = {};
  const lists = [
    ["condition", draft.conditions, CONDITION_KINDS, 20],
    ["action", draft.actions, ACTION_KINDS, 10],
  ] as const;
  for (const [what, items, kinds, most] of lists) {
    for (const kind of kinds)
      handlers[`add-${what}:${kind}`] = () => {
        if (items.length < most) items.push({ kind });
        return shown();
      };
    // Any one- or two-digit row, as the buttons post; a row past the end removes nothing.
    for (let row = 0; row < 100; row++)
      handlers[`remove-${what}:${row}`] = () => {
        items.splice(row, 1);
        return shown();
      };
  }
  return handlers;
}

async function save(
  ctx: ModuleContext,
  id: string | null,
  submission: ReturnType<typeof parseForm<typeof AutomationSchema>>,
  draft: Draft,
  key: string,
  checkUrl?: (url: string) => Promise<string | null>,
) {
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

export async function builderAction(
  ctx: ModuleContext,
  id: string | null,
  form: FormData,
  checkUrl?: (url: string) => Promise<string | null>,
) {
  const submission = parseForm(form, AutomationSchema);
  const draft = draftFrom(submission.payload as Record<string, unknown>);
  const key = `${id ?? "new"}-${Date.now()}`;
  const shown: Shown = () => json<BuilderActionData>({ draft, key });
  return switchIntent(form, {
    ...listIntents(draft, shown),
    refresh: shown,
    save: () => save(ctx, id, submission, draft, key, checkUrl),
  });
}

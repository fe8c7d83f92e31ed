/** The editor's add and remove buttons (they post the form, so they work without JavaScript). */
import {
  emptyField,
  emptyStep,
  MAX_FIELDS,
  MAX_STAGES,
  MAX_STEPS,
  type TypeDraft,
} from "./type-draft";

/** A layout change from a button: "add-field", "remove-field.2", "add-step.1", "remove-step.1.0"… */
export type LayoutOp =
  | { op: "add-field" | "add-stage" }
  | { op: "remove-field" | "remove-stage" | "add-step"; at: number }
  | { op: "remove-step"; at: number; step: number };

export function parseLayout(s: string | null): LayoutOp | null {
  const m =
    /^(add-field|add-stage|remove-field|remove-stage|add-step|remove-step)(?:\.(\d{1,2}))?(?:\.(\d{1,2}))?$/.exec(
      s ?? "",
    );
  if (!m) return null;
  const op = m[1]!;
  const at = m[2] === undefined ? null : Number(m[2]);
  const step = m[3] === undefined ? null : Number(m[3]);
  if (op === "add-field" || op === "add-stage") return at === null ? { op } : null;
  if (op === "remove-step") return at !== null && step !== null ? { op, at, step } : null;
  return at !== null && step === null
    ? { op: op as "remove-field" | "remove-stage" | "add-step", at }
    : null;
}

/** The draft after a layout change (a new draft; limits keep the form a sensible size). */
export function applyLayout(d: TypeDraft, l: LayoutOp): TypeDraft {
  const next: TypeDraft = {
    ...d,
    fields: [...d.fields],
    stages: d.stages.map((s) => ({ steps: [...s.steps] })),
  };
  switch (l.op) {
    case "add-field":
      if (next.fields.length < MAX_FIELDS) next.fields.push(emptyField());
      break;
    case "remove-field":
      next.fields.splice(l.at, 1);
      break;
    case "add-stage":
      if (next.stages.length < MAX_STAGES) next.stages.push({ steps: [emptyStep()] });
      break;
    case "remove-stage":
      next.stages.splice(l.at, 1);
      break;
    case "add-step": {
      const stage = next.stages[l.at];
      if (stage && stage.steps.length < MAX_STEPS) stage.steps.push(emptyStep());
      break;
    }
    case "remove-step":
      next.stages[l.at]?.steps.splice(l.step, 1);
      break;
  }
  return next;
}

/**
 * The ticket type editor's draft (browser-safe): what the posted form holds, as plain strings so a
 * refused form shows exactly what was typed, read from a stored type or from the posted form.
 */
import type { ApprovalStep } from "./approval-chain";

export const FIELD_KINDS = ["text", "number", "choice"] as const;
export const STEP_MODES = ["any", "all", "quorum"] as const;
export const CONDITION_OPS = [">", ">=", "<", "<=", "==", "!="] as const;
export const MAX_FIELDS = 20;
export const MAX_STAGES = 8;
export const MAX_STEPS = 6;

export type DraftField = {
  key: string;
  label: string;
  kind: string;
  required: boolean;
  options: string;
};
export type DraftStep = {
  id: string;
  name: string;
  approvers: string[];
  mode: string;
  quorum: string;
  /** A simple condition: fact, operator, value ("cost", ">", "5000"); all empty for none. */
  condVar: string;
  condOp: string;
  condValue: string;
  /** A condition the simple form cannot show, kept as JSON Logic text. */
  condRaw: string;
  escalateAfter: string;
  escalateTo: string[];
};
export type TypeDraft = {
  id: number | null;
  name: string;
  description: string;
  active: boolean;
  defaultAssignee: string;
  firstResponseHours: string;
  resolutionHours: string;
  pausedStatuses: string[];
  fields: DraftField[];
  stages: Array<{ steps: DraftStep[] }>;
};

export const emptyField = (): DraftField => ({
  key: "",
  label: "",
  kind: "text",
  required: false,
  options: "",
});
export const emptyStep = (): DraftStep => ({
  id: "",
  name: "",
  approvers: [],
  mode: "any",
  quorum: "",
  condVar: "",
  condOp: ">",
  condValue: "",
  condRaw: "",
  escalateAfter: "",
  escalateTo: [],
});
export const emptyDraft = (): TypeDraft => ({
  id: null,
  name: "",
  description: "",
  active: true,
  defaultAssignee: "",
  firstResponseHours: "4",
  resolutionHours: "16",
  pausedStatuses: ["waiting"],
  fields: [],
  stages: [],
});

type StoredType = {
  id: number;
  name: string;
  description: string;
  fields: Array<{
    key: string;
    label: string;
    kind: string;
    required?: boolean;
    options?: string[];
  }>;
  default_assignee: number | null;
  first_response_hours: number;
  resolution_hours: number;
  paused_statuses: string[];
  chain: {
    stages: Array<{ steps: Array<Omit<ApprovalStep, "condition"> & { condition?: unknown }> }>;
  };
  active: boolean;
};

/** A simple comparison `{op: [{var: x}, n]}`, as the editor shows it; null for anything else. */
function simpleCondition(c: unknown): { v: string; op: string; value: string } | null {
  if (!c || typeof c !== "object" || Array.isArray(c)) return null;
  const entries = Object.entries(c as Record<string, unknown>);
  if (entries.length !== 1) return null;
  const [op, args] = entries[0]!;
  if (!(CONDITION_OPS as readonly string[]).includes(op) || !Array.isArray(args)) return null;
  const [left, right] = args as unknown[];
  const v = (left as { var?: unknown } | null)?.var;
  if (typeof v !== "string" || args.length !== 2) return null;
  if (typeof right !== "number" && typeof right !== "string") return null;
  return { v, op, value: String(right) };
}

/** The editor's draft of a stored type. */
export function draftOf(t: StoredType): TypeDraft {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    active: t.active,
    defaultAssignee: t.default_assignee === null ? "" : String(t.default_assignee),
    firstResponseHours: String(t.first_response_hours),
    resolutionHours: String(t.resolution_hours),
    pausedStatuses: [...t.paused_statuses],
    fields: t.fields.map((f) => ({
      key: f.key,
      label: f.label,
      kind: f.kind,
      required: f.required === true,
      options: (f.options ?? []).join(", "),
    })),
    stages: t.chain.stages.map((s) => ({
      steps: s.steps.map((x) => {
        const simple = simpleCondition(x.condition);
        return {
          id: x.id,
          name: x.name,
          approvers: x.approvers.map(String),
          mode: x.mode,
          quorum: x.quorum ? String(x.quorum) : "",
          condVar: simple?.v ?? "",
          condOp: simple?.op ?? ">",
          condValue: simple?.value ?? "",
          condRaw: x.condition && !simple ? JSON.stringify(x.condition) : "",
          escalateAfter: x.escalateAfterHours ? String(x.escalateAfterHours) : "",
          escalateTo: (x.escalateTo ?? []).map(String),
        };
      }),
    })),
  };
}

const str = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};
const strs = (form: FormData, name: string) =>
  form.getAll(name).filter((v): v is string => typeof v === "string");

/**
 * The draft a posted editor form holds. Inputs are named `fields.<i>.<prop>` and
 * `stages.<s>.steps.<k>.<prop>`; every field, stage and step posts a hidden marker so that one
 * left blank still counts.
 */
export function draftFromForm(form: FormData): TypeDraft {
  const idText = str(form, "type_id");
  const id = /^\d{1,9}$/.test(idText) ? Number(idText) : null;
  let fieldCount = 0;
  const stepCounts: number[] = [];
  for (const name of form.keys()) {
    const f = /^fields\.(\d{1,2})\./.exec(name);
    if (f) fieldCount = Math.max(fieldCount, Number(f[1]) + 1);
    const s = /^stages\.(\d{1,2})\.(?:steps\.(\d{1,2})\.)?/.exec(name);
    if (s) {
      const si = Number(s[1]);
      while (stepCounts.length <= si) stepCounts.push(0);
      if (s[2] !== undefined) stepCounts[si] = Math.max(stepCounts[si]!, Number(s[2]) + 1);
    }
  }
  return {
    id,
    name: str(form, "name"),
    description: str(form, "description"),
    active: form.get("active") === "on",
    defaultAssignee: str(form, "default_assignee"),
    firstResponseHours: str(form, "first_response_hours"),
    resolutionHours: str(form, "resolution_hours"),
    pausedStatuses: strs(form, "paused_statuses"),
    fields: Array.from({ length: Math.min(fieldCount, MAX_FIELDS) }, (_, i) => {
      const p = `fields.${i}.`;
      return {
        key: str(form, `${p}key`),
        label: str(form, `${p}label`),
        kind: str(form, `${p}kind`) || "text",
        required: form.get(`${p}required`) === "on",
        options: str(form, `${p}options`),
      };
    }),
    stages: stepCounts.slice(0, MAX_STAGES).map((count, si) => ({
      steps: Array.from({ length: Math.min(count, MAX_STEPS) }, (_, k) => {
        const p = `stages.${si}.steps.${k}.`;
        return {
          id: str(form, `${p}id`),
          name: str(form, `${p}name`),
          approvers: strs(form, `${p}approvers`),
          mode: str(form, `${p}mode`) || "any",
          quorum: str(form, `${p}quorum`),
          condVar: str(form, `${p}condVar`),
          condOp: str(form, `${p}condOp`) || ">",
          condValue: str(form, `${p}condValue`),
          condRaw: str(form, `${p}condRaw`),
          escalateAfter: str(form, `${p}escalateAfter`),
          escalateTo: strs(form, `${p}escalateTo`),
        };
      }),
    })),
  };
}

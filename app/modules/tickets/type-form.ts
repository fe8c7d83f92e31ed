/**
 * The ticket type editor's form (browser-safe): what the posted form holds (a draft of plain
 * strings, so a refused form shows exactly what was typed), the layout changes its buttons make
 * without JavaScript (add or remove a field, a stage or a step), and the check that turns a draft
 * into a type for the upstream, with one message per input and the chain's own problems.
 */
import { z } from "zod";
import { chainProblems, type ApprovalChain, type ApprovalStep } from "./approval-chain";
import { STATUS_VALUES } from "./ticket-labels";

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

/** What the upstream keeps of a type (the shape of upstream.server.ts's TicketTypeInput). */
export type TypeValue = {
  name: string;
  description: string;
  fields: Array<{
    key: string;
    label: string;
    kind: (typeof FIELD_KINDS)[number];
    required: boolean;
    options?: string[];
  }>;
  default_assignee: number | null;
  first_response_hours: number;
  resolution_hours: number;
  paused_statuses: string[];
  chain: ApprovalChain;
  active: boolean;
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
  chain: { stages: Array<{ steps: Array<Omit<ApprovalStep, "condition"> & { condition?: unknown }> }> };
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

/** A layout change from a button: "add-field", "remove-field.2", "add-step.1", "remove-step.1.0"… */
export type LayoutOp =
  | { op: "add-field" | "add-stage" }
  | { op: "remove-field" | "remove-stage" | "add-step"; at: number }
  | { op: "remove-step"; at: number; step: number };

export function parseLayout(s: string | null): LayoutOp | null {
  const m = /^(add-field|add-stage|remove-field|remove-stage|add-step|remove-step)(?:\.(\d{1,2}))?(?:\.(\d{1,2}))?$/.exec(
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

/** A key for a field or step id from its label ("Estimated cost" → "estimated_cost"). */
export function slug(label: string): string {
  const s = label
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 30);
  return /^[a-z]/.test(s) ? s : `f_${s || "field"}`;
}

const unique = (base: string, taken: Set<string>) => {
  let k = base;
  for (let n = 2; taken.has(k); n++) k = `${base}_${n}`;
  taken.add(k);
  return k;
};

const hoursSchema = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${what} time in hours`)
    .pipe(
      z.coerce
        .number({ invalid_type_error: "Enter a number of hours" })
        .positive("Use more than 0 hours")
        .max(2000, "At most 2,000 hours"),
    );

const NameSchema = z
  .string()
  .trim()
  .min(1, "Give the type a name")
  .max(80, "A name is at most 80 characters");

export type DraftErrors = Record<string, string>;
export type DraftCheck = { ok: true; value: TypeValue } | { ok: false; errors: DraftErrors };

const firstIssue = (r: z.SafeParseReturnType<unknown, unknown>) =>
  r.success ? null : (r.error.issues[0]?.message ?? "Check this value");

/**
 * The type a draft describes, or a message per input: `name`, `fields.<i>.label`,
 * `stages.<s>.steps.<k>.<prop>`, and `chain` for what `chainProblems` finds in the chain as a whole.
 */
export function checkDraft(d: TypeDraft, people: ReadonlySet<number>): DraftCheck {
  const errors: DraftErrors = {};
  const put = (path: string, msg: string | null) => {
    if (msg && !errors[path]) errors[path] = msg;
  };
  const name = NameSchema.safeParse(d.name);
  put("name", firstIssue(name));
  if (d.description.trim().length > 500) put("description", "At most 500 characters");
  const fr = hoursSchema("first response").safeParse(d.firstResponseHours);
  put("first_response_hours", firstIssue(fr));
  const rs = hoursSchema("resolution").safeParse(d.resolutionHours);
  put("resolution_hours", firstIssue(rs));
  if (fr.success && rs.success && rs.data < fr.data)
    put("resolution_hours", "Resolution cannot be due before the first response");
  const person = (v: string) => (/^\d{1,9}$/.test(v) && people.has(Number(v)) ? Number(v) : null);
  const assignee = d.defaultAssignee ? person(d.defaultAssignee) : null;
  if (d.defaultAssignee && assignee === null) put("default_assignee", "Choose someone of the company");
  const paused = d.pausedStatuses.filter((s) => (STATUS_VALUES as readonly string[]).includes(s));
  if (paused.some((s) => s === "resolved" || s === "closed"))
    put("paused_statuses", "A finished ticket has no clock to pause");

  const keys = new Set<string>();
  const labels = new Set<string>();
  const fields: TypeValue["fields"] = d.fields.map((f, i) => {
    const label = f.label.trim();
    if (!label) put(`fields.${i}.label`, "Give the field a label");
    else if (label.length > 80) put(`fields.${i}.label`, "A label is at most 80 characters");
    else if (labels.has(label.toLowerCase())) put(`fields.${i}.label`, "Two fields have this label");
    labels.add(label.toLowerCase());
    const kind = (FIELD_KINDS as readonly string[]).includes(f.kind)
      ? (f.kind as TypeValue["fields"][number]["kind"])
      : "text";
    const options = [
      ...new Set(
        f.options
          .split(",")
          .map((o) => o.trim())
          .filter(Boolean),
      ),
    ];
    if (kind === "choice" && options.length < 2)
      put(`fields.${i}.options`, "List at least two choices, separated by commas");
    const key = unique(/^[a-z][a-z0-9_]{0,39}$/.test(f.key) ? f.key : slug(label), keys);
    return {
      key,
      label,
      kind,
      required: f.required,
      ...(kind === "choice" ? { options } : {}),
    };
  });

  const numberKeys = new Set(fields.filter((f) => f.kind === "number").map((f) => f.key));
  const stepIds = new Set<string>();
  const stages: ApprovalChain["stages"] = d.stages.map((s, si) => ({
    steps: s.steps.map((x, k) => {
      const p = `stages.${si}.steps.${k}.`;
      const stepName = x.name.trim();
      if (!stepName) put(`${p}name`, "Give the step a name");
      else if (stepName.length > 60) put(`${p}name`, "A name is at most 60 characters");
      const approvers = [...new Set(x.approvers.map(person))].filter((a): a is number => a !== null);
      if (approvers.length !== x.approvers.length) put(`${p}approvers`, "Choose people of the company");
      const mode = (STEP_MODES as readonly string[]).includes(x.mode)
        ? (x.mode as ApprovalStep["mode"])
        : "any";
      let quorum: number | undefined;
      if (mode === "quorum") {
        quorum = Number(x.quorum);
        if (!/^\d{1,3}$/.test(x.quorum.trim()))
          put(`${p}quorum`, "Enter how many approvals the step needs");
      }
      let condition: ApprovalStep["condition"] = null;
      if (x.condRaw.trim() && !x.condVar.trim()) {
        try {
          condition = JSON.parse(x.condRaw) as ApprovalStep["condition"];
        } catch {
          put(`${p}condition`, "The condition is not valid JSON Logic");
        }
      } else if (x.condVar.trim()) {
        const op = (CONDITION_OPS as readonly string[]).includes(x.condOp) ? x.condOp : ">";
        const raw = x.condValue.trim();
        if (!raw) put(`${p}condition`, "Enter the value to compare with");
        const factKey = fields.find((f) => f.key === x.condVar || f.label === x.condVar)?.key;
        if (!factKey) put(`${p}condition`, "Compare one of the type's own fields");
        const value = numberKeys.has(factKey ?? "") && raw !== "" ? Number(raw) : raw;
        if (typeof value === "number" && !Number.isFinite(value))
          put(`${p}condition`, "Compare a number field with a number");
        condition = { [op]: [{ var: factKey ?? x.condVar }, value] } as ApprovalStep["condition"];
      }
      let escalateAfterHours: number | null = null;
      const escalateTo = [...new Set(x.escalateTo.map(person))].filter(
        (a): a is number => a !== null,
      );
      if (x.escalateAfter.trim()) {
        escalateAfterHours = Number(x.escalateAfter);
        if (!Number.isFinite(escalateAfterHours) || escalateAfterHours <= 0)
          put(`${p}escalateAfter`, "Use a number of hours above 0");
        else if (!escalateTo.length) put(`${p}escalateTo`, "Choose who it escalates to");
      } else if (escalateTo.length) put(`${p}escalateAfter`, "Say after how many hours it escalates");
      const id = unique(/^[a-z][a-z0-9_-]{0,39}$/.test(x.id) ? x.id : slug(stepName || "step"), stepIds);
      return {
        id,
        name: stepName,
        approvers,
        mode,
        ...(quorum !== undefined ? { quorum } : {}),
        condition,
        escalateAfterHours,
        escalateTo,
      };
    }),
  }));
  const chain: ApprovalChain = { stages };
  const problems = chainProblems(chain);
  if (problems.length) put("chain", problems.join(". ") + ".");
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name: name.success ? name.data : "",
      description: d.description.trim(),
      fields,
      default_assignee: assignee,
      first_response_hours: fr.success ? fr.data : 0,
      resolution_hours: rs.success ? rs.data : 0,
      paused_statuses: paused,
      chain,
      active: d.active,
    },
  };
}

/**
 * The ticket type editor's check (browser-safe): a draft (type-draft.ts) becomes a type for the
 * upstream, or a message per input plus the chain's own problems (`chainProblems`) under `chain`.
 */
import { z } from "zod";
import { chainProblems, type ApprovalChain, type ApprovalStep } from "./approval-chain";
import { STATUS_VALUES } from "./ticket-labels";
import { CONDITION_OPS, FIELD_KINDS, STEP_MODES, type TypeDraft } from "./type-draft";

export * from "./type-draft";
export * from "./type-layout";

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
  if (d.defaultAssignee && assignee === null)
    put("default_assignee", "Choose someone of the company");
  const paused = d.pausedStatuses.filter((s) => (STATUS_VALUES as readonly string[]).includes(s));
  if (paused.some((s) => s === "resolved" || s === "closed"))
    put("paused_statuses", "A finished ticket has no clock to pause");

  const keys = new Set<string>();
  const labels = new Set<string>();
  const fields: TypeValue["fields"] = d.fields.map((f, i) => {
    const label = f.label.trim();
    if (!label) put(`fields.${i}.label`, "Give the field a label");
    else if (label.length > 80) put(`fields.${i}.label`, "A label is at most 80 characters");
    else if (labels.has(label.toLowerCase()))
      put(`fields.${i}.label`, "Two fields have this label");
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
      const approvers = [...new Set(x.approvers.map(person))].filter(
        (a): a is number => a !== null,
      );
      if (approvers.length !== x.approvers.length)
        put(`${p}approvers`, "Choose people of the company");
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
      } else if (escalateTo.length)
        put(`${p}escalateAfter`, "Say after how many hours it escalates");
      const id = unique(
        /^[a-z][a-z0-9_-]{0,39}$/.test(x.id) ? x.id : slug(stepName || "step"),
        stepIds,
      );
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

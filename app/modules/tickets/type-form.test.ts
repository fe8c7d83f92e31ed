import { describe, expect, it } from "vitest";
import {
  applyLayout,
  checkDraft,
  draftFromForm,
  draftOf,
  emptyDraft,
  emptyStep,
  parseLayout,
  slug,
  type TypeDraft,
} from "./type-form";

const PEOPLE = new Set([1001, 1002, 1003]);

const form = (entries: Array<[string, string]>) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

/** A valid two-stage draft: a supervisor, then a manager when the cost is over 5,000. */
function goodDraft(): TypeDraft {
  return {
    ...emptyDraft(),
    name: "Site damage",
    fields: [
      { key: "", label: "Estimated cost", kind: "number", required: true, options: "" },
      { key: "", label: "Area", kind: "choice", required: false, options: "Roof, Wall, Roof" },
    ],
    stages: [
      { steps: [{ ...emptyStep(), name: "Supervisor", approvers: ["1001"] }] },
      {
        steps: [
          {
            ...emptyStep(),
            name: "Manager",
            approvers: ["1002", "1003"],
            mode: "quorum",
            quorum: "2",
            condVar: "Estimated cost",
            condOp: ">",
            condValue: "5000",
            escalateAfter: "24",
            escalateTo: ["1001"],
          },
        ],
      },
    ],
  };
}

describe("ticket type form", () => {
  it("reads the posted form: fields, stages and steps by index, blanks included", () => {
    const d = draftFromForm(
      form([
        ["type_id", "42"],
        ["name", "Repairs"],
        ["first_response_hours", "4"],
        ["resolution_hours", "16"],
        ["paused_statuses", "waiting"],
        ["active", "on"],
        ["fields.0.key", "cost"],
        ["fields.0.label", "Cost"],
        ["fields.0.kind", "number"],
        ["fields.0.required", "on"],
        ["fields.1.key", ""],
        ["fields.1.label", ""],
        ["stages.0.present", "1"],
        ["stages.0.steps.0.name", "Boss"],
        ["stages.0.steps.0.approvers", "1001"],
        ["stages.0.steps.0.approvers", "1002"],
        ["stages.0.steps.1.name", "Safety"],
        ["stages.1.present", "1"],
      ]),
    );
    expect(d.id).toBe(42);
    expect(d.active).toBe(true);
    expect(d.fields).toHaveLength(2);
    expect(d.fields[0]).toMatchObject({ key: "cost", kind: "number", required: true });
    expect(d.stages.map((s) => s.steps.length)).toEqual([2, 0]);
    expect(d.stages[0]!.steps[0]!.approvers).toEqual(["1001", "1002"]);
  });

  it("adds and removes fields, stages and steps from the buttons' names", () => {
    expect(parseLayout("add-step.1")).toEqual({ op: "add-step", at: 1 });
    expect(parseLayout("remove-step.1.0")).toEqual({ op: "remove-step", at: 1, step: 0 });
    expect(parseLayout("add-field")).toEqual({ op: "add-field" });
    expect(parseLayout("add-field.1")).toBeNull();
    expect(parseLayout("remove-step.1")).toBeNull();
    expect(parseLayout("drop-table")).toBeNull();
    let d = applyLayout(goodDraft(), { op: "add-step", at: 0 });
    expect(d.stages[0]!.steps).toHaveLength(2);
    d = applyLayout(d, { op: "remove-step", at: 0, step: 0 });
    expect(d.stages[0]!.steps.map((s) => s.name)).toEqual([""]);
    d = applyLayout(d, { op: "add-stage" });
    expect(d.stages).toHaveLength(3);
    d = applyLayout(applyLayout(d, { op: "remove-stage", at: 0 }), { op: "add-field" });
    expect(d.stages[0]!.steps[0]!.name).toBe("Manager");
    expect(d.fields).toHaveLength(3);
    // The original is untouched.
    expect(goodDraft().stages[0]!.steps).toHaveLength(1);
  });

  it("turns a good draft into a type: keys from labels, choices de-duplicated, the condition in JSON Logic", () => {
    const r = checkDraft(goodDraft(), PEOPLE);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.fields).toEqual([
      { key: "estimated_cost", label: "Estimated cost", kind: "number", required: true },
      { key: "area", label: "Area", kind: "choice", required: false, options: ["Roof", "Wall"] },
    ]);
    const manager = r.value.chain.stages[1]!.steps[0]!;
    expect(manager).toMatchObject({
      id: "manager",
      mode: "quorum",
      quorum: 2,
      approvers: [1002, 1003],
      condition: { ">": [{ var: "estimated_cost" }, 5000] },
      escalateAfterHours: 24,
      escalateTo: [1001],
    });
  });

  it("a stored type round-trips through the editor's draft", () => {
    const r = checkDraft(goodDraft(), PEOPLE);
    if (!r.ok) throw new Error("expected a good draft");
    const again = checkDraft(draftOf({ id: 7, ...r.value }), PEOPLE);
    expect(again).toEqual(r);
  });

  it("refuses a broken type with a message next to each input and the chain's problems", () => {
    const d = goodDraft();
    d.name = " ";
    d.firstResponseHours = "8";
    d.resolutionHours = "2";
    d.fields[1]!.options = "Roof";
    d.stages[0]!.steps[0]!.approvers = [];
    d.stages[1]!.steps[0]!.quorum = "3";
    d.stages[1]!.steps[0]!.escalateTo = [];
    d.stages.push({ steps: [] });
    const r = checkDraft(d, PEOPLE);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toMatchObject({
      name: "Give the type a name",
      resolution_hours: "Resolution cannot be due before the first response",
      "fields.1.options": "List at least two choices, separated by commas",
      "stages.1.steps.0.escalateTo": "Choose who it escalates to",
    });
    expect(r.errors.chain).toContain("Stage 3 has no steps");
    expect(r.errors.chain).toContain("Step Supervisor has no approvers");
    expect(r.errors.chain).toContain("Step Manager needs a quorum between 1 and its 2 approvers");
  });

  it("refuses someone of another company and a condition on an unknown field", () => {
    const d = goodDraft();
    d.defaultAssignee = "2001";
    d.stages[0]!.steps[0]!.approvers = ["2001"];
    d.stages[1]!.steps[0]!.condVar = "weight";
    const r = checkDraft(d, PEOPLE);
    if (r.ok) throw new Error("expected a refusal");
    expect(r.errors.default_assignee).toBe("Choose someone of the company");
    expect(r.errors["stages.0.steps.0.approvers"]).toBe("Choose people of the company");
    expect(r.errors["stages.1.steps.0.condition"]).toBe("Compare one of the type's own fields");
  });

  it("makes keys from labels", () => {
    expect(slug("Estimated cost (AUD)")).toBe("estimated_cost_aud");
    expect(slug("2nd driver")).toBe("f_2nd_driver");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkAnswers,
  flaggedAnswers,
  postAnswers,
  postedOf,
  uploadsOf,
  answerText,
  withoutItem,
} from "./answers";
import { isVisible, toLogic, toSimple, varsOf } from "./conditions";
import {
  addField,
  draftFromPost,
  moveField,
  nextId,
  publishProblems,
  removeField,
  reorder,
} from "./draft";
import type { Field } from "./model";

const inspection: Field[] = [
  { id: "vehicle", label: "Vehicle", type: "vehicle", required: true },
  { id: "odo", label: "Odometer", type: "number", required: true, min: 0, max: 2_000_000 },
  { id: "day", label: "Date", type: "date", required: true },
  { id: "at", label: "Time", type: "time", required: false },
  {
    id: "brakes",
    label: "Brakes",
    type: "select",
    required: true,
    options: ["Pass", "Fail"],
    flag_values: ["Fail"],
  },
  {
    id: "brake_notes",
    label: "What is wrong with the brakes?",
    type: "textarea",
    required: true,
    visible_if: { "==": [{ var: "brakes" }, "Fail"] },
  },
  { id: "lights", label: "Lights work", type: "checkbox", required: true, flag_values: ["no"] },
  {
    id: "kinds",
    label: "Kinds of damage",
    type: "multiselect",
    required: false,
    options: ["Dent", "Scratch", "Glass"],
    flag_values: ["Glass"],
  },
  { id: "sec", label: "Damage", type: "heading", required: false },
  {
    id: "damage",
    label: "Damage items",
    type: "group",
    required: false,
    max_items: 5,
    fields: [
      { id: "where", label: "Where", type: "text", required: true },
      {
        id: "severity",
        label: "Severity",
        type: "select",
        required: true,
        options: ["Minor", "Major"],
        flag_values: ["Major"],
      },
      {
        id: "photo",
        label: "Photo",
        type: "photo",
        required: true,
        visible_if: { "==": [{ var: "severity" }, "Major"] },
      },
    ],
  },
  { id: "where_am_i", label: "Location", type: "location", required: false },
  { id: "sig", label: "Signature", type: "signature", required: true },
];

const base: [string, string][] = [
  ["a.vehicle", "356000000000001"],
  ["a.odo", "120345"],
  ["a.day", "2026-02-28"],
  ["a.brakes", "Pass"],
  ["a.lights", "yes"],
  ["a.sig", "up_sig1"],
];
const check = (extra: [string, string][] = [], without: string[] = []) =>
  checkAnswers(inspection, postedOf([...base.filter(([k]) => !without.includes(k)), ...extra]), {
    vehicles: ["356000000000001"],
  });

describe("checkAnswers", () => {
  it("types the answers of a good post", () => {
    const r = check([
      ["a.at", "07:30"],
      ["a.kinds", "Glass"],
      ["a.kinds", "Dent"],
      ["a.where_am_i.lat", "-27.47"],
      ["a.where_am_i.lng", "153.02"],
    ]);
    expect(r.errors).toEqual({});
    expect(r.answers).toEqual({
      vehicle: "356000000000001",
      odo: 120345,
      day: "2026-02-28",
      at: "07:30",
      brakes: "Pass",
      lights: true,
      kinds: ["Dent", "Glass"],
      where_am_i: { lat: -27.47, lng: 153.02 },
      sig: "up_sig1",
    });
  });

  it("puts a message next to each wrong or missing answer", () => {
    const r = check(
      [
        ["a.odo", "-5"],
        ["a.day", "2026-02-30"],
        ["a.at", "25:00"],
        ["a.lights", "maybe"],
        ["a.kinds", "Rust"],
        ["a.vehicle", "999"],
        ["a.where_am_i.lat", "100"],
        ["a.where_am_i.lng", "0"],
      ],
      ["a.odo", "a.day", "a.vehicle", "a.lights", "a.sig"],
    );
    expect(r.errors).toEqual({
      "a.odo": "Please enter a number of at least 0.",
      "a.day": "Please enter a date as YYYY-MM-DD.",
      "a.at": "Please enter a time as HH:MM, e.g. 14:30.",
      "a.lights": "Please answer yes or no.",
      "a.kinds": "Please choose among the options.",
      "a.vehicle": "Please choose a vehicle from the list.",
      "a.where_am_i": "Please give a latitude (−90 to 90) and a longitude (−180 to 180).",
      "a.sig": "Please sign here.",
    });
  });

  it("requires a question a condition shows, and drops one it hides", () => {
    expect(check([["a.brakes", "Fail"]], ["a.brakes"]).errors).toEqual({
      "a.brake_notes": "Please answer this question.",
    });
    const hidden = check([["a.brake_notes", "spongy"]]);
    expect(hidden.errors).toEqual({});
    expect(hidden.answers.brake_notes).toBeUndefined();
  });

  it("reads repeating group items, skips blank ones, and applies conditions per item", () => {
    const r = check([
      ["n.damage", "3"],
      ["a.damage.0.where", "Left door"],
      ["a.damage.0.severity", "Minor"],
      ["a.damage.1.where", ""],
      ["a.damage.2.where", "Windscreen"],
      ["a.damage.2.severity", "Major"],
    ]);
    expect(r.errors).toEqual({ "a.damage.2.photo": "Please add a photo." });
    const ok = check([
      ["n.damage", "2"],
      ["a.damage.0.where", "Left door"],
      ["a.damage.0.severity", "Minor"],
      ["a.damage.0.photo", "up_ignored"],
      ["a.damage.1.where", "Windscreen"],
      ["a.damage.1.severity", "Major"],
      ["a.damage.1.photo", "up_p1"],
    ]);
    expect(ok.errors).toEqual({});
    expect(ok.answers.damage).toEqual([
      { where: "Left door", severity: "Minor" },
      { where: "Windscreen", severity: "Major", photo: "up_p1" },
    ]);
    expect(uploadsOf(inspection, ok.answers)).toEqual(["up_p1", "up_sig1"]);
  });

  it("never reads more items than the group allows", () => {
    const posted: [string, string][] = [["n.damage", "999"]];
    for (let i = 0; i < 10; i++)
      posted.push([`a.damage.${i}.where`, `w${i}`], [`a.damage.${i}.severity`, "Minor"]);
    expect((check(posted).answers.damage as unknown[]).length).toBe(5);
  });

  it("round-trips any valid answers through a post (property)", () => {
    const item = fc.record({
      where: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && !!s),
      severity: fc.constant("Minor"),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.constantFrom("Pass", "Fail"),
        fc.boolean(),
        fc.subarray(["Dent", "Scratch", "Glass"]),
        fc.array(item, { maxLength: 5 }),
        fc.oneof(
          fc.constant("up_s"),
          fc
            .string({ minLength: 1, maxLength: 30 })
            .map((s) => s.trim().replace(/\s+/g, " "))
            .filter(Boolean)
            .map((typed_name) => ({ typed_name })),
        ),
        (odo, brakes, lights, kinds, damage, sig) => {
          const answers = {
            vehicle: "356000000000001",
            odo,
            day: "2026-02-28",
            brakes,
            ...(brakes === "Fail" ? { brake_notes: "worn" } : {}),
            lights,
            ...(kinds.length ? { kinds } : {}),
            ...(damage.length ? { damage } : {}),
            sig,
          };
          const r = checkAnswers(inspection, postedOf(postAnswers(inspection, answers)), {
            vehicles: ["356000000000001"],
          });
          expect(r.errors).toEqual({});
          expect(r.answers).toEqual(answers);
        },
      ),
    );
  });
});

describe("removing a repeating group's item", () => {
  it("posts what the list without that item posts (property)", () => {
    const group = inspection.filter((f) => f.id === "damage");
    const item = fc.record({
      where: fc.string({ minLength: 1, maxLength: 8 }),
      severity: fc.constantFrom("Minor", "Major"),
    });
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 5 }), fc.nat(), (items, k) => {
        const i = k % items.length;
        const before = postAnswers(group, { damage: items });
        const after = postAnswers(group, { damage: items.filter((_, j) => j !== i) });
        const sort = (e: [string, string][]) => [...e].sort((a, b) => a[0].localeCompare(b[0]));
        expect(sort(withoutItem(before, "damage", i))).toEqual(sort(after));
      }),
    );
  });
});

describe("a signature typed instead of drawn", () => {
  const sig = inspection.filter((f) => f.id === "sig");
  it("is recorded as typed, a drawing wins over it, and it reads as typed", () => {
    const typed = checkAnswers(sig, postedOf([["a.sig.typed", "  Dan   Driver "]]));
    expect(typed).toEqual({ answers: { sig: { typed_name: "Dan Driver" } }, errors: {} });
    expect(answerText({ type: "signature" }, typed.answers.sig)).toBe(
      "Typed name (not drawn): Dan Driver",
    );
    const both = checkAnswers(
      sig,
      postedOf([
        ["a.sig", "up_x"],
        ["a.sig.typed", "Dan Driver"],
      ]),
    );
    expect(both.answers.sig).toBe("up_x");
    expect(uploadsOf(sig, typed.answers)).toEqual([]);
    expect(checkAnswers(sig, postedOf([["a.sig.typed", "x".repeat(201)]])).errors).toEqual({
      "a.sig": "Please keep the name to 200 characters.",
    });
  });
});

describe("flaggedAnswers", () => {
  it("lists answers the version flags, inside groups too", () => {
    const r = check(
      [
        ["a.brakes", "Fail"],
        ["a.brake_notes", "grinding"],
        ["a.lights", "no"],
        ["a.kinds", "Glass"],
        ["n.damage", "1"],
        ["a.damage.0.where", "Roof"],
        ["a.damage.0.severity", "Major"],
        ["a.damage.0.photo", "up_x"],
      ],
      ["a.brakes", "a.lights"],
    );
    expect(flaggedAnswers(inspection, r.answers)).toEqual([
      { id: "brakes", label: "Brakes", value: "Fail" },
      { id: "lights", label: "Lights work", value: "No" },
      { id: "kinds", label: "Kinds of damage", value: "Glass" },
      { id: "severity", label: "Severity", value: "Major", group: "Damage items", item: 1 },
    ]);
    expect(flaggedAnswers(inspection, check().answers)).toEqual([]);
  });
});

describe("conditions", () => {
  it("evaluates JSON Logic, and a broken rule hides its field", () => {
    expect(
      isVisible({ visible_if: { in: ["Glass", { var: "kinds" }] } }, { kinds: ["Glass"] }),
    ).toBe(true);
    expect(isVisible({ visible_if: { ">": [{ var: "odo" }, 100] } }, { odo: 50 })).toBe(false);
    expect(isVisible({ visible_if: { nope: [1] } }, {})).toBe(false);
    expect(isVisible({}, {})).toBe(true);
  });

  it("never runs code given as a rule", () => {
    const g = globalThis as { pwned?: boolean };
    isVisible({ visible_if: { var: "constructor.constructor('globalThis.pwned=true')()" } }, {});
    isVisible({ visible_if: { "==": ["globalThis.pwned=true", { var: "x" }] } }, {});
    expect(g.pwned).toBeUndefined();
  });

  it("writes simple conditions as JSON Logic and reads them back (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("equals", "not_equals", "answered", "contains") as fc.Arbitrary<
          "equals" | "not_equals" | "answered" | "contains"
        >,
        fc.string({ minLength: 1, maxLength: 10 }),
        (op, value) => {
          const c = { field: "q1", op, value: op === "answered" ? "" : value };
          expect(toSimple(toLogic(c, "text"))).toEqual(c);
        },
      ),
    );
    expect(toLogic({ field: "ok", op: "equals", value: "yes" }, "checkbox")).toEqual({
      "==": [{ var: "ok" }, true],
    });
    expect(toSimple({ and: [] })).toBeNull();
    expect(varsOf({ and: [{ "==": [{ var: "a" }, 1] }, { var: "b" }] })).toEqual(["a", "b"]);
  });
});

describe("the builder's draft", () => {
  const fields: Field[] = [
    { id: "q1", label: "A", type: "text", required: false },
    { id: "q2", label: "B", type: "text", required: false },
    {
      id: "q3",
      label: "G",
      type: "group",
      required: false,
      fields: [
        { id: "q4", label: "C", type: "text", required: false },
        { id: "q5", label: "D", type: "text", required: false },
      ],
    },
  ];

  it("adds, moves and removes questions, inside groups too", () => {
    expect(nextId(fields, ["q9"])).toBe("q10");
    expect(addField(fields, "number", "q6", "q3")[2]!.fields!.map((f) => f.id)).toEqual([
      "q4",
      "q5",
      "q6",
    ]);
    expect(moveField(fields, "q2", "up").map((f) => f.id)).toEqual(["q2", "q1", "q3"]);
    expect(moveField(fields, "q1", "up")).toBe(fields);
    expect(moveField(fields, "q4", "down")[2]!.fields!.map((f) => f.id)).toEqual(["q5", "q4"]);
    expect(removeField(fields, "q5")[2]!.fields!.map((f) => f.id)).toEqual(["q4"]);
    expect(reorder(fields, ["q3", "zz", "q1"]).map((f) => f.id)).toEqual(["q3", "q1", "q2"]);
  });

  it("keeps every question through any moves (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom("q1", "q2", "q3", "q4", "q5"), fc.boolean())),
        (moves) => {
          let f = fields;
          for (const [id, up] of moves) f = moveField(f, id, up ? "up" : "down");
          const ids = f.flatMap((x) => [x.id, ...(x.fields ?? []).map((c) => c.id)]);
          expect([...ids].sort()).toEqual(["q1", "q2", "q3", "q4", "q5"]);
          expect(f.find((x) => x.id === "q3")!.fields).toHaveLength(2);
        },
      ),
    );
  });

  it("reads the builder's post, with a message per wrong input", () => {
    const { content, errors } = draftFromPost(
      postedOf([
        ["title", " Pre-start "],
        ["order", "q1,q2,q3"],
        ["f.q1.type", "select"],
        ["f.q1.label", "Brakes"],
        ["f.q1.required", "on"],
        ["f.q1.options", "Pass\nFail\n\nPass"],
        ["f.q1.flags", "Fail"],
        ["f.q2.type", "textarea"],
        ["f.q2.label", "Why?"],
        ["f.q2.cond.field", "q1"],
        ["f.q2.cond.op", "equals"],
        ["f.q2.cond.value", "Fail"],
        ["f.q3.type", "group"],
        ["f.q3.label", ""],
        ["f.q3.children", "q4"],
        ["f.q3.max_items", "0"],
        ["f.q4.type", "number"],
        ["f.q4.label", "Cost"],
        ["f.q4.min", "10"],
        ["f.q4.max", "5"],
      ]),
    );
    expect(content.title).toBe("Pre-start");
    expect(content.fields[0]).toEqual({
      id: "q1",
      label: "Brakes",
      type: "select",
      required: true,
      options: ["Pass", "Fail"],
      flag_values: ["Fail"],
    });
    expect(content.fields[1]!.visible_if).toEqual({ "==": [{ var: "q1" }, "Fail"] });
    expect(errors).toEqual({
      "f.q3.label": "Give the question a label.",
      "f.q3.max_items": "Enter a whole number from 1 to 50.",
      "f.q4.max": "The highest value must not be below the lowest.",
    });
  });

  it("refuses to publish a form with no fields, or a condition on a later question", () => {
    expect(publishProblems({ title: "x", description: "", fields: [] })).toEqual([
      "A form with no fields cannot be published.",
    ]);
    expect(
      publishProblems({
        title: "x",
        description: "",
        fields: [{ id: "h", label: "Only a heading", type: "heading", required: false }],
      }),
    ).toEqual(["A form with no fields cannot be published."]);
    expect(
      publishProblems({
        title: "x",
        description: "",
        fields: [
          {
            id: "q1",
            label: "A",
            type: "text",
            required: false,
            visible_if: { "!!": [{ var: "q2" }] },
          },
          { id: "q2", label: "B", type: "text", required: false },
        ],
      }),
    ).toEqual(['The condition of "A" must refer to a question above it.']);
    expect(publishProblems({ title: "x", description: "", fields })).toEqual([]);
  });

  it("reads answers for people", () => {
    expect(answerText({ type: "checkbox" }, false)).toBe("No");
    expect(answerText({ type: "multiselect" }, ["a", "b"])).toBe("a, b");
    expect(answerText({ type: "vehicle" }, "1", { vehicles: { "1": "TRK-1" } })).toBe("TRK-1");
    expect(answerText({ type: "text" }, "")).toBe("—");
  });
});

import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { answersSchema, cleanAnswers, formatAnswer } from "./form-answers";
import type { PublicForm } from "./public-form";

const form: PublicForm = {
  title: "Pre-start",
  description: "",
  fields: [
    { id: "vehicle", label: "Vehicle", type: "text", required: true },
    { id: "odometer", label: "Odometer", type: "number", required: true, min: 0 },
    { id: "check_date", label: "Date", type: "date", required: true },
    {
      id: "tyres",
      label: "Tyres",
      type: "select",
      required: true,
      options: ["OK", "Needs attention"],
    },
    { id: "lights_ok", label: "Lights work", type: "checkbox", required: true },
    { id: "defects", label: "Defects", type: "textarea", required: false },
    { id: "people", label: "People", type: "number", required: false },
    { id: "police", label: "Police attended", type: "checkbox", required: false },
  ],
};

/** Exactly what the server does with a posted form (Conform's coercion included). */
function parse(fields: Record<string, string>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return parseWithZod(fd, { schema: answersSchema(form) });
}

const valid = {
  vehicle: " TRK-12 ",
  odometer: "120345.5",
  check_date: "2026-02-28",
  tyres: "OK",
  lights_ok: "yes",
};

describe("answersSchema", () => {
  it("accepts good answers: trimmed text, numbers, dates, a listed option, a ticked box; unticked optional boxes are false", () => {
    const s = parse({ ...valid, defects: "", people: "", smuggled: "x" });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(cleanAnswers(s.value)).toEqual({
      vehicle: "TRK-12",
      odometer: 120345.5,
      check_date: "2026-02-28",
      tyres: "OK",
      lights_ok: true,
      police: false,
    });
  });

  it("takes No for an answer to a required yes/no question", () => {
    const s = parse({ ...valid, lights_ok: "no" });
    expect(s.status).toBe("success");
    if (s.status === "success") expect(cleanAnswers(s.value).lights_ok).toBe(false);
  });

  it("answers every required question left empty with its own message", () => {
    const s = parse({ defects: "fine" });
    expect(s.status).toBe("error");
    const errors = s.reply().error!;
    expect(errors.vehicle).toEqual(["Please answer this question."]);
    expect(errors.odometer).toEqual(["Please answer this question."]);
    expect(errors.check_date).toEqual(["Please answer this question."]);
    expect(errors.tyres).toEqual(["Please choose one."]);
    expect(errors.lights_ok).toEqual(["Please answer yes or no."]);
    expect(errors.defects).toBeUndefined();
    // What was typed comes back to the form.
    expect(s.reply().initialValue).toMatchObject({ defects: "fine" });
  });

  it.each([
    ["vehicle", "   ", "Please answer this question."],
    ["vehicle", "x".repeat(501), "Please keep this to 500 characters."],
    ["defects", "x".repeat(5001), "Please keep this to 5000 characters."],
    ["odometer", "twelve", "Please enter a number, e.g. 12 or 12.5."],
    ["odometer", "1e309", "That number is too large."],
    ["odometer", "1e13", "That number is too large."],
    // Issue 38.6: the seeded odometer question has a min of 0.
    ["odometer", "-5", "Please enter a number of at least 0."],
    ["people", "NaN", "Please enter a number, e.g. 12 or 12.5."],
    ["check_date", "2026-02-30", "Please enter a date as YYYY-MM-DD."],
    ["check_date", "28/02/2026", "Please enter a date as YYYY-MM-DD."],
    ["tyres", "Flat", "Please choose one of the options."],
    ["lights_ok", "on", "Please answer yes or no."],
    ["police", "yes", "Please tick the box or leave it empty."],
  ])("refuses %s = %j with %j", (field, value, message) => {
    const s = parse({ ...valid, [field]: value });
    expect(s.status).toBe("error");
    expect(s.reply().error).toEqual({ [field]: [message] });
  });
});

describe("a link's snapshot keeps a number's limits (issue 38.6)", () => {
  it("keeps min and max on a number, refuses them on anything else", async () => {
    const { publicFormSchema } = await import("./public-form");
    const snap = (field: Record<string, unknown>) =>
      publicFormSchema.safeParse({ title: "T", description: "", fields: [field] });
    const kept = snap({ id: "odo", label: "Odometer", type: "number", required: true, min: 0 });
    expect(kept.success && kept.data.fields[0]).toEqual({
      id: "odo",
      label: "Odometer",
      type: "number",
      required: true,
      min: 0,
    });
    expect(snap({ id: "t", label: "Text", type: "text", required: true, min: 0 }).success).toBe(
      false,
    );
  });
});

describe("formatAnswer", () => {
  it("shows booleans as Yes/No and empty answers as a dash", () => {
    expect(formatAnswer({ type: "checkbox" }, true)).toBe("Yes");
    expect(formatAnswer({ type: "checkbox" }, false)).toBe("No");
    expect(formatAnswer({ type: "text" }, undefined)).toBe("—");
    expect(formatAnswer({ type: "number" }, 12.5)).toBe("12.5");
  });
});

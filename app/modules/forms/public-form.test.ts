import { describe, expect, it } from "vitest";
import { toPublicForm } from "./public-form";

/** Shaped like GET /forms/forms answers it: internal fields on the form and on each question. */
const upstreamForm = {
  id: 301,
  company_id: 1,
  title: "Vehicle pre-start check",
  description: "Walk around the vehicle.",
  created_by: { username_id: 1001, name: "Alex Morgan" },
  created_at: "2025-07-01T00:00:00.000Z",
  notify_emails: ["safety@harbour.example"],
  internal_notes: "Escalate to ext. 214",
  fields: [
    {
      id: "vehicle",
      label: "Vehicle",
      type: "text",
      required: true,
      export_column: "VEHICLE",
      options: ["ignored"],
    },
    {
      id: "tyres",
      label: "Tyres",
      type: "select",
      required: true,
      options: ["OK", "Unsafe"],
      export_column: "TYRES",
    },
    {
      id: "lights_ok",
      label: "Lights work",
      type: "checkbox",
      required: false,
      export_column: "LIGHTS",
    },
  ],
};

describe("toPublicForm (the allow-list)", () => {
  it("keeps title, description and per question id, label, type, required and (for a choice) options: nothing else", () => {
    const r = toPublicForm(upstreamForm);
    expect(r).toEqual({
      ok: true,
      form: {
        title: "Vehicle pre-start check",
        description: "Walk around the vehicle.",
        fields: [
          { id: "vehicle", label: "Vehicle", type: "text", required: true },
          {
            id: "tyres",
            label: "Tyres",
            type: "select",
            required: true,
            options: ["OK", "Unsafe"],
          },
          { id: "lights_ok", label: "Lights work", type: "checkbox", required: false },
        ],
      },
    });
    const text = JSON.stringify(r);
    for (const secret of [
      "company_id",
      "created_by",
      "Alex Morgan",
      "notify_emails",
      "safety@harbour",
      "internal_notes",
      "ext. 214",
      "export_column",
      "VEHICLE",
      "301",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("turns a missing description into an empty one", () => {
    const r = toPublicForm({ ...upstreamForm, description: null });
    expect(r.ok && r.form.description).toBe("");
  });

  it("refuses a form it cannot show faithfully, naming the question", () => {
    const withField = (field: object) =>
      toPublicForm({ ...upstreamForm, fields: [...upstreamForm.fields, field] });
    expect(withField({ id: "sig", label: "Signature", type: "signature", required: true })).toEqual(
      { ok: false, reason: 'The question "Signature" is of a kind a link cannot show.' },
    );
    expect(
      withField({ id: "size", label: "Size", type: "select", required: true, options: [] }),
    ).toEqual({ ok: false, reason: 'The question "Size" is a choice without options.' });
    for (const id of ["a.b", "x[0]", "__intent__", "", "9lives"])
      expect(withField({ id, label: "Odd", type: "text", required: false }).ok, id).toBe(false);
    expect(withField({ id: "vehicle", label: "Again", type: "text", required: false })).toEqual({
      ok: false,
      reason: "The form has two questions with the same id.",
    });
    expect(toPublicForm({ ...upstreamForm, fields: [] })).toEqual({
      ok: false,
      reason: "Its fields is not usable (has no questions).",
    });
  });
});

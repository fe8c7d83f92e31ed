/**
 * Company forms of the simulated world (designed; SPEC §2.5 names the forms screens, not their
 * content). Every seeded company has the same three forms under ids of its own. Besides what a
 * person fills in, a form carries internal fields (who made it, whom to notify, notes for staff,
 * per-field export columns) that a product must never show to someone filling it in through a
 * public link. Fixed data, the same in every run; submissions live in memory (SimState).
 */

export const FORM_FIELD_TYPES = [
  "text",
  "textarea",
  "number",
  "date",
  "select",
  "checkbox",
] as const;
export type SimFormFieldType = (typeof FORM_FIELD_TYPES)[number];

export type SimFormField = {
  id: string;
  label: string;
  type: SimFormFieldType;
  required: boolean;
  options?: string[];
  /** A number's smallest answer (an odometer is never below 0). */
  min?: number;
  /** Internal: the column of the company's export this answer lands in. */
  export_column: string;
};

export type SimForm = {
  id: number;
  company_id: number;
  title: string;
  description: string;
  fields: SimFormField[];
  created_by: { username_id: number; name: string };
  created_at: string;
  updated_at: string;
  notify_emails: string[];
  internal_notes: string;
};

export type SimFormSubmission = {
  id: number;
  company_id: number;
  form_id: number;
  answers: Record<string, string | number | boolean>;
  submitted_at: string;
  received_at: string;
  link_label: string | null;
  /** The caller's own id for the submission; a repeated reference is answered with the first id. */
  reference: string | null;
  submitted_by: number;
  /** The published version answered (forms-builder.ts); absent on submissions older than versions (1). */
  version?: number;
  status?: "submitted" | "approved" | "sent_back";
  review?: { by: { username_id: number; name: string }; at: string; comment: string } | null;
};

const f = (
  id: string,
  label: string,
  type: SimFormFieldType,
  required: boolean,
  options?: string[],
): SimFormField => ({
  id,
  label,
  type,
  required,
  ...(options ? { options } : {}),
  export_column: id.toUpperCase(),
});

const TEMPLATES: Array<Pick<SimForm, "title" | "description" | "fields"> & { notes: string }> = [
  {
    title: "Vehicle pre-start check",
    description: "Before the first trip of the day: a quick walk around the vehicle.",
    notes:
      "Unsafe tyres go straight to the workshop manager (ext. 214); the driver does not leave the yard.",
    fields: [
      f("vehicle", "Vehicle (rego or fleet number)", "text", true),
      { ...f("odometer", "Odometer (km)", "number", true), min: 0 },
      f("check_date", "Date of the check", "date", true),
      f("tyres", "Tyres", "select", true, ["OK", "Needs attention", "Unsafe - do not drive"]),
      f("lights_ok", "Lights and indicators work", "checkbox", true),
      f("defects", "Other defects", "textarea", false),
    ],
  },
  {
    title: "Incident report",
    description: "Anything that went wrong or nearly did: report it the same day.",
    notes:
      "Injuries are notifiable to WorkSafe within 24 h; the safety officer files it, not the reporter.",
    fields: [
      f("occurred_on", "When did it happen?", "date", true),
      f("location", "Where?", "text", true),
      f("kind", "What kind of incident?", "select", true, [
        "Near miss",
        "Property damage",
        "Vehicle damage",
        "Injury",
        "Other",
      ]),
      f("what_happened", "What happened?", "textarea", true),
      f("people_involved", "How many people were involved?", "number", false),
      f("police_attended", "Police attended", "checkbox", false),
    ],
  },
  {
    title: "Delivery sign-off",
    description: "Signed by the receiver when goods are handed over.",
    notes:
      "Partial deliveries are re-booked by dispatch; damaged goods need photos in the job file.",
    fields: [
      f("consignment", "Consignment number", "text", true),
      f("received_by", "Received by (name)", "text", true),
      f("items", "Items received", "number", true),
      f("condition", "Condition on arrival", "select", true, [
        "Good",
        "Damaged",
        "Partial delivery",
      ]),
      f("notes", "Notes", "textarea", false),
    ],
  },
];

/** Company, the admin who made its forms, the mailbox that hears about submissions. */
const OWNERS: Array<{
  company: number;
  admin: { username_id: number; name: string };
  notify: string;
}> = [
  {
    company: 1,
    admin: { username_id: 1001, name: "Alex Morgan" },
    notify: "safety@harbour.example",
  },
  {
    company: 2,
    admin: { username_id: 2001, name: "Olive Other" },
    notify: "office@southside.example",
  },
  {
    company: 112,
    admin: { username_id: 11201, name: "Iris Bark" },
    notify: "hse@ironbark.example",
  },
  { company: 129, admin: { username_id: 12901, name: "Moe Reton" }, notify: "ops@moreton.example" },
];

/** Company 1: ids 301–303, company 2: 311–313, 112: 321–323, 129: 331–333. */
export const FORMS: readonly SimForm[] = OWNERS.flatMap((o, ci) =>
  TEMPLATES.map((t, i) => ({
    id: 301 + ci * 10 + i,
    company_id: o.company,
    title: t.title,
    description: t.description,
    fields: t.fields.map((x) => ({ ...x, ...(x.options ? { options: [...x.options] } : {}) })),
    created_by: o.admin,
    created_at: "2025-07-01T00:00:00.000Z",
    updated_at: "2026-01-15T00:00:00.000Z",
    notify_emails: [o.notify],
    internal_notes: t.notes,
  })),
);

export const ANSWER_TEXT_MAX = 5000;
export const LINK_LABEL_MAX = 200;
export const REFERENCE_MAX = 100;

/** Why the answers do not fit the form, or null when they do. */
export function answersProblem(form: SimForm, answers: Record<string, unknown>): string | null {
  for (const key of Object.keys(answers))
    if (!form.fields.some((x) => x.id === key)) return `answers.${key} is not a field of this form`;
  for (const field of form.fields) {
    const v = answers[field.id];
    const name = `answers.${field.id}`;
    if (v === undefined || v === null || v === "") {
      if (field.required) return `${name} is required`;
      continue;
    }
    switch (field.type) {
      case "text":
      case "textarea":
        if (typeof v !== "string" || v.length > ANSWER_TEXT_MAX)
          return `${name} must be text of at most ${ANSWER_TEXT_MAX} characters`;
        break;
      case "number":
        if (typeof v !== "number" || !Number.isFinite(v)) return `${name} must be a number`;
        if (field.min !== undefined && v < field.min)
          return `${name} must be at least ${field.min}`;
        break;
      case "date":
        if (
          typeof v !== "string" ||
          !/^\d{4}-\d{2}-\d{2}$/.test(v) ||
          Number.isNaN(Date.parse(`${v}T00:00:00Z`))
        )
          return `${name} must be a date (YYYY-MM-DD)`;
        break;
      case "select":
        if (typeof v !== "string" || !field.options?.includes(v))
          return `${name} must be one of: ${field.options?.join(", ")}`;
        break;
      case "checkbox":
        // A required yes/no question needs an answer, and No is one (failed lights are reported).
        if (typeof v !== "boolean") return `${name} must be true or false`;
        break;
    }
  }
  return null;
}

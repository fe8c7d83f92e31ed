import {
  createForm,
  getForm,
  getSubmission,
  publishForm,
  submitForm,
  uploadFile,
} from "~/modules/forms/upstream.server";
import { defineSweep, type SweepCase } from "./kit";

const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
    "base64",
  ),
);

/** The forms builder: company 2's form, its answers and their photo, asked for by company 1. */
export default defineSweep({
  seed: async ({ upB }) => {
    const form = await createForm(upB, {
      title: "Southside yard walk",
      description: "",
      fields: [
        { id: "q1", label: "Gate locked", type: "checkbox", required: true, flag_values: ["no"] },
        { id: "q2", label: "Photo", type: "photo", required: false },
      ],
    });
    await publishForm(upB, form.id);
    const photo = await uploadFile(upB, { content_type: "image/png", bytes: PNG });
    const sub = await submitForm(upB, {
      form_id: form.id,
      answers: { q1: false, q2: photo.id },
      submitted_at: new Date().toISOString(),
    });
    return { formB: form.id, subB: sub.id, uploadB: photo.id };
  },
  cases: ({ formB, subB, uploadB }): SweepCase[] => [
    { file: "_shell.forms.buildform.$formid.tsx", method: "GET", url: `/forms/buildform/${formB}` },
    ...["save", "publish", "add", "up:q1", "remove:q1"].map((op): SweepCase => ({
      file: "_shell.forms.buildform.$formid.tsx",
      method: "POST",
      url: `/forms/buildform/${formB}`,
      body: {
        intent: "edit",
        op,
        title: "Mine",
        order: "q1",
        "f.q1.type": "text",
        "f.q1.label": "x",
      },
    })),
    {
      file: "_shell.forms.buildform._index.tsx",
      method: "POST",
      url: "/forms/buildform",
      body: { intent: "create", from: String(formB), title: "Mine" },
    },
    ...["publish", "archive", "unarchive", "duplicate", "fillers"].map((intent): SweepCase => ({
      file: "_shell.forms.admin.tsx",
      method: "POST",
      url: "/forms/admin",
      body: { intent, id: String(formB), everyone: "yes" },
    })),
    { file: "_shell.forms.fill.$formid.tsx", method: "GET", url: `/forms/fill/${formB}` },
    {
      file: "_shell.forms.fill.$formid.tsx",
      method: "POST",
      url: `/forms/fill/${formB}`,
      body: { intent: "submit", version: "1", "a.q1": "yes" },
    },
    { file: "_shell.forms.completed.$id.tsx", method: "GET", url: `/forms/completed/${subB}` },
    ...["approve", "send-back"].map((intent): SweepCase => ({
      file: "_shell.forms.completed.$id.tsx",
      method: "POST",
      url: `/forms/completed/${subB}`,
      body: { intent, comment: "Mine now" },
    })),
    { file: "forms.completed.$id.pdf.ts", method: "GET", url: `/forms/completed/${subB}/pdf` },
    { file: "forms.upload.$id.ts", method: "GET", url: `/forms/upload/${uploadB}` },
  ],
  own: ({ formB, subB }) => [
    `/forms/buildform/${formB}`,
    `/forms/fill/${formB}`,
    `/forms/completed/${subB}`,
  ],
  snapshot: async ({ upB }, { formB, subB }) => ({
    form: await getForm(upB, formB),
    submission: await getSubmission(upB, subB),
  }),
  secrets: () => ["Southside yard walk"],
});

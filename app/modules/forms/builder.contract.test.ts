/** Contract test of the versioned form calls (forms builder): the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
import {
  archiveForm,
  createForm,
  duplicateForm,
  getForm,
  getSubmission,
  getUpload,
  listAllForms,
  listForms,
  listFormSubmissions,
  publishForm,
  reviewSubmission,
  saveDraft,
  setFillers,
  submitForm,
  uploadFile,
} from "./upstream.server";

const up = useContractSimulator();
const at = "2026-03-02T07:00:00.000Z";
const PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
    "base64",
  ),
);

const v1 = [
  {
    id: "q1",
    label: "Brakes",
    type: "select",
    required: true,
    options: ["Pass", "Fail"],
    flag_values: ["Fail"],
  },
  {
    id: "q2",
    label: "Damage",
    type: "group",
    required: false,
    fields: [
      { id: "q3", label: "Where", type: "text", required: true },
      { id: "q4", label: "Photo", type: "photo", required: false },
    ],
  },
];

describe("versioned forms", () => {
  it("creates a draft, refuses to publish it empty, publishes versions that never change", async () => {
    const admin = await up.signIn("admin", "admin123");
    const made = await createForm(admin, { title: "Trailer check", description: "", fields: [] });
    expect(made).toMatchObject({ version: null, published: [], draft: { fields: [] } });
    const empty = await rejection(publishForm(admin, made.id));
    expect(empty.status).toBe(400);
    expect(empty.message).toContain("A form with no fields cannot be published");
    // Not listed for filling in (nor for links) until published.
    expect((await listForms(admin)).some((f) => f.id === made.id)).toBe(false);

    await saveDraft(admin, made.id, { title: "Trailer check", description: "", fields: v1 });
    const first = await publishForm(admin, made.id);
    expect(first.version).toBe(1);
    expect((await listForms(admin)).find((f) => f.id === made.id)!.fields).toHaveLength(2);

    const photo = await uploadFile(admin, { content_type: "image/png", bytes: PNG });
    const sub1 = await submitForm(admin, {
      form_id: made.id,
      answers: { q1: "Fail", q2: [{ q3: "Hitch", q4: photo.id }] },
      submitted_at: at,
    });

    await saveDraft(admin, made.id, {
      title: "Trailer check",
      description: "v2",
      fields: [...v1, { id: "q5", label: "Odometer", type: "number", required: true, min: 0 }],
    });
    // The draft changes; version 1 does not.
    const mid = await getForm(admin, made.id);
    expect(mid.draft_changed).toBe(true);
    expect(mid.published[0]!.fields).toHaveLength(2);
    const second = await publishForm(admin, made.id);
    expect(second.versions!.map((v) => v.version)).toEqual([1, 2]);
    expect(second.published[1]!.fields).toHaveLength(3);

    const bad = await rejection(
      submitForm(admin, { form_id: made.id, answers: { q1: "Pass", q5: -1 }, submitted_at: at }),
    );
    expect(bad.message).toContain("answers.q5 must be at least 0");
    const sub2 = await submitForm(admin, {
      form_id: made.id,
      answers: { q1: "Pass", q5: 10 },
      submitted_at: at,
    });
    // An answer to version 1 may still be sent (an offline phone), and records its version.
    const late = await submitForm(admin, {
      form_id: made.id,
      version: 1,
      answers: { q1: "Pass" },
      submitted_at: at,
    });
    const listed = await listFormSubmissions(admin, made.id);
    expect(listed.map((s) => [s.id, s.version, s.status])).toEqual([
      [late.id, 1, "submitted"],
      [sub2.id, 2, "submitted"],
      [sub1.id, 1, "submitted"],
    ]);
    expect((await getSubmission(admin, sub1.id)).person).toEqual({
      username_id: 1001,
      name: expect.any(String),
    });
    expect((await getUpload(admin, photo.id)).bytes.equals(Buffer.from(PNG))).toBe(true);
  });

  it("checks answers against the version: group items, conditions, uploads of the company", async () => {
    const admin = await up.signIn("admin", "admin123");
    const f = await createForm(admin, {
      title: "Conditional",
      description: "",
      fields: [
        { id: "ok", label: "All good?", type: "checkbox", required: true },
        {
          id: "why",
          label: "Why not?",
          type: "textarea",
          required: true,
          visible_if: { "==": [{ var: "ok" }, false] },
        },
        { id: "sig", label: "Signature", type: "signature", required: false },
      ],
    });
    await publishForm(admin, f.id);
    const send = (answers: Record<string, unknown>) =>
      submitForm(admin, { form_id: f.id, answers: answers as never, submitted_at: at });
    expect((await rejection(send({ ok: false }))).message).toContain("answers.why is required");
    expect((await rejection(send({ ok: true, why: "x" }))).message).toContain("not shown");
    expect((await rejection(send({ ok: true, sig: "up_nope" }))).message).toContain(
      "answers.sig must be an upload id",
    );
    const other = await up.signIn("other", "other123");
    const theirs = await uploadFile(other, { content_type: "image/png", bytes: PNG });
    expect((await rejection(send({ ok: true, sig: theirs.id }))).message).toContain("upload id");
    expect((await rejection(getUpload(admin, theirs.id))).status).toBe(404);
    await send({ ok: false, why: "flat tyre" });
    // A signature typed as a name is kept as typed; an empty one is refused.
    expect((await rejection(send({ ok: true, sig: { typed_name: " " } }))).message).toContain(
      "answers.sig must be an upload id or {typed_name}",
    );
    await send({ ok: true, sig: { typed_name: "Dana Typed" } });
  });

  it("limits uploads by type and size", async () => {
    const admin = await up.signIn("admin", "admin123");
    expect(
      (await rejection(uploadFile(admin, { content_type: "image/gif", bytes: PNG }))).status,
    ).toBe(415);
    const big = new Uint8Array(710 * 1024);
    expect(
      (await rejection(uploadFile(admin, { content_type: "image/jpeg", bytes: big }))).status,
    ).toBe(413);
  });

  it("lets only the chosen groups fill a form in the app; links still work", async () => {
    const admin = await up.signIn("admin", "admin123");
    const driver = await up.signIn("driver", "driver123");
    const form = (await listAllForms(admin, "all")).find((f) => f.id === 302)!;
    expect(form.fillers).toEqual({ everyone: true, group_ids: [] });
    expect((await listAllForms(driver, "fillable")).map((f) => f.id)).toContain(302);
    // admin's groups are management and North side; the driver is in depot crew.
    const groups = (await getForm(admin, 302)).fillers!;
    expect(groups.everyone).toBe(true);
    expect(
      (await rejection(setFillers(admin, 302, { everyone: false, group_ids: [] }))).status,
    ).toBe(400);
    const adminGroups = await listGroupIds(admin);
    await setFillers(admin, 302, { everyone: false, group_ids: adminGroups });
    expect((await listAllForms(driver, "fillable")).map((f) => f.id)).not.toContain(302);
    const answers = {
      occurred_on: "2026-03-01",
      location: "Yard",
      kind: "Near miss",
      what_happened: "Forklift",
    };
    expect(
      (await rejection(submitForm(driver, { form_id: 302, answers, submitted_at: at }))).status,
    ).toBe(403);
    // A fill-in link's answers were allowed by the link.
    await submitForm(driver, { form_id: 302, answers, submitted_at: at, link_label: "QR" });
    await setFillers(admin, 302, { everyone: true, group_ids: [] });
    const foreign = await rejection(
      setFillers(admin, 302, { everyone: false, group_ids: [999999] }),
    );
    expect(foreign.status).toBe(400);
  });

  it("archives and duplicates", async () => {
    const admin = await up.signIn("admin", "admin123");
    await archiveForm(admin, 303, true);
    expect((await listForms(admin)).map((f) => f.id)).not.toContain(303);
    expect((await listAllForms(admin, "all")).find((f) => f.id === 303)!.archived).toBe(true);
    expect(
      (
        await rejection(
          submitForm(admin, {
            form_id: 303,
            answers: { consignment: "C1", received_by: "Bo", items: 1, condition: "Good" },
            submitted_at: at,
          }),
        )
      ).status,
    ).toBe(403);
    await archiveForm(admin, 303, false);
    const copy = await duplicateForm(admin, 301);
    expect(copy).toMatchObject({ title: "Copy of Vehicle pre-start check", version: null });
    expect(copy.draft.fields.map((f) => f.id)).toEqual(
      (await getForm(admin, 301)).draft.fields.map((f) => f.id),
    );
  });

  it("reviews: approve, or send back with a comment", async () => {
    const admin = await up.signIn("admin", "admin123");
    const s = await submitForm(admin, {
      form_id: 301,
      answers: {
        vehicle: "TRK-1",
        odometer: 1,
        check_date: "2026-03-01",
        tyres: "OK",
        lights_ok: true,
      },
      submitted_at: at,
    });
    expect(
      (await rejection(reviewSubmission(admin, s.id, { status: "sent_back", comment: " " })))
        .status,
    ).toBe(400);
    const back = await reviewSubmission(admin, s.id, {
      status: "sent_back",
      comment: "Photo of tyres please",
    });
    expect(back).toMatchObject({
      status: "sent_back",
      review: { comment: "Photo of tyres please", by: { username_id: 1001 } },
    });
    expect(
      (await listFormSubmissions(admin, 301, { status: "sent_back" })).map((x) => x.id),
    ).toEqual([s.id]);
    expect((await reviewSubmission(admin, s.id, { status: "approved", comment: "" })).status).toBe(
      "approved",
    );
    expect((await listFormSubmissions(admin, undefined, { scope: "mine" })).length).toBeGreaterThan(
      0,
    );
    const driver = await up.signIn("driver", "driver123");
    expect(
      (await listFormSubmissions(driver, undefined, { scope: "mine" })).every(
        (x) => x.person!.username_id === 1003,
      ),
    ).toBe(true);
  });

  it("is tenant-isolated: another company's form, submission and upload are 404", async () => {
    const other = await up.signIn("other", "other123");
    const calls = [
      () => getForm(other, 301),
      () => saveDraft(other, 301, { title: "x", description: "", fields: [] }),
      () => publishForm(other, 301),
      () => archiveForm(other, 301, true),
      () => duplicateForm(other, 301),
      () => setFillers(other, 301, { everyone: true, group_ids: [] }),
      () => getSubmission(other, "9001"),
      () => reviewSubmission(other, "9001", { status: "approved", comment: "" }),
    ];
    for (const call of calls) expect((await rejection(call())).status).toBe(404);
    expect((await getForm(await up.signIn("admin", "admin123"), 301)).archived).toBe(false);
  });
});

async function listGroupIds(admin: Upstream): Promise<number[]> {
  const { data } = await admin.request({
    method: "POST",
    path: "/user/getcompgroupsuser",
    body: {},
    schema: z.array(z.object({ id: z.number(), nickname: z.string() })),
  });
  return data.filter((g) => g.nickname === "management").map((g) => g.id);
}

/** Contract test of the form calls: the typed client against the simulator. */
import { describe, expect, it } from "vitest";
import { rejection, useContractSimulator } from "../../../tests/support/contract";
import { createUpstream } from "~/services/upstream/client.server";
import { listForms, listFormSubmissions, submitForm } from "./upstream.server";

const up = useContractSimulator();
const signIn = (username: string, password: string) => up.signIn(username, password);

const good = {
  vehicle: "TRK-12",
  odometer: 120345,
  check_date: "2026-02-28",
  tyres: "OK",
  lights_ok: true,
};

describe("GET /forms/forms", () => {
  it("lists the company's three forms with their questions and internal fields", async () => {
    const forms = await listForms(await signIn("admin", "admin123"));
    expect(forms.map((f) => [f.id, f.title])).toEqual([
      [301, "Vehicle pre-start check"],
      [302, "Incident report"],
      [303, "Delivery sign-off"],
    ]);
    const prestart = forms[0]!;
    expect(prestart.fields.map((f) => f.type)).toEqual([
      "text",
      "number",
      "date",
      "select",
      "checkbox",
      "textarea",
    ]);
    expect(prestart.fields.find((f) => f.id === "tyres")!.options).toEqual([
      "OK",
      "Needs attention",
      "Unsafe - do not drive",
    ]);
    // The internal fields exist upstream: the public allow-list has something to keep out.
    expect(prestart).toMatchObject({
      company_id: 1,
      created_by: { username_id: 1001 },
      notify_emails: ["safety@harbour.example"],
      internal_notes: expect.any(String),
    });
    expect(prestart.fields[0]!.export_column).toBe("VEHICLE");
  });

  it("is tenant-isolated", async () => {
    expect((await listForms(await signIn("other", "other123"))).map((f) => f.id)).toEqual([
      311, 312, 313,
    ]);
  });
});

describe("POST /forms/submissions", () => {
  it("stores answers (201 {id}), lists them per form, and answers a repeated reference with the first id", async () => {
    const admin = await signIn("admin", "admin123");
    const first = await submitForm(admin, {
      form_id: 301,
      answers: good,
      submitted_at: "2026-03-01T07:00:00.000Z",
      link_label: "Depot QR",
      reference: "sub-1",
    });
    expect(first).toEqual({ id: expect.stringMatching(/^\d+$/), duplicate: false });
    const again = await submitForm(admin, {
      form_id: 301,
      answers: good,
      submitted_at: "2026-03-01T07:00:00.000Z",
      link_label: "Depot QR",
      reference: "sub-1",
    });
    expect(again).toEqual({ id: first.id, duplicate: true });
    const listed = await listFormSubmissions(admin, 301);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      id: first.id,
      form_id: 301,
      answers: good,
      link_label: "Depot QR",
      reference: "sub-1",
      submitted_at: "2026-03-01T07:00:00.000Z",
    });
    expect(await listFormSubmissions(admin, 302)).toEqual([]);
    expect(await listFormSubmissions(await signIn("other", "other123"))).toEqual([]);
  });

  it("refuses answers that do not fit the form (400 naming the field) and another company's form (404)", async () => {
    const admin = await signIn("admin", "admin123");
    const at = "2026-03-01T07:00:00.000Z";
    const cases: [Record<string, string | number | boolean>, string][] = [
      [{ ...good, tyres: "Flat" }, "answers.tyres must be one of"],
      [{ ...good, lights_ok: "no" }, "answers.lights_ok must be true or false"],
      [{ ...good, odometer: "12" }, "answers.odometer must be a number"],
      [{ ...good, check_date: "2026-02-30T00:00" }, "answers.check_date must be a date"],
      [{ ...good, smuggled: "x" }, "answers.smuggled is not a field of this form"],
      [{ vehicle: "TRK-12" }, "answers.odometer is required"],
    ];
    for (const [answers, message] of cases) {
      const e = await rejection(submitForm(admin, { form_id: 301, answers, submitted_at: at }));
      expect(e.status).toBe(400);
      expect(e.message).toContain(message);
    }
    const foreign = await rejection(
      submitForm(admin, { form_id: 311, answers: good, submitted_at: at }),
    );
    expect(foreign.status).toBe(404);
    expect((await rejection(listFormSubmissions(admin, 311))).status).toBe(404);
  });

  it("needs a token, and reports an outage as an UpstreamError", async () => {
    expect((await rejection(listForms(up.base))).status).toBe(401);
    const admin = await signIn("admin", "admin123");
    up.sim.setFaults({ down: true });
    expect(
      (
        await rejection(
          submitForm(admin, {
            form_id: 301,
            answers: good,
            submitted_at: "2026-03-01T07:00:00.000Z",
            reference: "x",
          }),
        )
      ).status,
    ).toBe(503);
  });

  it("rejects a response that breaks the contract", async () => {
    const fake = createUpstream({
      baseUrl: "http://upstream.invalid",
      retries: 0,
      fetch: async () =>
        new Response(JSON.stringify([{ id: "not-a-number", title: "x", fields: [] }]), {
          headers: { "content-type": "application/json" },
        }),
    }).withToken("t");
    expect((await rejection(listForms(fake))).kind).toBe("invalid_response");
  });
});

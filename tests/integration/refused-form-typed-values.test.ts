/**
 * A form posted without JavaScript and refused renders again with what the user typed: a field
 * the user emptied stays empty (Conform's reply leaves it out of its typed values), it does not
 * fall back to the saved value the user cleared. Job codes and suppliers read the typed values
 * the one way the converted forms do (typedValue).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { productionBuild, promisedHandler } from "../support/build";
import { useTestDatabase } from "../support/db";
import { sendTo, signInTo, type Handle } from "../support/remix";
import { listJobCodes } from "~/modules/admin/jobcodes-upstream.server";
import { listSuppliers } from "~/modules/operations/suppliers-upstream.server";
import { upstream } from "~/services/api.server";
import { upstreamAuth, useSimulator } from "../support/upstream";

let handle: Handle;
let cookie: string;

beforeAll(async () => {
  await useTestDatabase();
  await useSimulator();
  const handler = promisedHandler(await productionBuild());
  handle = (r) => handler(r, { cspNonce: "n", clientAddress: "203.0.113.42" });
  cookie = await signInTo(handle, "admin", "admin123");
  // Loading the production build takes over a minute on a busy machine.
}, 180_000);

/** The value attribute of the page's input or textarea named `name` ("" when it has none). */
function shownValue(html: string, name: string): string {
  const input = new RegExp(`<input[^>]*name="${name.replace(/[[\].]/g, "\\$&")}"[^>]*>`).exec(html);
  if (input) return /value="([^"]*)"/.exec(input[0])?.[1] ?? "";
  const area = new RegExp(`<textarea[^>]*name="${name}"[^>]*>([^<]*)</textarea>`).exec(html);
  if (area) return area[1]!;
  throw new Error(`no field ${name} on the page`);
}

describe("a refused edit keeps a field the user emptied empty", () => {
  it("job codes", async () => {
    const made = await sendTo(handle, "POST", "/admin/jobcodes", cookie, {
      intent: "create",
      code: "EMPTY-1",
      name: "Emptied",
      description: "Saved words",
      active: "on",
    });
    expect(made.status).toBe(302);
    const auth = await upstreamAuth("admin", "admin123");
    const code = (await listJobCodes(upstream(auth.token))).find((c) => c.code === "EMPTY-1")!;
    const res = await sendTo(handle, "POST", `/admin/jobcodes?edit=${code.id}`, cookie, {
      intent: "update",
      id: String(code.id),
      code: "not a code!",
      name: "Emptied",
      description: "",
      active: "on",
    });
    expect(res.status).toBe(400);
    const form = res.text.slice(res.text.indexOf('data-testid="jobcode-form"'));
    expect(shownValue(form, "code")).toBe("not a code!");
    expect(shownValue(form, "description")).toBe("");
  });

  it("suppliers", async () => {
    const made = await sendTo(handle, "POST", "/dashboard/suppliers", cookie, {
      intent: "create",
      name: "Emptied Supplies",
      kind: "parts",
      address: "1 Saved Road",
    });
    expect(made.status).toBe(302);
    const auth = await upstreamAuth("admin", "admin123");
    const mine = (await listSuppliers(upstream(auth.token))).find(
      (s) => s.name === "Emptied Supplies",
    )!;
    const res = await sendTo(handle, "POST", `/dashboard/suppliers?edit=${mine.id}`, cookie, {
      intent: "update",
      id: String(mine.id),
      name: "",
      kind: "parts",
      address: "",
    });
    expect(res.status).toBe(400);
    expect(shownValue(res.text, "name")).toBe("");
    expect(shownValue(res.text, "address")).toBe("");
  });
});

describe("a refused form shows what was typed", () => {
  it("a payroll group (a rate for every member)", async () => {
    const res = await sendTo(handle, "POST", "/admin/payrollgroups", cookie, {
      intent: "create",
      name: "Typed crew",
      pay_period: "weekly",
      period_anchor: "2026-01-05",
      overtime_preset: "none",
      member: "1001",
      rate_1001: "lots",
    });
    expect(res.status).toBe(400);
    const form = res.text.slice(res.text.indexOf('data-testid="payrollgroup-form"'));
    expect(shownValue(form, "name")).toBe("Typed crew");
    expect(shownValue(form, "rate_1001")).toBe("lots");
  });

  it("the public insight-tag contact form", async () => {
    const made = await sendTo(handle, "POST", "/dashboard/insight-tag", cookie, {
      intent: "register",
      name: "Typed mixer",
      kind: "gps",
    });
    expect(made.status).toBe(302);
    const uuid = made.location!.split("/").pop()!;
    const res = await sendTo(handle, "POST", `/insight-tag/${uuid}`, "", {
      name: "Sam",
      email: "",
      message: "",
    });
    expect(res.status).toBe(400);
    expect(shownValue(res.text, "name")).toBe("Sam");
    expect(shownValue(res.text, "message")).toBe("");
  });

  it("a driver tag (a uid that is not hexadecimal)", async () => {
    const res = await sendTo(handle, "POST", "/dashboard/driver-tag", cookie, {
      intent: "register",
      uid: "not-hex!",
      label: "Typed label",
      driverId: "",
    });
    expect(res.status).toBe(400);
    const form = res.text.slice(res.text.indexOf('data-testid="register-tag"'));
    expect(shownValue(form, "uid")).toBe("not-hex!");
    expect(shownValue(form, "label")).toBe("Typed label");
  });
});

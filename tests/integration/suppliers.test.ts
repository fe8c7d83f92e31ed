/**
 * Issue 26, suppliers (dashboard/suppliers) through the route's loader and action, against
 * PostgreSQL and the simulator: create with contacts, a bad ABN refused beside the field with the
 * typed values kept, search and kind filter, edit, delete after confirming, a supplier on a hire
 * contract refused deletion, fleet_edit needed to change, another company's id a 404.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/dashboard.suppliers";
import { listSuppliers } from "~/modules/operations/suppliers-upstream.server";
import { upstream } from "~/services/api.server";
import { useTestDatabase } from "../support/db";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { upstreamAuth, useSimulator } from "../support/upstream";

let sim: Awaited<ReturnType<typeof useSimulator>>;
let admin = "";
type Supplier = { id: number; name: string; kind: string; contracts: number; contacts: unknown[] };
type Page = { suppliers: Supplier[]; canManage: boolean; total: number };

beforeAll(async () => {
  await useTestDatabase();
  sim = await useSimulator();
  admin = await sessionCookie("admin", "admin123");
}, 60_000);

const page = async (qs = "", cookie = admin) => {
  const res = await call(loader, get(`/dashboard/suppliers${qs}`, cookie));
  return { status: res.status, data: res.status === 200 ? ((await res.json()) as Page) : null };
};
const post = (fields: Record<string, string>, cookie = admin) =>
  call(action, formPost("/dashboard/suppliers", fields, { cookie }));

describe("suppliers", () => {
  it("creates a supplier with a contact, refuses a bad ABN beside the field, searches and filters", async () => {
    const made = await post({
      intent: "create",
      name: "Hire Works",
      kind: "plant_hire",
      tax_id: "51 824 753 556",
      "contacts[0].name": "Pat",
      "contacts[0].email": "pat@works.example",
      "contacts[1].name": "",
    });
    expect(made.status).toBe(302);
    const bad = await post({
      intent: "create",
      name: "Bad Tax",
      kind: "parts",
      tax_id: "12345678901",
    });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as {
      result: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(body.result.error.tax_id).toEqual(["This ABN is not valid"]);
    expect(body.result.initialValue.name).toBe("Bad Tax");
    const found = await page("?q=pat%40works");
    expect(found.data!.suppliers.map((s) => s.name)).toEqual(["Hire Works"]);
    expect(found.data!.suppliers[0]!.contacts).toHaveLength(1);
    const concrete = await page("?kind=concrete");
    expect(concrete.data!.suppliers.every((s) => s.kind === "concrete")).toBe(true);
    expect(concrete.data!.suppliers.length).toBeGreaterThan(0);
  });

  it("edits, deletes only after confirming, and refuses deleting a supplier on a hire contract", async () => {
    const mine = (await page("?q=Hire%20Works")).data!.suppliers[0]!;
    const saved = await post({
      intent: "update",
      id: String(mine.id),
      name: "Hire Works Pty",
      kind: "services",
    });
    expect(saved.status).toBe(302);
    const ask = await post({ intent: "delete", id: String(mine.id) });
    expect(await ask.json()).toEqual({ confirmFor: mine.id });
    expect((await page("?q=Hire%20Works%20Pty")).data!.suppliers).toHaveLength(1);
    expect((await post({ intent: "delete", id: String(mine.id), confirm: "yes" })).status).toBe(
      302,
    );
    expect((await page("?q=Hire%20Works")).data!.suppliers).toHaveLength(0);
    const used = (await page()).data!.suppliers.find((s) => s.contracts > 0)!;
    const refused = await post({ intent: "delete", id: String(used.id), confirm: "yes" });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { refused: { message: string } }).refused.message).toContain(
      `${used.name} is the supplier of`,
    );
  });

  it("changes need fleet_edit; another company's supplier is a 404", async () => {
    const demo = sim.world.users.find((u) => u.username === "demo")!;
    const was = demo.permissions.fleet_edit;
    demo.permissions.fleet_edit = false;
    try {
      const reader = await sessionCookie("demo", "demo123");
      const view = await page("", reader);
      expect(view.data!.canManage).toBe(false);
      expect((await post({ intent: "create", name: "Nope", kind: "parts" }, reader)).status).toBe(
        403,
      );
    } finally {
      demo.permissions.fleet_edit = was;
    }
    const other = await upstreamAuth("other", "other123");
    const theirs = (await listSuppliers(upstream(other.token)))[0]!;
    expect((await page(`?edit=${theirs.id}`)).status).toBe(404);
    expect(
      (await post({ intent: "update", id: String(theirs.id), name: "X", kind: "parts" })).status,
    ).toBe(404);
  });
});

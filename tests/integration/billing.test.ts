/**
 * Issue 19, the plan's limits and invoices through the routes' loaders and actions, against
 * PostgreSQL and the simulator: user licences cannot be bought below the active accounts, adding a
 * person (or reactivating one) past the plan's user licences is refused with a message naming the
 * limit, and an invoice downloads as a PDF of the signed-in company only.
 */
import type { SubmissionResult } from "@conform-to/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as invoiceLoader } from "~/routes/dashboard.invoices.$id.pdf";
import {
  action as buyAction,
  loader as buyLoader,
} from "~/routes/dashboard.purchase-subscriptions";
import { loader as subsLoader } from "~/routes/dashboard.subscriptions";
import { action as peopleAction } from "~/routes/_shell.admin.people._index";
import { action as personAction } from "~/routes/_shell.admin.people.$id";
import { useTestDatabase } from "../support/db";
import { pdfText } from "../support/pdf";
import { call, formPost, get } from "../support/remix";
import { sessionCookie } from "../support/sign-in";
import { useSimulator } from "../support/upstream";

let sim: Awaited<ReturnType<typeof useSimulator>>;
let admin = "";

beforeAll(async () => {
  await useTestDatabase();
  sim = await useSimulator();
  admin = await sessionCookie("admin", "admin123");
}, 60_000);

type Sub = { plan_id: string; devices: number; users: number; used_users: number };
type Invoice = { id: number; number: string; amount_cents: number; description: string };
const json = async <T>(res: Response) => (await res.json()) as T;
const subscriptions = async (cookie = admin) =>
  json<{ subscription: Sub; invoices: Invoice[] }>(
    await call(subsLoader, get("/dashboard/subscriptions", cookie)),
  );
const post = (fields: Record<string, string>) =>
  call(buyAction, formPost("/dashboard/purchase-subscriptions", fields, { cookie: admin }));
/** Prices then buys `users` user licences on the current plan and devices. */
async function buyUsers(users: number) {
  const { subscription: s } = await json<{ subscription: Sub }>(
    await call(buyLoader, get("/dashboard/purchase-subscriptions", admin)),
  );
  const order = { plan_id: s.plan_id, devices: String(s.devices), users: String(users) };
  const quoted = await post({ intent: "quote", ...order });
  expect(quoted.status).toBe(200);
  const { quote } = await json<{ quote: { id: string } }>(quoted);
  const bought = await post({ intent: "buy", quote_id: quote.id });
  expect(bought.status).toBe(302);
}
const invite = (first: string) =>
  call(
    peopleAction,
    formPost(
      "/admin/people",
      {
        intent: "create",
        first_name: first,
        last_name: "Seat",
        email: `${first.toLowerCase()}@harbour.example`,
      },
      { cookie: admin },
    ),
  );

type Reply = SubmissionResult<string[]>;

describe("plan limits", () => {
  it("refuses a person past the plan's user licences with a message naming the limit", async () => {
    const { subscription: s } = await subscriptions();
    const active = s.used_users;
    expect(active).toBeGreaterThan(1);
    // Fewer user licences than active accounts cannot be bought.
    const tooFew = await post({
      intent: "quote",
      plan_id: s.plan_id,
      devices: String(s.devices),
      users: String(active - 1),
    });
    expect(tooFew.status).toBe(400);
    expect((await json<{ result: Reply }>(tooFew)).result.error?.users).toEqual([
      `The company has ${active} active users, so choose at least ${active} user licences.`,
    ]);
    const fewDevices = await post({
      intent: "quote",
      plan_id: s.plan_id,
      devices: "1",
      users: String(s.users),
    });
    expect(fewDevices.status).toBe(400);
    expect((await json<{ result: Reply }>(fewDevices)).result.error?.devices?.[0]).toMatch(
      /^The company has (\d+) devices, so choose at least \1 device licences\.$/,
    );
    // Exactly as many licences as active accounts: the next person is refused, values kept.
    await buyUsers(active);
    expect((await subscriptions()).subscription.users).toBe(active);
    const refused = await invite("Una");
    expect(refused.status).toBe(409);
    // Conform's reply: the refusal as the form's error, what was typed kept.
    const r = (await json<{ result: Reply }>(refused)).result;
    expect(r.error?.[""]).toEqual([
      `User limit reached: your plan allows ${active} active users. Buy more user licences or deactivate someone first`,
    ]);
    expect(r.initialValue).toMatchObject({ first_name: "Una", email: "una@harbour.example" });
    expect(sim.world.users.some((u) => u.email === "una@harbour.example")).toBe(false);

    // Deactivating someone frees a licence; reactivating them past the limit is refused.
    const demo = String(sim.world.users.find((u) => u.username === "demo")!.username_id);
    const person = (fields: Record<string, string>) =>
      call(personAction, formPost(`/admin/people/${demo}`, fields, { cookie: admin }), {
        params: { id: demo },
      });
    expect((await person({ intent: "deactivate", confirm: "yes" })).status).toBe(302);
    expect((await invite("Una")).status).toBe(302);
    const back = await person({ intent: "activate" });
    expect(back.status).toBe(409);
    expect((await json<{ message: string }>(back)).message).toBe(
      `User limit reached: your plan allows ${active} active users`,
    );

    // More licences bought: the person comes back.
    await buyUsers(active + 2);
    expect((await person({ intent: "activate" })).status).toBe(302);
    expect((await subscriptions()).subscription.used_users).toBe(active + 1);
  });
});

describe("invoices", () => {
  it("downloads the company's invoice as a PDF; another company's id is a 404", async () => {
    const { invoices } = await subscriptions();
    const inv = invoices[0]!;
    const pdf = (id: string, cookie = admin) =>
      call(invoiceLoader, get(`/dashboard/invoices/${id}/pdf`, cookie), { params: { id } });
    const res = await pdf(String(inv.id));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="invoice-${inv.number}.pdf"`,
    );
    const { text, numpages } = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(numpages).toBe(1);
    expect(text).toContain(`Invoice ${inv.number}`);
    expect(text).toContain("Harbour Logistics");
    expect(text).toContain(inv.description);
    const dollars = `$${Math.floor(inv.amount_cents / 100).toLocaleString("en-AU")}.${String(inv.amount_cents % 100).padStart(2, "0")}`;
    expect(text).toContain(dollars);

    const other = await sessionCookie("other", "other123");
    const theirs = (await subscriptions(other)).invoices[0]!;
    expect(theirs.number).toMatch(/^INV-2-/);
    expect((await pdf(String(theirs.id))).status).toBe(404);
    expect((await pdf(String(theirs.id), other)).status).toBe(200);
    expect((await pdf("nope")).status).toBe(404);
    const driver = await sessionCookie("driver", "driver123");
    expect((await pdf(String(inv.id), driver)).status).toBe(403);
  });
});

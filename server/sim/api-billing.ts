/**
 * Plans, the company's subscription, invoices and the payment method (designed; SPEC §2.3), and the
 * payment provider's hosted card page. Card numbers never reach the product: the product opens a
 * checkout session (`POST /billing/checkout`), sends the browser to the provider's page
 * (`GET /pay/:id`, no token), the card is typed there and posted to the provider
 * (`POST /pay/:id`, which keeps only brand, last four digits and expiry), and the provider sends the
 * browser back to the product's return address with `?checkout=<id>`; the product then attaches
 * that session's card (`POST /billing/payment-method {checkout_id}`). Money is in whole cents.
 */
import { HttpError, obj, ok, routes, type Ctx, type SimState } from "./kit";
import { checkoutRoutes } from "./billing-pay";
import { idOf } from "./maintenance";

export type SimPlan = {
  id: string;
  name: string;
  /** Per device licence per month, cents. */
  device_price_cents: number;
  /** Per user licence per month, cents. */
  user_price_cents: number;
  features: string[];
};
export type SimSubscription = {
  plan_id: string;
  devices: number;
  users: number;
  period_start: string;
  renews_at: string;
};
export type SimInvoice = {
  id: number;
  companyid: number;
  number: string;
  issued_at: string;
  description: string;
  amount_cents: number;
  status: "paid" | "open";
};
export type SimCard = { brand: string; last4: string; exp_month: number; exp_year: number };
export type BillingState = {
  seq: number;
  subscriptions: Record<number, SimSubscription>;
  invoices: SimInvoice[];
  cards: Record<number, SimCard>;
  /** Priced orders (`POST /billing/quotes`): a purchase names one, so it is charged as shown. */
  quotes?: Record<
    string,
    {
      companyid: number;
      plan_id: string;
      devices: number;
      users: number;
      due_now_cents: number;
      expires: number;
    }
  >;
  checkouts: Record<
    string,
    { companyid: number; return_url: string; card: SimCard | null; used: boolean }
  >;
};

export const PLANS: SimPlan[] = [
  {
    id: "essential",
    name: "Essential",
    device_price_cents: 1900,
    user_price_cents: 0,
    features: ["logbook", "reporting"],
  },
  {
    id: "professional",
    name: "Professional",
    device_price_cents: 2900,
    user_price_cents: 500,
    features: ["logbook", "reporting", "timesheet", "forms", "driver_management"],
  },
  {
    id: "enterprise",
    name: "Enterprise",
    device_price_cents: 3900,
    user_price_cents: 900,
    features: ["everything"],
  },
];

const DAY = 86_400_000;
const PERIOD_DAYS = 30;
const iso = (t: number) => new Date(t).toISOString();

export function billingState(state: SimState): BillingState {
  if (!state.billing) {
    const start = state.world.createdAt - 12 * DAY;
    const subscriptions: Record<number, SimSubscription> = {};
    const invoices: SimInvoice[] = [];
    let seq = 9000;
    for (const c of state.world.companies.values()) {
      const devices = Math.max(
        10,
        Math.ceil((state.world.devicesByCompany.get(c.id)?.length ?? 0) / 5) * 5 + 5,
      );
      const plan = c.id === 1 ? "enterprise" : "professional";
      subscriptions[c.id] = {
        plan_id: plan,
        devices,
        users: 25,
        period_start: iso(start),
        renews_at: iso(start + PERIOD_DAYS * DAY),
      };
      const p = PLANS.find((x) => x.id === plan)!;
      for (let k = 2; k >= 0; k--)
        invoices.push({
          id: ++seq,
          companyid: c.id,
          number: `INV-${c.id}-${String(seq).padStart(5, "0")}`,
          issued_at: iso(start - k * PERIOD_DAYS * DAY),
          description: `${p.name}: ${devices} devices, 25 users`,
          amount_cents: devices * p.device_price_cents + 25 * p.user_price_cents,
          status: "paid",
        });
    }
    state.billing = {
      seq,
      subscriptions,
      invoices,
      cards: { 1: { brand: "Visa", last4: "4242", exp_month: 8, exp_year: 2028 } },
      checkouts: {},
    };
  }
  return state.billing;
}

function sub(ctx: Ctx) {
  const s = billingState(ctx.state).subscriptions[ctx.user.companyid];
  if (s) return s;
  const start = ctx.now;
  const made: SimSubscription = {
    plan_id: "essential",
    devices: 10,
    users: 5,
    period_start: iso(start),
    renews_at: iso(start + PERIOD_DAYS * DAY),
  };
  billingState(ctx.state).subscriptions[ctx.user.companyid] = made;
  return made;
}

/** The company's active accounts: what its user licences are counted against. */
const activeUsers = (ctx: Ctx) =>
  ctx.state.world.users.filter(
    (u) =>
      u.companyid === ctx.user.companyid && !ctx.state.people?.inactive.includes(u.username_id),
  ).length;

const monthly = (plan: SimPlan, devices: number, users: number) =>
  devices * plan.device_price_cents + users * plan.user_price_cents;

/** The price before and after, and what is due now for the rest of the period (prorated by day). */
function quote(ctx: Ctx, b: { plan_id?: unknown; devices?: unknown; users?: unknown }) {
  const s = sub(ctx);
  const plan = PLANS.find((p) => p.id === (b.plan_id ?? s.plan_id));
  if (!plan) throw new HttpError(400, "plan_id is not a plan");
  const whole = (v: unknown, field: string, fallback: number, min: number) => {
    const n = v === undefined || v === "" ? fallback : Number(v);
    if (!Number.isInteger(n) || n < min || n > 100_000)
      throw new HttpError(400, `${field} must be a whole number from ${min} to 100000`);
    return n;
  };
  const used = ctx.state.world.devicesByCompany.get(ctx.user.companyid)?.length ?? 0;
  const devices = whole(b.devices, "devices", s.devices, 1);
  const users = whole(b.users, "users", s.users, 1);
  if (devices < used)
    throw new HttpError(400, `devices must be at least ${used}: the company has ${used} devices`);
  const people = activeUsers(ctx);
  if (users < people)
    throw new HttpError(
      400,
      `users must be at least ${people}: the company has ${people} active users`,
    );
  const before = monthly(
    PLANS.find((p) => p.id === s.plan_id)!,
    s.devices,
    s.users,
  );
  const after = monthly(plan, devices, users);
  const end = Date.parse(s.renews_at);
  const left = Math.max(0, Math.min(1, (end - ctx.now) / (PERIOD_DAYS * DAY)));
  const due_now_cents = Math.max(0, Math.round((after - before) * left));
  return {
    plan_id: plan.id,
    devices,
    users,
    before_cents: before,
    after_cents: after,
    due_now_cents,
    renews_at: s.renews_at,
  };
}

export const billingRoutes = [
  ...routes([
    ["GET", "/billing/plans", () => ok(PLANS)],
    [
      "GET",
      "/billing/subscription",
      (ctx) => {
        const s = sub(ctx);
        return ok({
          ...s,
          used_devices: ctx.state.world.devicesByCompany.get(ctx.user.companyid)?.length ?? 0,
          used_users: activeUsers(ctx),
        });
      },
      { write: false },
    ],
    [
      "GET",
      "/billing/quote",
      (ctx) =>
        ok(
          quote(ctx, {
            plan_id: ctx.query.get("plan_id") ?? undefined,
            devices: ctx.query.get("devices") ?? undefined,
            users: ctx.query.get("users") ?? undefined,
          }),
        ),
      // Writes nothing (it may seed the company's subscription, which is deterministic).
      { write: false },
    ],
    [
      "POST",
      "/billing/quotes",
      (ctx) => {
        const q = quote(ctx, obj(ctx.body));
        const bs = billingState(ctx.state);
        const id = ctx.random().slice(0, 20);
        bs.quotes ??= {};
        bs.quotes[id] = {
          companyid: ctx.user.companyid,
          plan_id: q.plan_id,
          devices: q.devices,
          users: q.users,
          due_now_cents: q.due_now_cents,
          expires: ctx.now + 30 * 60_000,
        };
        return ok({ id, ...q }, 201);
      },
    ],
    [
      "POST",
      "/billing/purchase",
      (ctx) => {
        const b = obj(ctx.body);
        // A purchase names a quote of the caller's company: another company's is a 404.
        const saved =
          typeof b.quote_id === "string" ? billingState(ctx.state).quotes?.[b.quote_id] : undefined;
        if (!saved || saved.companyid !== ctx.user.companyid)
          throw new HttpError(404, "Quote not found");
        if (saved.expires < ctx.now)
          throw new HttpError(409, "This price has expired: see the price again");
        const q = quote(ctx, saved);
        if (q.due_now_cents !== saved.due_now_cents)
          throw new HttpError(409, "The price has changed: see the price again");
        const bs = billingState(ctx.state);
        const c = bs.cards[ctx.user.companyid];
        if (!c) throw new HttpError(409, "Add a card before buying: there is no payment method");
        delete bs.quotes![b.quote_id as string];
        const s = sub(ctx);
        const plan = PLANS.find((p) => p.id === q.plan_id)!;
        Object.assign(s, { plan_id: q.plan_id, devices: q.devices, users: q.users });
        const invoice: SimInvoice = {
          id: ++bs.seq,
          companyid: ctx.user.companyid,
          number: `INV-${ctx.user.companyid}-${String(bs.seq).padStart(5, "0")}`,
          issued_at: iso(ctx.now),
          description: `${plan.name}: ${q.devices} devices, ${q.users} users (prorated to ${s.renews_at.slice(0, 10)})`,
          amount_cents: q.due_now_cents,
          status: "paid",
        };
        bs.invoices.push(invoice);
        return ok({ ...q, invoice, card: { brand: c.brand, last4: c.last4 } }, 201);
      },
    ],
    [
      "GET",
      "/billing/invoices",
      (ctx) =>
        ok(
          billingState(ctx.state)
            .invoices.filter((i) => i.companyid === ctx.user.companyid)
            .sort((a, b) => b.issued_at.localeCompare(a.issued_at))
            .map(({ companyid: _c, ...i }) => i),
        ),
      { write: false },
    ],
    [
      "GET",
      "/billing/invoices/:id",
      (ctx) => {
        // The invoice as printed: with the company billed. Another company's id is a 404.
        const id = Number(idOf(ctx));
        const inv = billingState(ctx.state).invoices.find(
          (i) => i.id === id && i.companyid === ctx.user.companyid,
        );
        if (!inv) throw new HttpError(404, "Invoice not found");
        const { companyid, ...rest } = inv;
        return ok({ ...rest, company: ctx.state.world.companies.get(companyid)?.name ?? "" });
      },
      { write: false },
    ],
    [
      "GET",
      "/billing/payment-method",
      (ctx) => ok(billingState(ctx.state).cards[ctx.user.companyid] ?? null),
      { write: false },
    ],
  ]),
  ...checkoutRoutes,
];

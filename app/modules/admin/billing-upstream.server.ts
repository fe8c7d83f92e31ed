/**
 * Plans, the subscription, invoices and the payment method (designed; server/sim/api-billing.ts).
 * The card is typed only on the payment provider's hosted page: we hold brand, last four digits
 * and expiry, never a card number. Money is in whole cents.
 */
import { z } from "zod";
import type { Upstream } from "~/services/upstream/client.server";

const cents = z.number().int();
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  device_price_cents: cents,
  user_price_cents: cents,
  features: z.array(z.string()),
});
export type Plan = z.infer<typeof planSchema>;

export const subscriptionSchema = z.object({
  plan_id: z.string(),
  devices: z.number().int(),
  users: z.number().int(),
  period_start: z.string(),
  renews_at: z.string(),
  used_devices: z.number().int(),
  used_users: z.number().int(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const quoteSchema = z.object({
  plan_id: z.string(),
  devices: z.number().int(),
  users: z.number().int(),
  before_cents: cents,
  after_cents: cents,
  due_now_cents: cents,
  renews_at: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  issued_at: z.string(),
  description: z.string(),
  amount_cents: cents,
  status: z.enum(["paid", "open"]),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const cardSchema = z.object({
  brand: z.string(),
  last4: z.string().regex(/^\d{4}$/),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int(),
});
export type Card = z.infer<typeof cardSchema>;

export type Order = { plan_id: string; devices: number; users: number };

const get = async <T extends z.ZodTypeAny>(up: Upstream, path: string, schema: T) =>
  (await up.request({ method: "GET", path, schema, idempotent: true })).data as z.infer<T>;

export const listPlans = (up: Upstream) => get(up, "/billing/plans", z.array(planSchema));
export const getSubscription = (up: Upstream) =>
  get(up, "/billing/subscription", subscriptionSchema);
export const getQuote = (up: Upstream, o: Order) =>
  get(
    up,
    `/billing/quote?${new URLSearchParams({ plan_id: o.plan_id, devices: String(o.devices), users: String(o.users) })}`,
    quoteSchema,
  );
/** A priced order kept by the provider for 30 minutes; buying names it, so it is charged as shown. */
export const createQuote = async (up: Upstream, o: Order) =>
  (
    await up.request({
      method: "POST",
      path: "/billing/quotes",
      body: o,
      schema: quoteSchema.extend({ id: z.string() }),
    })
  ).data;
export const purchase = async (up: Upstream, quoteId: string) =>
  (
    await up.request({
      method: "POST",
      path: "/billing/purchase",
      body: { quote_id: quoteId },
      schema: quoteSchema.extend({ invoice: invoiceSchema }),
    })
  ).data;
export const listInvoices = (up: Upstream) => get(up, "/billing/invoices", z.array(invoiceSchema));
/** One invoice of the caller's company, with the company billed (another company's id is a 404). */
export const getInvoice = (up: Upstream, id: number) =>
  get(up, `/billing/invoices/${id}`, invoiceSchema.extend({ company: z.string() }));
export const getPaymentMethod = (up: Upstream) =>
  get(up, "/billing/payment-method", cardSchema.nullable());
/** A provider checkout session: the browser goes to `url` (on the provider) to type the card. */
export const startCheckout = async (up: Upstream, returnUrl: string) =>
  (
    await up.request({
      method: "POST",
      path: "/billing/checkout",
      body: { return_url: returnUrl },
      schema: z.object({ id: z.string(), url: z.string() }),
    })
  ).data;
export const attachCard = async (up: Upstream, checkoutId: string) =>
  (
    await up.request({
      method: "POST",
      path: "/billing/payment-method",
      body: { checkout_id: checkoutId },
      schema: cardSchema,
    })
  ).data;

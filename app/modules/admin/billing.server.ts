/**
 * Subscriptions, purchase and payment details (SPEC §2.3). The plan and its limits with usage;
 * buying more licences with the price before and after and what is due now (prorated), confirmed
 * before it is bought; invoices; the card on file shown only as brand, last four digits and
 * expiry. Cards are typed only on the payment provider's page (PAYMENT_PROVIDER_URL, the
 * simulator by default): we send the browser there and attach what it returns.
 */
import { isAllowed } from "~/lib/access";
import { upstream } from "~/services/api.server";
import { getEnv } from "~/services/env.server";
import type { ModuleContext } from "~/services/guard.server";
import { refusal } from "./people.server";
import type { PurchaseForm } from "./people-form";
import {
  attachCard,
  getPaymentMethod,
  createQuote,
  getSubscription,
  listInvoices,
  listPlans,
  purchase,
  startCheckout,
} from "./billing-upstream.server";

export const MANAGE_BILLING = { permission: "edit_permissions" } as const;

export async function subscriptionsPage(ctx: ModuleContext) {
  const up = upstream(ctx.auth.token);
  const [plans, subscription, invoices, card] = await Promise.all([
    listPlans(up),
    getSubscription(up),
    listInvoices(up),
    getPaymentMethod(up),
  ]);
  return {
    plan: plans.find((p) => p.id === subscription.plan_id) ?? null,
    subscription,
    invoices,
    card,
    canManage: isAllowed(ctx.user, MANAGE_BILLING),
  };
}

export async function purchasePage(ctx: ModuleContext) {
  const up = upstream(ctx.auth.token);
  const [plans, subscription, card] = await Promise.all([
    listPlans(up),
    getSubscription(up),
    getPaymentMethod(up),
  ]);
  return { plans, subscription, card, canManage: isAllowed(ctx.user, MANAGE_BILLING) };
}

type Refused = { ok: false; field: string; message: string };

const fieldOf = (m: string) => /^(plan_id|devices|users)\b/.exec(m)?.[1] ?? "form";

/**
 * The upstream's refusal of too few licences ("devices must be at least 24: the company has 24
 * devices") as a sentence for the field it belongs to; anything else as the upstream says it.
 */
export function licenceMessage(m: string): string {
  const few =
    /^(devices|users) must be at least (\d+): the company has (\d+) (active users|devices)$/.exec(
      m,
    );
  if (!few) return m;
  const [, what, min, has, things] = few;
  return `The company has ${has} ${things}, so choose at least ${min} ${what === "devices" ? "device" : "user"} licences.`;
}

export async function quoteOrder(ctx: ModuleContext, o: PurchaseForm) {
  try {
    return { ok: true as const, quote: await createQuote(upstream(ctx.auth.token), o) };
  } catch (e) {
    const message = refusal(e);
    if (message)
      return {
        ok: false,
        field: fieldOf(message),
        message: licenceMessage(message),
      } satisfies Refused;
    throw e;
  }
}

export async function placeOrder(ctx: ModuleContext, quoteId: string) {
  try {
    return {
      ok: true as const,
      order: await purchase(upstream(ctx.auth.token), quoteId.slice(0, 100)),
    };
  } catch (e) {
    const message = refusal(e);
    if (message) return { ok: false, field: fieldOf(message), message } satisfies Refused;
    throw e;
  }
}

/** Where the provider's card page is, as the browser reaches it. */
export function providerUrl(): string {
  const env = getEnv();
  return (env.PAYMENT_PROVIDER_URL ?? env.UPSTREAM_API_URL ?? "").replace(/\/+$/, "");
}

/** A checkout session on the provider: the browser is sent to its card page. */
export async function cardPageUrl(ctx: ModuleContext, returnUrl: string) {
  const c = await startCheckout(upstream(ctx.auth.token), returnUrl);
  return /^https?:\/\//.test(c.url) ? c.url : `${providerUrl()}${c.url}`;
}

export async function attachReturnedCard(ctx: ModuleContext, checkoutId: string) {
  try {
    return { ok: true as const, card: await attachCard(upstream(ctx.auth.token), checkoutId) };
  } catch (e) {
    const message = refusal(e);
    if (message) return { ok: false as const, message };
    throw e;
  }
}

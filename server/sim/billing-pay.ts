/** The payment provider's hosted card page (api-billing.ts): the only place a card number is typed. */
import { HttpError, obj, ok, routes, type Ctx } from "./kit";
import { idOf } from "./maintenance";
import { billingState, type SimCard } from "./api-billing";

export function card(v: Record<string, unknown>): SimCard {
  const digits = String(v.number ?? "").replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits)) throw new HttpError(400, "Card number is not valid");
  // Luhn: a mistyped number is refused here, on the provider's page.
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  if (sum % 10) throw new HttpError(400, "Card number is not valid");
  const m = String(v.expiry ?? "").match(/^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 12) throw new HttpError(400, "Expiry must be MM/YY");
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (!/^\d{3,4}$/.test(String(v.cvc ?? ""))) throw new HttpError(400, "CVC must be 3 or 4 digits");
  const brand = digits.startsWith("4")
    ? "Visa"
    : /^5[1-5]/.test(digits)
      ? "Mastercard"
      : /^3[47]/.test(digits)
        ? "Amex"
        : "Card";
  return { brand, last4: digits.slice(-4), exp_month: Number(m[1]), exp_year: year };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function page(id: string, error: string | null) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Secure card entry · Sim Pay</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:2rem auto;padding:0 1rem;color:#111}label{display:block;margin-top:1rem}input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}button{margin-top:1.5rem;padding:.6rem 1.2rem;font-size:1rem;background:#1c3f94;color:#fff;border:0;border-radius:4px}.err{color:#a4000f}</style></head>
<body><main><h1>Sim Pay: add a card</h1><p>Your card details go to the payment provider only.</p>
${error ? `<p class="err" role="alert">${esc(error)}</p>` : ""}
<form method="post" action="/pay/${esc(id)}"><label for="number">Card number</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required>
<label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" required>
<label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>
<button type="submit">Save card</button></form></main></body></html>`;
}

/** The hosted page's form post, parsed before journaling: only the card's safe parts are kept. */
export async function readCardForm(_ctx: Ctx, body: AsyncIterable<Buffer>) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of body) {
    size += c.length;
    if (size > 10_000) throw new HttpError(413, "Body too large");
    chunks.push(c);
  }
  const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
  try {
    return { card: card(form) };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

export const html = (text: string, status = 200) => ({
  status,
  text,
  contentType: "text/html; charset=utf-8",
});

function checkoutOf(ctx: Ctx) {
  const c = billingState(ctx.state).checkouts[idOf(ctx)];
  if (!c || c.used) throw new HttpError(404, "This payment page has expired");
  return c;
}

/** Checkout sessions, attaching their card, and the hosted page itself. */
export const checkoutRoutes = routes([
  [
    "POST",
    "/billing/checkout",
    (ctx) => {
      const url = obj(ctx.body).return_url;
      if (typeof url !== "string" || !/^https?:\/\//.test(url))
        throw new HttpError(400, "return_url must be an http(s) address");
      const id = ctx.random().slice(0, 24);
      billingState(ctx.state).checkouts[id] = {
        companyid: ctx.user.companyid,
        return_url: url,
        card: null,
        used: false,
      };
      return ok({ id, url: `/pay/${id}` }, 201);
    },
  ],
  [
    "POST",
    "/billing/payment-method",
    (ctx) => {
      const id = obj(ctx.body).checkout_id;
      const bs = billingState(ctx.state);
      const c = typeof id === "string" ? bs.checkouts[id] : undefined;
      if (!c || c.companyid !== ctx.user.companyid) throw new HttpError(404, "Checkout not found");
      if (!c.card || c.used) throw new HttpError(409, "No card was entered on the payment page");
      c.used = true;
      bs.cards[ctx.user.companyid] = c.card;
      return ok(c.card);
    },
  ],
  [
    "GET",
    "/pay/:id",
    (ctx) => {
      try {
        checkoutOf(ctx);
        return html(page(idOf(ctx), null));
      } catch {
        return html(
          "<!doctype html><title>Expired</title><p>This payment page has expired.</p>",
          404,
        );
      }
    },
    { auth: false },
  ],
  [
    "POST",
    "/pay/:id",
    (ctx) => {
      const c = checkoutOf(ctx);
      const b = obj(ctx.body) as { card?: SimCard; error?: string };
      if (!b.card) return html(page(idOf(ctx), b.error ?? "Card refused"), 400);
      c.card = b.card;
      const back = new URL(c.return_url);
      back.searchParams.set("checkout", idOf(ctx));
      return { status: 303, headers: { location: back.toString() }, text: "" };
    },
    { auth: false, stream: readCardForm },
  ],
]);

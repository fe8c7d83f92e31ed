/**
 * One try of an automation's webhook: the stored body, signed as the notifications module's
 * webhooks are (HMAC-SHA256 over "<timestamp>.<body>"), through the app's outbound guard, which
 * checks the address again at every connect (SSRF). The answer is judged here: whether another
 * try could help.
 */
import { signWebhook } from "~/modules/notifications/index.server";
import { OutboundRefusedError, outboundRequest } from "~/services/outbound-url.server";

// The notifications module's header names, so a receiver checks both kinds of webhook alike.
const SIGNATURE_HEADER = "X-Tracksmith-Signature";
const TIMESTAMP_HEADER = "X-Tracksmith-Timestamp";
const DELIVERY_HEADER = "X-Tracksmith-Delivery";
const IDEMPOTENCY_HEADER = "Idempotency-Key";

export type WebhookTry = {
  url: string;
  secret: string;
  /** The exact JSON sent on every try. */
  body: string;
  /** The same on every try: receivers drop a repeat by it. */
  deliveryId: string;
  kind: string;
};

export type TryResult =
  | { ok: true; status: number }
  | { ok: false; retry: boolean; status: number | null; error: string };

/** 408 and 429 say "later"; any other 4xx is the receiver refusing the request itself. */
export function retryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** What a try's failure means; a refused address is final (the guard will refuse it again). */
export function judge(status: number | null, error?: unknown): TryResult {
  if (status != null && status >= 200 && status < 300) return { ok: true, status };
  if (status != null) {
    const retry = retryableStatus(status);
    const why =
      status >= 300 && status < 400
        ? " (redirects are not followed; not retried)"
        : retry
          ? ""
          : " (refused by the receiver; not retried)";
    return { ok: false, retry, status, error: `webhook answered ${status}${why}` };
  }
  const e = error as Error | undefined;
  if (e instanceof OutboundRefusedError)
    return { ok: false, retry: false, status: null, error: `${e.message} (not retried)` };
  const message = e?.name === "TimeoutError" ? "timed out" : (e?.message ?? "failed");
  return { ok: false, retry: true, status: null, error: `webhook not reached: ${message}` };
}

export async function postWebhookTry(t: WebhookTry, timeoutMs = 10_000): Promise<TryResult> {
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const res = await outboundRequest(t.url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": "Tracksmith-Webhook/1",
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signWebhook(t.secret, timestamp, t.body),
        "X-Tracksmith-Event": t.kind,
        [DELIVERY_HEADER]: t.deliveryId,
        [IDEMPOTENCY_HEADER]: t.deliveryId,
      },
      body: t.body,
      timeoutMs,
      maxBytes: 4 * 1024,
    });
    return judge(res.status);
  } catch (e) {
    return judge(null, e);
  }
}

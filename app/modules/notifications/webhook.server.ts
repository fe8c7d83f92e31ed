/**
 * The webhook channel: an HTTP POST of the JSON event, signed with HMAC-SHA256 so the receiver
 * can check it came from us and was not replayed:
 *
 *   X-Tracksmith-Timestamp: <unix seconds>
 *   X-Tracksmith-Signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>
 *
 * Deliveries run as `webhook` jobs; a failure (network, timeout, non-2xx, a redirect) throws so
 * pg-boss retries with exponential backoff. The secret stays in the rule: jobs carry the rule id.
 *
 * Each dispatch (one event to one rule) has a stable key, sent as `Idempotency-Key` and
 * `X-Tracksmith-Delivery` on every attempt, and a `WebhookDelivery` row: claimed before the POST,
 * marked delivered after a 2xx, so a retried job does not send a delivered dispatch again. (A
 * worker dying between the receiver's 2xx and our record can still send twice: the key lets the
 * receiver drop the repeat.) Addresses go through the outbound guard (outbound-url.server.ts).
 */
import crypto from "node:crypto";
import { prisma } from "~/services/db.server";
import { open } from "~/services/secret-box.server";
import { sendJob } from "~/services/job-queue.server";
import { logError } from "~/services/log.server";
import { OutboundRefusedError, outboundRequest } from "~/services/outbound-url.server";

export const WEBHOOK_QUEUE = "webhook";
export const SIGNATURE_HEADER = "X-Tracksmith-Signature";
export const TIMESTAMP_HEADER = "X-Tracksmith-Timestamp";
export const DELIVERY_HEADER = "X-Tracksmith-Delivery";
export const IDEMPOTENCY_HEADER = "Idempotency-Key";

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** For receivers (and our tests): constant-time check, within `toleranceS` of now. */
export function verifyWebhook(
  secret: string,
  headers: { signature: string | null; timestamp: string | null },
  body: string,
  now = Date.now(),
  toleranceS = 300,
): boolean {
  const ts = Number(headers.timestamp);
  if (!headers.signature || !Number.isInteger(ts) || Math.abs(now / 1000 - ts) > toleranceS)
    return false;
  const expected = Buffer.from(signWebhook(secret, ts, body));
  const given = Buffer.from(headers.signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

export type WebhookEvent = {
  id: string;
  kind: string;
  imei: string | null;
  companyid: number;
  time: string;
  title: string;
  body: string;
  details: Record<string, unknown>;
  test?: boolean;
};

/** The dispatch's key (Idempotency-Key): one event to one rule, the same on every attempt. */
export function deliveryKey(ruleId: string, eventId: string): string {
  return crypto
    .createHash("sha256")
    .update(`${ruleId}\n${eventId}`)
    .digest("base64url")
    .slice(0, 32);
}

/**
 * Posts once through the outbound guard (public https addresses only, checked at connect; no
 * redirects; at most 64 KB of the answer read). Throws on anything but a 2xx so the job is retried;
 * an address the guard refuses throws OutboundRefusedError.
 */
export async function postWebhook(
  url: string,
  secret: string,
  event: WebhookEvent,
  timeoutMs = 10_000,
  deliveryId = event.id,
): Promise<number> {
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const res = await outboundRequest(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "Tracksmith-Webhook/1",
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
      "X-Tracksmith-Event": event.kind,
      [DELIVERY_HEADER]: deliveryId,
      [IDEMPOTENCY_HEADER]: deliveryId,
    },
    body,
    timeoutMs,
    maxBytes: 64 * 1024,
  });
  if (res.status >= 300 && res.status < 400)
    throw new Error(`webhook answered ${res.status} (redirects are not followed)`);
  if (res.status < 200 || res.status >= 300) throw new Error(`webhook answered ${res.status}`);
  return res.status;
}

/** A claim older than this belongs to a worker that died mid-send (a send takes at most 10 s). */
const CLAIM_LEASE_SECONDS = 60;

/**
 * The job: reads the rule's current URL and secret (a deleted rule or removed hook ends it), claims
 * the dispatch and posts it. "duplicate": it was delivered before (a retried job, a second
 * worker); "refused": the guard refused the address, which retrying will not change.
 */
export async function deliverWebhook(data: {
  ruleId: string;
  event: WebhookEvent;
}): Promise<"sent" | "dropped" | "duplicate" | "refused"> {
  const rule = await prisma.alertRule.findUnique({
    where: { id: data.ruleId },
    select: { webhookUrl: true, webhookSecret: true, companyId: true },
  });
  if (!rule?.webhookUrl || !rule.webhookSecret || rule.companyId !== data.event.companyid)
    return "dropped";
  const id = deliveryKey(data.ruleId, data.event.id);
  const claimed = await prisma.$executeRaw`
    insert into "WebhookDelivery" (id, "ruleId", "eventId", attempts, "claimedAt")
    values (${id}, ${data.ruleId}, ${data.event.id}, 1, now())
    on conflict (id) do update set attempts = "WebhookDelivery".attempts + 1, "claimedAt" = now()
    where "WebhookDelivery"."deliveredAt" is null and ("WebhookDelivery"."claimedAt" is null
      or "WebhookDelivery"."claimedAt" < now() - make_interval(secs => ${CLAIM_LEASE_SECONDS}))`;
  if (!claimed) {
    const row = await prisma.webhookDelivery.findUnique({ where: { id } });
    if (row?.deliveredAt) return "duplicate";
    throw new Error("webhook dispatch is being sent by another worker");
  }
  try {
    const status = await postWebhook(
      rule.webhookUrl,
      open(rule.webhookSecret, "webhook-secret"),
      data.event,
      10_000,
      id,
    );
    await prisma.webhookDelivery.update({
      where: { id },
      data: { deliveredAt: new Date(), status, claimedAt: null, error: null },
    });
    return "sent";
  } catch (e) {
    const message = (e as Error).message;
    await prisma.webhookDelivery
      .update({ where: { id }, data: { claimedAt: null, error: message.slice(0, 300) } })
      .catch(() => undefined);
    if (!(e instanceof OutboundRefusedError)) throw e;
    logError("webhook", `rule=${data.ruleId} not sent: ${message}`);
    return "refused";
  }
}

export async function queueWebhook(ruleId: string, event: WebhookEvent) {
  await sendJob(
    WEBHOOK_QUEUE,
    { ruleId, event },
    { retryLimit: 8, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
  );
}

/**
 * The webhook channel: an HTTP POST of the JSON event, signed with HMAC-SHA256 so the receiver
 * can check it came from us and was not replayed:
 *
 *   X-Tracksmith-Timestamp: <unix seconds>
 *   X-Tracksmith-Signature: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>
 *
 * Deliveries run as `webhook` jobs; a failure (network, timeout, non-2xx) throws so pg-boss retries
 * with exponential backoff. The secret stays in the rule: jobs carry the rule id only.
 */
import crypto from "node:crypto";
import { prisma } from "~/services/db.server";
import { open } from "~/services/secret-box.server";
import { sendJob } from "~/services/job-queue.server";

export const WEBHOOK_QUEUE = "webhook";
export const SIGNATURE_HEADER = "X-Tracksmith-Signature";
export const TIMESTAMP_HEADER = "X-Tracksmith-Timestamp";

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

/** Posts once; throws on anything but a 2xx so the job is retried. */
export async function postWebhook(
  url: string,
  secret: string,
  event: WebhookEvent,
  timeoutMs = 10_000,
): Promise<number> {
  const body = JSON.stringify(event);
  const timestamp = Math.floor(Date.now() / 1000);
  const res = await fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "Tracksmith-Webhook/1",
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
      "X-Tracksmith-Event": event.kind,
      "X-Tracksmith-Delivery": event.id,
    },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  await res.arrayBuffer().catch(() => undefined);
  if (res.status < 200 || res.status >= 300)
    throw new Error(`webhook ${url} answered ${res.status}`);
  return res.status;
}

/** The job: reads the rule's current URL and secret (a deleted rule or removed hook ends it). */
export async function deliverWebhook(data: {
  ruleId: string;
  event: WebhookEvent;
}): Promise<"sent" | "dropped"> {
  const rule = await prisma.alertRule.findUnique({
    where: { id: data.ruleId },
    select: { webhookUrl: true, webhookSecret: true, companyId: true },
  });
  if (!rule?.webhookUrl || !rule.webhookSecret || rule.companyId !== data.event.companyid)
    return "dropped";
  await postWebhook(rule.webhookUrl, open(rule.webhookSecret, "webhook-secret"), data.event);
  return "sent";
}

export async function queueWebhook(ruleId: string, event: WebhookEvent) {
  await sendJob(
    WEBHOOK_QUEUE,
    { ruleId, event },
    { retryLimit: 8, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
  );
}

/**
 * Browser push: storing subscriptions, building payloads within the 4 KB limit, and sending one
 * push with real Web Push encryption (`web-push`) and VAPID. Sending goes through the outbound
 * guard (public https addresses only, no redirects, bounded answer and time) with keep-alive
 * pooling; the tests' http stub on 127.0.0.1 needs OUTBOUND_ALLOW_HTTP and OUTBOUND_ALLOW_PRIVATE.
 * The fan-out (batches, claims, retries) is server/jobs/push-fanout.ts.
 */
import crypto from "node:crypto";
import webpush from "web-push";
import { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { pushPolicyFor, type PushUrgency } from "./alert-events";
import { inReaderUnits, parseMeasurement, type Measurement } from "~/lib/units";
import type { SessionUser } from "~/lib/user";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { getEnv } from "~/services/env.server";
import { sendJob } from "~/services/job-queue.server";
import { logError, logInfo } from "~/services/log.server";
import { OutboundRefusedError, outboundRequest } from "~/services/outbound-url.server";
import { subscribePush } from "~/services/upstream/index.server";

export const PUSH_FANOUT_QUEUE = "push-fanout";

/** A push message's encrypted body must fit 4096 bytes; this plaintext cap leaves room for the
 *  aes128gcm header (86), padding delimiter and tag (17). */
export const MAX_PUSH_PAYLOAD_BYTES = 3900;

export type PushPayload = {
  title: string;
  body: string;
  link?: string | null;
  kind: string;
  tag?: string;
  icon?: string;
  id?: string;
};

const byteLength = (s: string) => Buffer.byteLength(s, "utf8");

function cutToBytes(s: string, bytes: number): string {
  if (byteLength(s) <= bytes) return s;
  let out = s;
  while (out.length && byteLength(out + "…") > bytes)
    out = out.slice(
      0,
      Math.max(0, out.length - Math.max(1, Math.ceil((byteLength(out) - bytes) / 4))),
    );
  return out + "…";
}

/** The JSON the service worker reads; the body (then the title) is shortened to fit the cap. */
export function buildPayload(p: PushPayload, max = MAX_PUSH_PAYLOAD_BYTES): string {
  const base = {
    title: p.title,
    body: p.body,
    link: p.link ?? "/dashboard/notifications",
    kind: p.kind,
    tag: p.tag,
    icon: p.icon ?? "/favicon.svg",
    id: p.id,
  };
  let text = JSON.stringify(base);
  if (byteLength(text) <= max) return text;
  const withoutBody = byteLength(JSON.stringify({ ...base, body: "" }));
  base.body = cutToBytes(p.body, Math.max(0, max - withoutBody - 16));
  text = JSON.stringify(base);
  if (byteLength(text) <= max) return text;
  base.body = "";
  base.title = cutToBytes(
    p.title,
    Math.max(0, max - byteLength(JSON.stringify({ ...base, title: "" })) - 16),
  );
  text = JSON.stringify(base);
  // The link is ours and short; anything still over the cap is a bug worth a loud failure.
  if (byteLength(text) > max) throw new Error(`push payload over ${max} bytes`);
  return text;
}

// ------------------------------------------------------------------ sending one push

export type Vapid = { publicKey: string; privateKey: string; subject: string };

export function vapidFromEnv(): Vapid {
  const env = getEnv();
  const publicKey = env.VAPID_PUBLIC_KEY;
  const privateKey = env.VAPID_PRIVATE_KEY;
  if (!publicKey || !privateKey)
    throw new Error("VAPID keys are not set: server/boot.ts generates them at start");
  return { publicKey, privateKey, subject: env.VAPID_SUBJECT };
}

export function vapidPublicKey(): string | null {
  return getEnv().VAPID_PUBLIC_KEY ?? null;
}

// Signing a VAPID JWT per request costs as much as the encryption; one per push service origin
// and 12 hours is what push services accept (max 24 h).
const vapidCache = new Map<string, { auth: string; until: number }>();
function vapidAuthorization(audience: string, vapid: Vapid): string {
  const key = `${audience}|${vapid.publicKey}`;
  const hit = vapidCache.get(key);
  const now = Date.now();
  if (hit && hit.until > now) return hit.auth;
  const exp = Math.floor(now / 1000) + 12 * 3600;
  const headers = webpush.getVapidHeaders(
    audience,
    vapid.subject,
    vapid.publicKey,
    vapid.privateKey,
    "aes128gcm",
    exp,
  );
  vapidCache.set(key, { auth: headers.Authorization, until: now + 11 * 3600 * 1000 });
  return headers.Authorization;
}

export type Subscription = { endpoint: string; p256dh: string; auth: string };
export type SendOptions = {
  ttl: number;
  urgency: PushUrgency;
  topic?: string;
  timeoutMs?: number;
  vapid?: Vapid;
};
export type SendResult =
  | { outcome: "sent"; status: number }
  | { outcome: "gone"; status: number }
  | { outcome: "retry"; status: number; retryAfterMs: number | null; error: string }
  | { outcome: "failed"; status: number; error: string };

/** Topic header: the push service replaces an undelivered message with the same topic. */
export function topicFor(key: string): string {
  return crypto.createHash("sha256").update(key).digest("base64url").slice(0, 32);
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

/** Encrypts and sends one push. Never throws: the outcome says what the fan-out should do. */
export async function sendPush(
  sub: Subscription,
  payload: string,
  opts: SendOptions,
): Promise<SendResult> {
  const vapid = opts.vapid ?? vapidFromEnv();
  let details: ReturnType<typeof webpush.generateRequestDetails>;
  try {
    const audience = new URL(sub.endpoint).origin;
    details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      payload,
      {
        TTL: opts.ttl,
        urgency: opts.urgency,
        topic: opts.topic,
        vapidDetails: null as never,
        headers: { Authorization: vapidAuthorization(audience, vapid) },
      },
    );
  } catch (e) {
    // A subscription whose keys cannot encrypt never will: treat it as gone.
    return { outcome: "gone", status: 0 };
  }
  try {
    // Through the outbound guard: a public https push service only, checked at connect, and a
    // redirect is an answer, never followed (the VAPID Authorization stays with the push service).
    const res = await outboundRequest(details.endpoint, {
      method: "POST",
      headers: details.headers as Record<string, string>,
      body: details.body as Buffer,
      timeoutMs: opts.timeoutMs ?? 10_000,
      maxBytes: 16 * 1024,
    });
    if (res.status >= 200 && res.status < 300) return { outcome: "sent", status: res.status };
    if (res.status === 404 || res.status === 410) return { outcome: "gone", status: res.status };
    if (res.status === 429 || res.status >= 500) {
      const retryAfter = res.headers["retry-after"];
      return {
        outcome: "retry",
        status: res.status,
        retryAfterMs: retryAfterMs(typeof retryAfter === "string" ? retryAfter : null),
        error: `push service answered ${res.status}`,
      };
    }
    // 3xx (not followed), 400 (bad request), 401/403 (VAPID refused), 413 (too large): retrying
    // will not help.
    return { outcome: "failed", status: res.status, error: `push service answered ${res.status}` };
  } catch (e) {
    if (e instanceof OutboundRefusedError)
      return { outcome: "failed", status: 0, error: e.message };
    return {
      outcome: "retry",
      status: 0,
      retryAfterMs: null,
      error: (e as Error).name === "TimeoutError" ? "timed out" : (e as Error).message,
    };
  }
}

// ------------------------------------------------------------------ subscriptions

export const subscriptionInputSchema = z.object({
  endpoint: z
    .string()
    .url()
    .max(2000)
    .refine((u) => /^https?:\/\//.test(u), "must be an http(s) URL"),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(16).max(200), auth: z.string().min(8).max(100) }),
});
export type SubscriptionInput = z.infer<typeof subscriptionInputSchema>;

/**
 * Stores the browser's subscription for the user (a browser re-subscribing keeps its row; the
 * same endpoint posted by another user is another row, never a takeover of this one), then
 * forwards it upstream (SPEC §7); upstream failures are only logged (SPEC §8). The caller checks
 * the endpoint with the outbound guard first.
 */
export async function saveSubscription(
  user: Pick<SessionUser, "username_id" | "companyid" | "username">,
  input: SubscriptionInput,
  userAgent: string | null,
  token: string | null,
  /** The browser's unit system (its settings cookie): its pushes are written in it. */
  measurement: Measurement = "metric",
) {
  const data = {
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
    measurement,
  };
  const owner = { userId: user.username_id, endpoint: input.endpoint };
  const row = await prisma.pushSubscription.upsert({
    where: { userId_endpoint: owner },
    create: { ...owner, companyId: user.companyid, ...data },
    update: data,
    select: { id: true },
  });
  logInfo("push", `subscribed user=${user.username} subscription=${row.id}`);
  if (token) {
    try {
      await subscribePush(upstream(token), {
        endpoint: input.endpoint,
        expirationTime: input.expirationTime ?? null,
        keys: input.keys,
      });
    } catch (e) {
      logError("push", `upstream subscribe failed (ignored): ${(e as Error).message}`);
    }
  }
  return row;
}

export function listSubscriptions(userId: number) {
  return prisma.pushSubscription.findMany({
    where: { userId },
    select: { id: true, endpoint: true, userAgent: true, createdAt: true, lastUsedAt: true },
    orderBy: { createdAt: "desc" },
  });
}

/** Removes one of the user's own subscriptions; false when it is not theirs (answer 404). */
export async function removeSubscription(
  userId: number,
  idOrEndpoint: { id?: string; endpoint?: string },
): Promise<boolean> {
  const where = idOrEndpoint.id
    ? { id: idOrEndpoint.id, userId }
    : { endpoint: idOrEndpoint.endpoint ?? "", userId };
  const { count } = await prisma.pushSubscription.deleteMany({ where });
  return count > 0;
}

// ------------------------------------------------------------------ queueing a message

/**
 * A stored payload (its texts written in km, km/h and °C, once for every reader) as the browser
 * of one subscription reads it: in the unit system that browser subscribed with.
 */
export function payloadFor(stored: unknown, measurement: string): string {
  const m = parseMeasurement(measurement);
  if (m === "metric") return JSON.stringify(stored);
  const p = stored as PushPayload;
  return buildPayload({ ...p, title: inReaderUnits(p.title, m), body: inReaderUnits(p.body, m) });
}

/**
 * Queues one push message for every subscription of `userIds`. Idempotent by key: the same key
 * twice sends once. The message row is written before the job, so a crash between the two
 * loses nothing the fan-out cannot find again (`resumePendingMessages`).
 */
export async function queuePush(
  key: string,
  userIds: number[],
  payload: PushPayload,
): Promise<void> {
  if (!userIds.length) return;
  const created = await prisma.pushMessage.createMany({
    data: [pushMessageRow(key, userIds, payload)],
    skipDuplicates: true,
  });
  if (created.count === 0) return;
  await enqueueFanout(key);
}

/**
 * The PushMessage row queuePush writes, for a caller that writes it in the transaction of the fact
 * owing it (then calls enqueueFanout after the commit; resumePendingMessages finds it otherwise).
 */
export function pushMessageRow(key: string, userIds: number[], payload: PushPayload) {
  const policy = pushPolicyFor(payload.kind);
  const text = buildPayload({ ...payload, tag: payload.tag ?? key });
  return {
    key,
    userIds: [...new Set(userIds)],
    payload: JSON.parse(text) as Prisma.InputJsonValue,
    ttl: policy.ttl,
    urgency: policy.urgency,
  };
}

export async function enqueueFanout(key: string) {
  await sendJob(
    PUSH_FANOUT_QUEUE,
    { key },
    {
      retryLimit: 10,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 300,
      singletonKey: `fanout:${key}`,
    },
  );
}

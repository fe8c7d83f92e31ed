/**
 * The public page of a scanned tag (/insight-tag/:uuid, no session): only the fields its company
 * chose (the upstream leaves the others out), 404 for an unknown or retired tag, and a "report a
 * problem / contact the owner" form, rate-limited per address (rate-limiter-flexible in
 * PostgreSQL, shared by every process), stored upstream and forwarded to the in-app
 * notifications of the company's users this app knows.
 */
import crypto from "node:crypto";
import { json } from "@remix-run/node";
import { RateLimiterPrisma } from "rate-limiter-flexible";
import type { SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/lib/parse-form";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { appSecrets } from "~/services/env.server";
import { logError, logInfo } from "~/services/log.server";
import { singleton } from "~/services/singleton.server";
import { isUpstreamError } from "~/services/upstream/index.server";
// The notifications module has no server index yet; notifyUser is its documented entry point.
import { notifyUser } from "~/modules/notifications/index.server";
import { normaliseUuid } from "./rules";
import { contactSchema } from "./schemas";
import * as iup from "./upstream.server";
import { usersWithSessions } from "~/services/session-users.server";

/** Messages one address may send (to any tags) per hour. */
export const CONTACT_MAX_PER_HOUR = 5;
export const CONTACT_RATE_MESSAGE =
  "Too many messages from your network. Please try again in an hour.";

const limiter = singleton(
  "insight-contact-limiter",
  () =>
    new RateLimiterPrisma({
      storeClient: prisma,
      tableName: "rateLimit",
      keyPrefix: "insight-contact",
      points: CONTACT_MAX_PER_HOUR,
      duration: 3600,
      clearExpiredByTimeout: false,
    }),
);

const addressKey = (address: string) =>
  crypto
    .createHmac("sha256", `rate-limit:${appSecrets()[0]!}`)
    .update(`insight-contact\0${address}`)
    .digest("base64url")
    .slice(0, 32);

const notFound = () => new Response("Not found", { status: 404 });

async function load(raw: string) {
  const uuid = normaliseUuid(raw);
  if (!uuid) throw notFound();
  try {
    return await iup.publicTag(upstream(null), uuid);
  } catch (e) {
    if (isUpstreamError(e) && (e.status === 404 || e.status === 400)) throw notFound();
    throw e;
  }
}

export async function publicPage(raw: string) {
  return { tag: await load(raw) };
}

/** The contact form's answer: sent, or Conform's reply (messages beside the fields, typed kept). */
export type ContactData = { result?: SubmissionResult<string[]>; sent?: boolean };

export async function contactAction(raw: string, form: FormData, address: string) {
  const tag = await load(raw);
  const sub = parseForm(form, contactSchema);
  if (sub.status !== "success") return json<ContactData>({ result: sub.reply() }, { status: 400 });
  const key = addressKey(address);
  try {
    await limiter.consume(key);
  } catch (e) {
    if (e instanceof Error) throw e;
    logInfo("insight-tags", `contact rate limit tag=${tag.uuid}`);
    return json<ContactData>(
      { result: sub.reply({ formErrors: [CONTACT_RATE_MESSAGE] }) },
      { status: 429, headers: { "Retry-After": "3600" } },
    );
  }
  const v = sub.value;
  const m = await iup.contactOwner(upstream(null), {
    uuid: tag.uuid,
    name: v.name ?? "",
    email: v.email ?? "",
    message: v.message,
  });
  if (m.company_id !== undefined) await forward(m.company_id, tag.uuid, tag.name ?? "", m);
  return json<ContactData>({ sent: true });
}

/** An in-app notification for each user of the company with a session in this app. */
async function forward(
  companyId: number,
  uuid: string,
  name: string,
  m: { id: number; name: string; message: string },
) {
  try {
    const users = (await usersWithSessions({}, { companyId })).get(companyId) ?? [];
    for (const userId of users)
      await notifyUser({
        userId,
        companyId,
        kind: "insight_tag_message",
        title: `Message about ${name || "an insight tag"}`,
        body: `${m.name ? `${m.name}: ` : ""}${m.message}`.slice(0, 500),
        link: `/dashboard/insight-tag/${uuid}`,
        eventId: `insight-message:${m.id}`,
      });
  } catch (e) {
    logError("insight-tags", e);
  }
}

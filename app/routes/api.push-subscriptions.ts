import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireModule } from "~/services/guard.server";
import { measurementOf } from "~/services/measurement.server";
import { outboundUrlProblem } from "~/services/outbound-url.server";
import {
  listSubscriptions,
  removeSubscription,
  saveSubscription,
  subscriptionInputSchema,
} from "~/modules/notifications/push.server";

/** GET: this user's subscribed browsers. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = (await requireModule(request, "notifications")).session;
  const rows = await listSubscriptions(user.username_id);
  return json({
    subscriptions: rows.map((r) => ({
      id: r.id,
      userAgent: r.userAgent,
      createdAt: r.createdAt.toISOString(),
      endpointHost: new URL(r.endpoint).host,
    })),
  });
}

const removeSchema = z.object({ endpoint: z.string().url().max(2000) });

/**
 * POST (JSON, the browser's PushSubscription.toJSON()): check the endpoint's address, store it
 * for this user and forward it upstream.
 * DELETE (JSON {endpoint}): this browser unsubscribed.
 */
export async function action({ request }: ActionFunctionArgs) {
  const auth = (await requireModule(request, "notifications")).session;
  // Not an upstream read: a body that is not JSON is refused below like a wrong shape.
  // eslint-disable-next-line no-restricted-syntax
  const body = await request.json().catch(() => null);
  if (request.method === "DELETE") {
    const parsed = removeSchema.safeParse(body);
    if (!parsed.success) return json({ error: "endpoint required" }, { status: 400 });
    const removed = await removeSubscription(auth.user.username_id, {
      endpoint: parsed.data.endpoint,
    });
    return json({ removed }, { status: removed ? 200 : 404 });
  }
  if (request.method !== "POST") return json({ error: "Method not allowed" }, { status: 405 });
  const parsed = subscriptionInputSchema.safeParse(body);
  if (!parsed.success) return json({ error: "Not a push subscription" }, { status: 400 });
  // A push service is on the public internet: never our own machine or network (SSRF).
  const problem = await outboundUrlProblem(parsed.data.endpoint);
  if (problem) return json({ error: problem }, { status: 400 });
  const row = await saveSubscription(
    auth.user,
    parsed.data,
    request.headers.get("user-agent"),
    auth.token,
    measurementOf(request),
  );
  return json({ id: row.id }, { status: 201 });
}

import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { safeRedirect } from "~/lib/safe-redirect";
import { requireModule } from "~/services/guard.server";
import {
  feed,
  markAllRead,
  markRead,
  unreadCount,
} from "~/modules/notifications/notifications.server";

/** The bell's data: unread count and the latest notifications. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = (await requireModule(request, "notifications")).session;
  const [unread, recent] = await Promise.all([
    unreadCount(user.username_id),
    feed(user.username_id, { take: 8 }),
  ]);
  return json(
    { unread, items: recent.items },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const schema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("read"),
    id: z.string().min(1).max(40),
    redirectTo: z.string().optional(),
  }),
  z.object({ intent: z.literal("read-all"), redirectTo: z.string().optional() }),
]);

/** Mark read / mark all read; a plain form post (no JavaScript) is redirected back. */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = (await requireModule(request, "notifications")).session;
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return json({ error: "Unknown request" }, { status: 400 });
  if (parsed.data.intent === "read") {
    if (!(await markRead(user.username_id, parsed.data.id)))
      return json({ error: "Not found" }, { status: 404 });
  } else await markAllRead(user.username_id);
  if (parsed.data.redirectTo) return redirect(safeRedirect(parsed.data.redirectTo));
  return json({ unread: await unreadCount(user.username_id) });
}

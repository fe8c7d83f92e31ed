import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { safeRedirect } from "~/lib/safe-redirect";
import { requireModule } from "~/services/guard.server";
import { notUnderstood, switchIntent } from "~/services/intent.server";
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

const redirectTo = z.string().optional();
const ReadSchema = z.object({ id: z.string().min(1).max(40), redirectTo });
const ReadAllSchema = z.object({ redirectTo });

/** Mark read / mark all read; a plain form post (no JavaScript) is redirected back. */
export async function action({ request }: ActionFunctionArgs) {
  const { user } = (await requireModule(request, "notifications")).session;
  const back = async (to: string | undefined) =>
    to ? redirect(safeRedirect(to)) : json({ unread: await unreadCount(user.username_id) });
  return switchIntent(await request.formData(), {
    read: async (form) => {
      const parsed = ReadSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return notUnderstood();
      if (!(await markRead(user.username_id, parsed.data.id)))
        return json({ error: "Not found" }, { status: 404 });
      return back(parsed.data.redirectTo);
    },
    "read-all": async (form) => {
      const parsed = ReadAllSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) return notUnderstood();
      await markAllRead(user.username_id);
      return back(parsed.data.redirectTo);
    },
  });
}

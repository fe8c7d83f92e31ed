import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventStream } from "remix-utils/sse/server";
import { requireModule } from "~/services/guard.server";
import { logError } from "~/services/log.server";
import { acquireStreamSlot } from "~/services/stream-limit.server";
import { onFeedChange, unreadCount } from "~/modules/notifications/notifications.server";

/**
 * Server-sent events for the bell: `unread` (the count, on connect and on every change) and
 * `notification` (each new one, for the snackbar). `no-transform` keeps the compression
 * middleware from buffering the stream; a ping every 25 s keeps proxies from closing it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token } = (await requireModule(request, "notifications")).session;
  acquireStreamSlot(request, "notifications", { token, companyId: user.companyid }); // or 429
  const userId = user.username_id;
  const response = eventStream(
    request.signal,
    (rawSend) => {
      // A send after the client went away throws; nothing is lost (the feed keeps everything).
      const send = (e: { event: string; data: string }) => {
        try {
          rawSend(e);
        } catch {
          /* stream closed */
        }
      };
      let stop: (() => void) | null = null;
      let closed = false;
      void (async () => {
        try {
          // Listening first, then the count: nothing created in between goes unannounced. After a
          // database outage the hub sends what was missed and a fresh count (notifications.server.ts).
          const off = await onFeedChange(userId, (u) => {
            for (const item of u.items) send({ event: "notification", data: JSON.stringify(item) });
            send({ event: "unread", data: String(u.unread) });
          });
          if (closed) off();
          else stop = off;
          send({ event: "unread", data: String(await unreadCount(userId)) });
        } catch (e) {
          logError("notifications", e);
        }
      })();
      const ping = setInterval(() => send({ event: "ping", data: String(Date.now()) }), 25_000);
      return () => {
        closed = true;
        clearInterval(ping);
        stop?.();
      };
    },
    { headers: { "X-Accel-Buffering": "no" } },
  );
  // eventStream forces `no-cache`; `no-transform` is what keeps compression from buffering.
  response.headers.set("Cache-Control", "no-cache, no-transform");
  return response;
}

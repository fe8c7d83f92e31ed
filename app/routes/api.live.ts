import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventStream } from "remix-utils/sse/server";
import { requireModule } from "~/services/guard.server";
import { ensureLivePolling } from "~/modules/fleet/device-sync.server";
import { syncInfo } from "~/modules/fleet/devices-sync.server";
import { authOf } from "~/services/company-context.server";
import { subscribe } from "~/modules/fleet/live.server";
import { logError } from "~/services/log.server";
import { acquireStreamSlot } from "~/services/stream-limit.server";

/**
 * Server-sent events for the maps and device pages of the signed-in company:
 * `devices` (only the changed fields per device, merged over one second) and `sync` (the
 * freshness of the cache, for the stale banner). `no-transform` keeps the compression
 * middleware from buffering the stream.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = authOf((await requireModule(request, "fleet")).session);
  acquireStreamSlot(request, "live", auth); // 429 past the per-session / per-company cap
  return eventStream(
    request.signal,
    (rawSend) => {
      let open = true;
      // The check timer may fire after the browser has gone: never write to a closed stream.
      const send = (m: { event: string; data: string }) => {
        if (open && !request.signal.aborted) rawSend(m);
      };
      const unsubscribe = subscribe(auth.companyId, (batch) =>
        send({ event: "devices", data: JSON.stringify(batch) }),
      );
      ensureLivePolling(auth);
      let last = "";
      const check = async () => {
        try {
          const info = await syncInfo(auth.companyId);
          const text = JSON.stringify(info);
          if (text !== last) send({ event: "sync", data: (last = text) });
          else send({ event: "ping", data: String(Date.now()) });
        } catch (e) {
          logError("live", e);
        }
      };
      void check();
      const timer = setInterval(check, 5000);
      return () => {
        open = false;
        clearInterval(timer);
        unsubscribe();
      };
    },
    { headers: { "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" } },
  );
}

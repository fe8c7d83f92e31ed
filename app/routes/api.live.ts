import type { LoaderFunctionArgs } from "@remix-run/node";
import { eventStream, lastEventId } from "~/services/event-stream.server";
import { requireModule } from "~/services/guard.server";
import { ensureLivePolling } from "~/modules/fleet/device-sync.server";
import { syncInfo } from "~/modules/fleet/devices-sync.server";
import { authOf, maySee } from "~/services/company-context.server";
import { follow } from "~/modules/fleet/live-feed.server";
import { logError } from "~/services/log.server";
import { acquireStreamSlot } from "~/services/stream-limit.server";
import { isDatabaseUnavailable } from "~/services/db-unavailable.server";

/**
 * Server-sent events for the maps and device pages of the signed-in company:
 * `devices` (only the changed fields per device, merged over one second; its id is the last
 * change it holds), `ready` (the id the stream starts from), `resync` (it cannot resume from the
 * Last-Event-ID it was given: load the map data again) and `sync` (the freshness of the cache,
 * for the stale banner). Changes come from whichever process of the cluster made them.
 * `no-transform` keeps the compression middleware from buffering the stream.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = authOf((await requireModule(request, "fleet")).session);
  acquireStreamSlot(request, "live", auth); // 429 past the per-session / per-company cap
  const from = lastEventId(request);
  return eventStream(
    request.signal,
    (rawSend) => {
      let open = true;
      // The check timer may fire after the browser has gone: never write to a closed stream.
      const send = (m: { event: string; data: string; id?: string | null }) => {
        if (open && !request.signal.aborted) rawSend(m);
      };
      const feed = follow(
        auth.companyId,
        {
          changes: (batch, id) =>
            send({
              event: "devices",
              // A restricted account hears only of its linked devices.
              data: JSON.stringify(auth.only ? batch.filter((c) => maySee(auth, c.imei)) : batch),
              id,
            }),
          ready: (id) => send({ event: "ready", data: id, id }),
          resync: (id) => send({ event: "resync", data: id, id }),
        },
        { from },
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
          // The database is away: pages say so; the stream waits for it quietly.
          if (!isDatabaseUnavailable(e)) logError("live", e);
        }
      };
      void check();
      const timer = setInterval(check, 5000);
      return () => {
        open = false;
        clearInterval(timer);
        feed.close();
      };
    },
    { headers: { "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no" } },
  );
}

import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireModule } from "~/services/guard.server";
import { vapidPublicKey } from "~/modules/notifications/push.server";

/** The VAPID application server key (SPEC §9 "push application public key") for subscribing. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireModule(request, "notifications");
  const publicKey = vapidPublicKey();
  if (!publicKey) return json({ publicKey: null }, { status: 503 });
  return json({ publicKey }, { headers: { "Cache-Control": "private, max-age=3600" } });
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { authOf } from "~/services/company-context.server";
import { deviceDetails } from "~/modules/fleet/device-details.server";
import { currentDrivers } from "~/modules/drivers/index.server";
import { requireModule } from "~/services/guard.server";

/**
 * Popup and list details of the session's company's devices: `?imei=a,b,c` (at most 200) and
 * `accurate=1` for street-level addresses. Imeis of other companies are left out of the answer.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const auth = authOf((await requireModule(request, "fleet")).session);
  const p = new URL(request.url).searchParams;
  const imeis = (p.get("imei") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => /^[\w-]{1,40}$/.test(s));
  const details = await deviceDetails(auth, imeis, p.get("accurate") === "1", currentDrivers);
  return json(details, { headers: { "Cache-Control": "private, no-store" } });
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { mediaResponse } from "~/modules/dashcam/dashcam.server";
import { requireModule } from "~/services/guard.server";

/** A dashcam snapshot or clip, streamed with byte ranges after checking the company owns it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "dashcam");
  return mediaResponse(ctx, params.id ?? "", request.headers.get("range"));
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadAction } from "~/modules/insight-tags/wiki-files.server";
import { requireModule } from "~/services/guard.server";

/** A wiki file, streamed after the rights check; never from a URL that skips it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "insight-tags");
  return downloadAction(ctx, params.uuid ?? "", params.id ?? "", new URL(request.url));
}

import type { LoaderFunctionArgs } from "@remix-run/node";
import { upstream } from "~/services/api.server";
import { mayViewMedia } from "~/modules/fleet/index.server";
import { requireModule } from "~/services/guard.server";
import { isUpstreamError } from "~/services/upstream/index.server";

const IMAGE = /^image\/(svg\+xml|png|jpeg|webp|gif)/;

/**
 * Images from the upstream host, fetched with the user's token through the upstream client (so
 * the breaker, the timeout and the concurrency bound apply); only image types pass. What the user
 * may see is decided here first (their own photo, their company's devices: mayViewMedia); any
 * other path is a 404 without asking the upstream.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "fleet");
  const path = params["*"] ?? "";
  if (!(await mayViewMedia(ctx, path))) throw new Response("Not found", { status: 404 });
  const file = await upstream(ctx.session.token)
    .binary({ path: `/${path}`, accept: "image/*" })
    .catch((e) => {
      if (!isUpstreamError(e)) throw e;
      // A missing picture is a 404; an upstream that is down or slow is said so, at once.
      if (e.kind === "http" && e.status < 500) throw new Response("Not found", { status: 404 });
      throw new Response(e.message, { status: e.kind === "timeout" ? 504 : 503 });
    });
  if (!IMAGE.test(file.contentType)) throw new Response("Not found", { status: 404 });
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Cache-Control": "private, max-age=3600",
      // An SVG opened directly must not run script.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}

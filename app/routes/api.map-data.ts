import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveMapData } from "~/modules/fleet/map-data.server";

/**
 * The map's data. server/http.ts answers this path before Remix (the map polls it often); this
 * route serves the same bytes wherever the request does reach Remix.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const h = request.headers;
  const reply = await serveMapData({
    cookie: h.get("Cookie"),
    acceptEncoding: h.get("Accept-Encoding"),
    ifNoneMatch: h.get("If-None-Match"),
    part: url.searchParams.get("part"),
    v: url.searchParams.get("v"),
  });
  return new Response(reply.body ? new Uint8Array(reply.body) : null, {
    status: reply.status,
    headers: reply.headers,
  });
}

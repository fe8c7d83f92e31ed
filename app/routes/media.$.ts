import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/services/env.server";
import { requireModule } from "~/services/guard.server";

const ALLOWED = /^(photos|logos|icons)\/[A-Za-z0-9._/-]+\.(svg|png|jpe?g|webp|gif)$/;

/** Images from the upstream host, fetched with the user's token; only image types pass. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token } = (await requireModule(request, "fleet")).session;
  const path = params["*"] ?? "";
  if (!ALLOWED.test(path) || path.includes("..")) throw new Response("Not found", { status: 404 });
  const base = getEnv().UPSTREAM_API_URL ?? process.env.UPSTREAM_API_URL ?? "";
  const res = await fetch(`${base.replace(/\/+$/, "")}/${path}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(getEnv().UPSTREAM_TIMEOUT_MS),
  }).catch(() => null);
  const type = res?.headers.get("content-type") ?? "";
  if (!res?.ok || !/^image\/(svg\+xml|png|jpeg|webp|gif)/.test(type))
    throw new Response("Not found", { status: 404 });
  return new Response(res.body, {
    headers: {
      "Content-Type": type,
      "Cache-Control": "private, max-age=3600",
      // An SVG opened directly must not run script.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    },
  });
}

import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import leafletStyles from "leaflet/dist/leaflet.css";
import { PublicAssetView } from "~/modules/fleet/components/public-asset";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { publicDevice } from "~/modules/fleet/public-device.server";
import { PUBLIC_TOKEN_HEADERS, publicTokenHeaders } from "~/services/public-page-headers";

export const headers = publicTokenHeaders;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];
export const meta: MetaFunction = () => [
  { title: "Asset details · Tracksmith" },
  { name: "robots", content: "noindex" },
];

/** SPEC §2.1 public Asset details: only with a share link's token for this imei (see public-device.server.ts). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const imei = params.imei ?? "";
  return json(await publicDevice(request, imei, `/dashboard/assets/device/${imei}`, "details"), {
    headers: PUBLIC_TOKEN_HEADERS,
  });
}

export default function PublicAsset() {
  return <PublicAssetView data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

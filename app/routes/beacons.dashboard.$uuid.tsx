import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import leafletStyles from "leaflet/dist/leaflet.css";
import { SharedBeaconView } from "~/modules/beacons/components/shared-beacon";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { publicBeacon } from "~/modules/beacons/beacon-sharing.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];
export const meta: MetaFunction = () => [
  { title: "Beacon dashboard · Tracksmith" },
  { name: "robots", content: "noindex" },
];

/**
 * SPEC §2.1 Beacon dashboard (public): only with a share link's token for this uuid (`?share=`);
 * a signed-in user of the owning company goes to the full page; anyone else gets a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await publicBeacon(request, params.uuid ?? ""), {
    headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" },
  });
}

export default function PublicBeacon() {
  return <SharedBeaconView data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import leafletStyles from "leaflet/dist/leaflet.css";
import { SharedVehicleView } from "~/modules/fleet/components/shared-vehicle";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { tileConfig } from "~/services/map-tiles.server";
import { resolveShareLink } from "~/modules/fleet/sharing.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];
export const meta: MetaFunction = () => [
  { title: "Shared vehicle · Tracksmith" },
  { name: "robots", content: "noindex" },
];

/** SPEC §2.1 sharing/{id}: the id is the secret; expired, revoked and unknown links are all 404. */
export async function loader({ params }: LoaderFunctionArgs) {
  const shared = await resolveShareLink(params.id ?? "");
  return json(
    { expiresAt: shared.expiresAt, vehicle: shared.vehicle, tiles: tileConfig() },
    { headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } },
  );
}

export default function Sharing() {
  return <SharedVehicleView data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

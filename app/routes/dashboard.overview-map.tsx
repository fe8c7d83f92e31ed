import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import leafletStyles from "leaflet/dist/leaflet.css";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FleetView, fleetMapPreloads } from "~/modules/fleet/components/map/fleet-view";
import { requireModule } from "~/services/guard.server";
import { authOf } from "~/services/company-context.server";
import { fleetViewData } from "~/modules/fleet/fleet-view.server";
import { currentDrivers } from "~/modules/drivers/index.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: leafletStyles },
  ...fleetMapPreloads,
];
export const meta: MetaFunction = () => [{ title: "Overview Map · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const session = (await requireModule(request, "fleet")).session;
  return json(await fleetViewData(authOf(session), request, "Overview Map", currentDrivers));
}

export default function OverviewMap() {
  return <FleetView data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

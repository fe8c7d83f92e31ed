import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  VehicleDistanceMobileView,
  type DistanceData,
} from "~/modules/trips/components/distance-view";
import { requireModule } from "~/services/guard.server";
import { tripsContext } from "~/modules/trips/trips-route.server";
import { vehicleDistance } from "~/modules/trips/vehicle-distance.server";

export const meta: MetaFunction = () => [{ title: "Vehicle distance (phone) · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { auth, vehicles, timeZone } = await tripsContext(await requireModule(request, "trips"));
  return json({
    ...(await vehicleDistance(auth, vehicles, timeZone, new URL(request.url).searchParams)),
    timeZone,
  });
}

export default function VehicleDistanceMobilePage() {
  return <VehicleDistanceMobileView d={useLoaderData<typeof loader>() as DistanceData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

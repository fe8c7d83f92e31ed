import { requireModule } from "~/services/guard.server";
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import leafletStyles from "leaflet/dist/leaflet.css";
import { BeaconDetail } from "~/modules/beacons/components/beacon-detail";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { beaconPage, beaconPageAction } from "~/modules/beacons/beacon-pages.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.beacon.nickname ?? "Beacon"} · Tracksmith` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await beaconPage(await requireModule(request, "beacons"), params.uuid ?? ""));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return beaconPageAction(
    await requireModule(request, "beacons"),
    await request.formData(),
    params.uuid ?? "",
  );
}

export default function BeaconPage() {
  return (
    <BeaconDetail data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

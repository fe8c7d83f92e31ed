import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { Anchor, Breadcrumbs, Stack, Text, Title } from "@mantine/core";
import leafletStyles from "leaflet/dist/leaflet.css";
import { DeviceManage, ShareLinks } from "~/modules/fleet/components/device-manage";
import { DeviceSummary } from "~/modules/fleet/components/device-summary";
import { StaleBanner } from "~/components/stale-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useSettings } from "~/components/settings/settings-context";
import { requireModule } from "~/services/guard.server";
import { deviceAction } from "~/modules/fleet/device-actions.server";
import { devicePageData } from "~/modules/fleet/device-page.server";
import { authOf } from "~/services/company-context.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.device.nickname ?? "Device"} · Tracksmith` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { auth, can } = await requireModule(request, "fleet");
  const data = await devicePageData(auth, params.imei ?? "");
  // Share links are public addresses: only those who may manage them see them.
  return json({ ...data, links: can.share ? data.links : [], can });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = (await requireModule(request, "fleet")).session;
  const form = await request.formData();
  const result = await deviceAction(
    authOf(session),
    session.user.username_id,
    params.imei ?? "",
    form,
  );
  return json(result, {
    status: result.ok || result.confirmDelete || result.confirmFor || result.alert ? 200 : 400,
  });
}

export default function DevicePage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { settings } = useSettings();
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/dashboard/assets">
          Assets
        </Anchor>
        <Text>{data.device.nickname}</Text>
      </Breadcrumbs>
      <Title order={1} size="h2">
        Manage {data.device.nickname}
      </Title>
      <StaleBanner sync={data.sync} />
      <DeviceSummary d={data.device} measurement={settings.measurement} timeZone={data.timeZone} />
      <Anchor component={Link} to={`/dashboard/vehicle-dashboard/${data.device.imei}`}>
        Open the vehicle dashboard
      </Anchor>
      <DeviceManage
        key={data.device.imei}
        device={data.manage}
        companyTags={data.companyTags}
        companyGroups={data.companyGroups}
        tiles={data.tiles}
        result={result}
        can={data.can}
      />
      {data.can.share ? (
        <ShareLinks links={data.links} result={result} durations={data.durations} />
      ) : null}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

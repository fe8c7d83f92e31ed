import { Anchor, Checkbox, List, Paper, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useSettings } from "~/components/settings/settings-context";
import { DeviceSummary } from "~/modules/fleet/components/device-summary";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { capabilities } from "~/lib/device-types";
import { requireDevice } from "~/modules/fleet/devices-read.server";
import { requireModule } from "~/services/guard.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import { formatZoned } from "~/lib/zoned-time";

export const meta: MetaFunction = () => [{ title: "Recover offline device · Tracksmith" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { auth } = await requireModule(request, "fleet");
  const [device, timeZone] = await Promise.all([
    requireDevice(auth, params.imei ?? ""),
    companyTimeZone(auth),
  ]);
  return json({ device, timeZone });
}

/** A guided checklist for bringing a silent device back; the steps depend on what kind of device it is. */
export default function RecoverOfflineDevice() {
  const { device, timeZone } = useLoaderData<typeof loader>();
  const { settings } = useSettings();
  const caps = capabilities(device.deviceTypeId);
  // The facts the steps need are in the steps themselves, not somewhere else on the page.
  const place =
    device.lat !== null && device.lng !== null
      ? `at ${device.lat.toFixed(5)}, ${device.lng.toFixed(5)}`
      : "no position known";
  const lastSeen = device.lastContactAt
    ? `${place}, ${formatZoned(device.lastContactAt, timeZone)}`
    : "it has never reported";
  const steps = [
    `Check where the device was last seen (${lastSeen}) and whether the vehicle or asset is still there.`,
    caps.trips
      ? "Start the vehicle and drive a few hundred metres: a moving vehicle reports every 10 seconds."
      : "Move the device into open sky for 15 minutes: stationary devices report every 5 to 15 minutes.",
    "Check the power: wired units need the vehicle battery connected and the fuse intact; battery units need a charge above 10 %.",
    "Check the antenna and that nothing metal covers the unit.",
    "Check mobile coverage where the device is: underground car parks and remote sites block reports.",
    `If it still does not report after an hour, contact support with its IMEI, ${device.imei}.`,
  ];
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/dashboard/devices-offline">
        ← Devices offline
      </Anchor>
      <Title order={1} size="h2">
        Recover {device.nickname}
      </Title>
      <DeviceSummary d={device} measurement={settings.measurement} timeZone={timeZone} />
      <Paper withBorder p="md">
        <Text fw={600} mb="xs">
          Checklist
        </Text>
        <List spacing="xs" listStyleType="none" data-testid="recover-checklist">
          {steps.map((s, i) => (
            <List.Item key={i}>
              <Checkbox label={`${i + 1}. ${s}`} />
            </List.Item>
          ))}
        </List>
      </Paper>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

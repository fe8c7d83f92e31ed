import { Alert, Anchor, Badge, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import {
  deviceStatus,
  STATUS_COLOURS,
  STATUS_LABELS,
  STATUSES,
} from "~/modules/fleet/device-status";
import { findReport, localDay, reportAllowed, REPORTS } from "~/modules/reports/catalogue";
import { requireModule } from "~/services/guard.server";
import { logError } from "~/services/log.server";
import { buildReport, companyVehicles, reportTimeZone } from "~/modules/reports/reports.server";
import { ReportCatalogue } from "./dashboard.reports";

export const meta: MetaFunction = () => [{ title: "Fleet reports · Tracksmith" }];

/** Fleet-wide figures (SPEC §3 vehiclesInUse, statusOfDevices) and the fleet reports. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token } = (await requireModule(request, "reports")).session;
  const auth = { token, companyId: user.companyid };
  const now = Date.now();
  const vehicles = await companyVehicles(auth);
  const statusOfDevices = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<
    (typeof STATUSES)[number],
    number
  >;
  for (const v of vehicles)
    statusOfDevices[
      deviceStatus({ speed: v.speed, ignition: v.ignition, lastContactAt: v.lastContactAt }, now)
        .status
    ]++;
  let vehiclesInUse: { inUse: number; fleet: number } | null = null;
  try {
    const def = findReport("vehicles-in-use")!;
    const timeZone = await reportTimeZone(auth);
    const today = localDay(now, timeZone);
    const built = await buildReport(auth, def, def.params.parse({ from: today, to: today }), {
      timeZone,
      vehicles,
      now,
    });
    vehiclesInUse = {
      inUse: Number(built.rows[0]?.[1] ?? 0),
      fleet: Number(built.rows[0]?.[2] ?? 0),
    };
  } catch (e) {
    logError("reports", e);
  }
  return json({
    vehiclesInUse,
    statusOfDevices,
    total: vehicles.length,
    reports: REPORTS.filter((r) => r.area !== "reports" && reportAllowed(user, r)).map((r) => ({
      kind: r.kind,
      title: r.title,
      description: r.description,
      area: r.area,
    })),
  });
}

export default function FleetReports() {
  const { vehiclesInUse, statusOfDevices, total, reports } = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg" maw={1200}>
      <SimpleGrid cols={{ base: 2, md: 5 }}>
        <Paper withBorder p="md" data-testid="vehicles-in-use">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Vehicles in use today
          </Text>
          <Text size="xl" fw={700}>
            {vehiclesInUse ? `${vehiclesInUse.inUse} of ${vehiclesInUse.fleet}` : "–"}
          </Text>
        </Paper>
        {STATUSES.map((s) => (
          <Paper key={s} withBorder p="md" data-testid={`status-${s}`}>
            {/* A badge: the theme makes its status colour readable (a bare status hex as text was not). */}
            <Badge variant="light" color={STATUS_COLOURS[s]}>
              {STATUS_LABELS[s]}
            </Badge>
            <Text size="xl" fw={700}>
              {statusOfDevices[s]}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {vehiclesInUse === null ? (
        <Alert color="orange">Today&apos;s trips could not be loaded; try again in a moment.</Alert>
      ) : null}
      <Text size="sm" c="dimmed">
        Status of all {total} devices now.{" "}
        <Anchor component={Link} to="/dashboard/reports/status-of-devices">
          See each device
        </Anchor>
        .
      </Text>
      <ReportCatalogue reports={reports} title="Fleet reports" />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

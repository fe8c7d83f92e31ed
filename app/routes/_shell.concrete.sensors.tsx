import { Anchor, Button, Group, Stack } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { TableToolbar } from "~/components/data-table/toolbar";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatZoned } from "~/lib/zoned-time";
import { PageHead } from "~/modules/concrete/components/form-bits";
import { sensorsPage } from "~/modules/concrete/sensors.server";
import { useSettings } from "~/components/settings/settings-context";
import { formatCelsius } from "~/lib/units";
import { canAt, requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Sensors · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return json({
    ...(await sensorsPage(ctx, new URL(request.url))),
    canAdd: canAt(ctx, "/concrete/sensor").create,
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];
const col = createColumnHelper<Row>();

/** Concrete sensors (SPEC §2.4): battery, last reading and the pour each is in. */
export default function Sensors() {
  const d = useLoaderData<typeof loader>();
  const { measurement } = useSettings().settings;
  const columns = [
    col.accessor("nickname", {
      header: "Sensor",
      cell: ({ row: { original: s } }) => (
        <Anchor component={Link} to={`/concrete/sensor/${s.imei}`}>
          {s.nickname}
        </Anchor>
      ),
    }),
    col.accessor("imei", { header: "IMEI" }),
    col.accessor("battery", { header: "Battery", cell: ({ getValue }) => `${getValue()} %` }),
    col.display({
      id: "last",
      header: "Last reading",
      cell: ({ row: { original: s } }) =>
        s.last_reading
          ? `${formatCelsius(s.last_reading.temperature_c, measurement)} at ${formatZoned(s.last_reading.time, d.timeZone)}`
          : "—",
    }),
    col.display({
      id: "pour",
      header: "Current pour",
      cell: ({ row: { original: s } }) =>
        s.current_pour_id ? (
          <Anchor component={Link} to={`/concrete/view-pour/${s.current_pour_id}`}>
            {s.pour}
          </Anchor>
        ) : (
          "Free"
        ),
    }),
  ];
  return (
    <Stack gap="md" maw={1300}>
      <Group justify="space-between" align="flex-end">
        <PageHead title="Sensors">
          Concrete temperature probes (device type 77). They report every 15 minutes.
        </PageHead>
        {d.canAdd ? (
          <Button component={Link} to="/concrete/sensor">
            Register a sensor
          </Button>
        ) : null}
      </Group>
      <TableToolbar search={{ value: d.q, label: "Search sensors", placeholder: "Name or IMEI" }} />
      <DataTable
        data={d.rows}
        columns={columns}
        getRowId={(s) => s.imei}
        label="Sensors"
        testId="sensors"
        minWidth={820}
        empty={d.total ? "No sensor matches your search." : "No sensors yet."}
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

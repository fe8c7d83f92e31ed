import { requireModule } from "~/services/guard.server";
import { Stack, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { StaleBanner } from "~/components/stale-banner";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { inputsTable } from "~/modules/fleet/fleet-pages.server";
import { TableToolbar } from "~/components/data-table/toolbar";
import { formatCelsius, type Measurement } from "~/lib/units";

export const meta: MetaFunction = () => [{ title: "Inputs · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await inputsTable(await requireModule(request, "fleet"), request));
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];
const col = createColumnHelper<Row>();
const columnsFor = (m: Measurement) => [
  col.accessor("nickname", { header: "Device" }),
  col.accessor("ignition", {
    header: "Ignition",
    cell: ({ getValue }) => {
      const v = getValue();
      return v === null ? "—" : v ? "On" : "Off";
    },
  }),
  col.accessor("battery", {
    header: "Battery",
    cell: ({ getValue }) => {
      const v = getValue();
      return v === null ? "—" : `${Math.round(v)} %`;
    },
  }),
  col.accessor("temperature", {
    header: "Temperature",
    cell: ({ getValue }) => {
      const v = getValue();
      return v === null ? "—" : formatCelsius(v, m);
    },
  }),
];

/** The inputs each device reports (the upstream reports ignition, battery and temperature). */
export default function Inputs() {
  const { rows, sync, q, ignition, total, measurement } = useLoaderData<typeof loader>();
  const columns = useMemo(() => columnsFor(measurement), [measurement]);
  return (
    <Stack gap="sm">
      <Title order={1} size="h2">
        Inputs
      </Title>
      <StaleBanner sync={sync} />
      {total > 0 ? (
        <TableToolbar
          csv="/dashboard/inputs.csv"
          search={{ value: q, label: "Search devices", placeholder: "Name or IMEI" }}
          filters={[
            {
              name: "ignition",
              label: "Ignition",
              value: ignition ?? "",
              options: [
                { value: "", label: "On or off" },
                { value: "on", label: "On" },
                { value: "off", label: "Off" },
                { value: "unknown", label: "Not reported" },
              ],
            },
          ]}
        />
      ) : null}
      <DataTable
        data={rows}
        columns={columns}
        getRowId={(r) => r.imei}
        testId="inputs-table"
        label="Inputs"
        highlightOnHover={false}
        empty={total > 0 ? "No device matches your search and filters." : "No devices yet."}
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

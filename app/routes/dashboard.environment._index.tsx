import { Anchor, Badge, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatZoned } from "~/lib/zoned-time";
import { environmentPage } from "~/modules/environment/environment.server";
import { KIND_LABEL } from "~/modules/environment/units";
import { requireModule } from "~/services/guard.server";
import { measurementOf } from "~/services/measurement.server";
import { temperatureLabel } from "~/lib/units";

export const meta: MetaFunction = () => [{ title: "Environment · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "environment");
  return json(await environmentPage(ctx, measurementOf(request)));
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = Data["rows"][number];
const col = createColumnHelper<Row>();

export const STATUS_BADGE: Record<string, { label: string; color: string }> = {
  ok: { label: "Within limits", color: "teal" },
  alarm: { label: "Out of limits", color: "red" },
  silent: { label: "No recent data", color: "gray" },
  low_battery: { label: "Low battery", color: "orange" },
};

function columns(timeZone: string, unit: string) {
  return [
    col.accessor("nickname", {
      header: "Device",
      cell: ({ row: { original: d } }) => (
        <Anchor component={Link} to={`/dashboard/environment/${d.imei}`}>
          {d.nickname}
        </Anchor>
      ),
    }),
    col.accessor("kind", { header: "Type", cell: ({ getValue }) => KIND_LABEL[getValue()] }),
    col.accessor("temperature", {
      header: `Temperature (${unit})`,
      cell: ({ getValue }) => getValue() ?? "—",
    }),
    col.accessor("humidity", { header: "Humidity (%)", cell: ({ getValue }) => getValue() ?? "—" }),
    col.accessor("door", { header: "Door", cell: ({ getValue }) => getValue() ?? "—" }),
    col.accessor("battery", { header: "Battery (%)", cell: ({ getValue }) => getValue() ?? "—" }),
    col.accessor("lastAt", {
      header: "Last reading",
      cell: ({ getValue }) => formatZoned(getValue(), timeZone),
    }),
    col.accessor("status", {
      header: "Status",
      cell: ({ getValue }) => {
        const b = STATUS_BADGE[getValue()]!;
        return (
          <Badge color={b.color} variant="light" miw="fit-content">
            {b.label}
          </Badge>
        );
      },
    }),
  ];
}

/** Every environment and cold-chain device with its latest readings and status (SPEC §2.3). */
export default function Environment() {
  const data = useLoaderData<typeof loader>();
  const unit = temperatureLabel(data.measurement);
  return (
    <Stack gap="md" maw={1300}>
      <div>
        <Title order={1} size="h2">
          Environment
        </Title>
        <Text c="dimmed" size="sm">
          Environment sensors and cold-chain units with their latest readings. Open one for its
          charts, limits and reports. Times in {data.timeZone}.
        </Text>
      </div>
      <DataTable
        data={data.rows}
        columns={columns(data.timeZone, unit)}
        getRowId={(r) => r.imei}
        label="Environment devices"
        testId="environment-devices"
        minWidth={900}
        empty="No environment or cold-chain devices."
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useCompanyZone } from "~/components/company-time";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useSettings } from "~/components/settings/settings-context";
import type { Measurement } from "~/lib/units";
import { day, distance, hours } from "~/modules/maintenance/format";
import { vehicleMaintenance } from "~/modules/maintenance/plans.server";
import { STATUS_LABELS } from "~/modules/maintenance/schemas";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Vehicle maintenance · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "maintenance");
  return json(await vehicleMaintenance(ctx, new URL(request.url).searchParams.get("imei")));
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Plan = Data["plans"][number];
type Service = Data["history"][number];
const COLOURS = { ok: "teal", due_soon: "yellow", overdue: "red" } as const;

const p = createColumnHelper<Plan>();
const planColumns = (zone: string, m: Measurement) => [
  p.accessor("template", {
    header: "Schedule",
    cell: ({ row: { original: r } }) => (
      <>
        {r.template}{" "}
        <Text span size="xs" c="dimmed">
          {r.code}
        </Text>
      </>
    ),
  }),
  p.accessor("status", {
    header: "Status",
    cell: ({ getValue }) => (
      <Badge color={COLOURS[getValue()]} variant="light">
        {STATUS_LABELS[getValue()]}
      </Badge>
    ),
    meta: { cellProps: (r) => ({ "data-status": r.status }) },
  }),
  p.display({
    id: "due",
    header: "Next due",
    cell: ({ row: { original: r } }) =>
      [r.due.at ? day(r.due.at, zone) : null, r.due.km !== null ? distance(r.due.km, m) : null]
        .concat(r.due.hours !== null ? hours(r.due.hours) : null)
        .filter(Boolean)
        .join(" · "),
  }),
  p.display({
    id: "forecast",
    header: "Forecast",
    cell: ({ row: { original: r } }) =>
      r.forecast.at === null
        ? "No recent use"
        : r.forecast.earliest === r.forecast.latest
          ? day(r.forecast.at, zone)
          : `${day(r.forecast.earliest, zone)} – ${r.forecast.latest ? day(r.forecast.latest, zone) : "later"}`,
  }),
  p.display({
    id: "last",
    header: "Last service",
    cell: ({ row: { original: r } }) =>
      `${day(r.last.at, zone)} · ${distance(r.last.km, m)} · ${hours(r.last.hours)}`,
  }),
];

const h = createColumnHelper<Service>();
const historyColumns = (zone: string, m: Measurement) => [
  h.accessor("done_at", { header: "Date", cell: ({ getValue }) => day(getValue(), zone) }),
  h.accessor("title", { header: "Service" }),
  h.accessor("odometer_km", {
    header: "Odometer",
    cell: ({ getValue }) => distance(getValue(), m),
  }),
  h.accessor("engine_hours", {
    header: "Engine hours",
    cell: ({ getValue }) => hours(getValue()),
  }),
  h.accessor("cost", {
    header: "Cost",
    cell: ({ getValue }) => (getValue() === null ? "–" : `$${getValue()}`),
  }),
];

export default function VehicleMaintenance() {
  const data = useLoaderData<typeof loader>();
  const zone = useCompanyZone();
  const { measurement } = useSettings().settings;
  const [plans, history] = useMemo(
    () => [planColumns(zone, measurement), historyColumns(zone, measurement)] as const,
    [zone, measurement],
  );
  return (
    <Stack gap="md" maw={1300}>
      <Title order={1}>Vehicle maintenance</Title>
      <Form method="get">
        <Group align="flex-end">
          <NativeSelect
            name="imei"
            label="Vehicle"
            defaultValue={data.imei ?? ""}
            data={data.vehicles.map((v) => ({ value: v.imei, label: v.nickname }))}
          />
          <Button type="submit" variant="default">
            Show
          </Button>
        </Group>
      </Form>
      {data.meter ? (
        <Paper withBorder p="sm">
          <Text size="sm" data-testid="meters">
            Odometer {distance(data.meter.odometer_km, measurement)} · Engine hours{" "}
            {hours(data.meter.engine_hours)} · Average use{" "}
            {distance(avg(data.meter.daily_km), measurement)} a day over the last 30 days
          </Text>
        </Paper>
      ) : null}
      <DataTable
        data={data.plans}
        columns={plans}
        getRowId={(r) => String(r.scheduleId)}
        label="Schedules"
        testId="schedules"
        minWidth={900}
        empty="This vehicle has no maintenance schedules. Apply a programme in Task Groups."
      />
      <Title order={2} size="h3">
        Service history
      </Title>
      <DataTable
        data={data.history}
        columns={history}
        getRowId={(s) => String(s.id)}
        label="Service history"
        testId="history"
        empty="No services recorded yet."
      />
    </Stack>
  );
}

const avg = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

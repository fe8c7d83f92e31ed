import { Anchor, Badge, Button, Group, Stack } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { TableToolbar } from "~/components/data-table/toolbar";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatZoned } from "~/lib/zoned-time";
import { PageHead } from "~/modules/concrete/components/form-bits";
import { poursPage } from "~/modules/concrete/pours.server";
import { canAt, requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Pours · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return json({
    ...(await poursPage(ctx, new URL(request.url))),
    canAdd: canAt(ctx, "/concrete/pour").save,
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];
const col = createColumnHelper<Row>();
const STATUS_COLOUR = { active: "teal", planned: "blue", ended: "gray" } as const;

/** Pours (SPEC §2.4): every pour with its state, mix and sensors. */
export default function Pours() {
  const d = useLoaderData<typeof loader>();
  const columns = [
    col.accessor("element", {
      header: "Element",
      cell: ({ row: { original: p } }) => (
        <Anchor component={Link} to={`/concrete/view-pour/${p.id}`}>
          {p.element}
        </Anchor>
      ),
    }),
    col.accessor("status", {
      header: "State",
      cell: ({ getValue }) => (
        <Badge color={STATUS_COLOUR[getValue()]} variant="light" miw="fit-content">
          {getValue()}
        </Badge>
      ),
    }),
    col.accessor("placed_at", {
      header: "Placed",
      cell: ({ getValue }) => formatZoned(getValue(), d.timeZone),
    }),
    col.accessor("jobsite", { header: "Jobsite" }),
    col.accessor("mix", { header: "Mix design" }),
    col.accessor("volume_m3", { header: "Volume (m³)" }),
    col.display({
      id: "sensors",
      header: "Sensors",
      cell: ({ row: { original: p } }) => (
        <Anchor component={Link} to={`/concrete/pour-device-links/${p.id}`}>
          {p.sensors} linked
        </Anchor>
      ),
    }),
    col.display({
      id: "edit",
      header: "Edit",
      cell: ({ row: { original: p } }) => (
        <Anchor component={Link} to={`/concrete/pour/${p.id}`} aria-label={`Edit ${p.element}`}>
          Edit
        </Anchor>
      ),
    }),
  ];
  return (
    <Stack gap="md" maw={1300}>
      <Group justify="space-between" align="flex-end">
        <PageHead title="Pours">
          Each pour with its sensors, curing state and limits. Open one for its live temperatures,
          strength and breaches.
        </PageHead>
        {d.canAdd ? (
          <Button component={Link} to="/concrete/pour">
            New pour
          </Button>
        ) : null}
      </Group>
      <TableToolbar
        search={{ value: d.q, label: "Search pours", placeholder: "Element" }}
        filters={[
          {
            name: "status",
            label: "State",
            value: d.status ?? "",
            options: [
              { value: "", label: "Any state" },
              { value: "active", label: "Active" },
              { value: "planned", label: "Planned" },
              { value: "ended", label: "Ended" },
            ],
          },
        ]}
      />
      <DataTable
        data={d.rows}
        columns={columns}
        getRowId={(p) => String(p.id)}
        label="Pours"
        testId="pours"
        minWidth={900}
        empty={d.total ? "No pour matches your search." : "No pours yet."}
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

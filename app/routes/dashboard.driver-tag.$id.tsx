import { Stack, Text, Title } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { Distance } from "~/components/distance";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Place, When } from "~/modules/drivers/components/cells";
import { TagActions } from "~/modules/drivers/components/tag-views";
import { tagAction, tagPage } from "~/modules/drivers/tags.server";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Driver tag · Tracksmith" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await tagPage(await requireModule(request, "drivers"), params.id ?? ""));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "drivers", { permission: "drivers_manage" });
  return tagAction(ctx, await request.formData());
}

type Read = { time: string; vehicle: string; lat: number; lng: number; trip_id: string };
type Ses = {
  trip_id: string;
  start: string;
  end: string;
  distance_km: number;
  viaThisTag: boolean;
};
const rc = createColumnHelper<Read>();
const READ_COLUMNS = [
  rc.accessor("time", { header: "When", cell: ({ getValue }) => <When at={getValue()} /> }),
  rc.accessor("vehicle", { header: "Vehicle" }),
  rc.display({
    id: "where",
    header: "Where",
    cell: ({ row: { original: r } }) => <Place lat={r.lat} lng={r.lng} />,
  }),
];
const sc = createColumnHelper<Ses>();
const SESSION_COLUMNS = [
  sc.accessor("start", { header: "From", cell: ({ getValue }) => <When at={getValue()} /> }),
  sc.accessor("end", { header: "To", cell: ({ getValue }) => <When at={getValue()} /> }),
  sc.accessor("distance_km", {
    header: "Distance",
    cell: ({ getValue }) => <Distance km={getValue()} />,
  }),
  sc.accessor("viaThisTag", {
    header: "Identified by",
    cell: ({ getValue }) => (getValue() ? "This tag" : "Other"),
  }),
];

export default function DriverTagPage() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const confirm = !!a && "confirmFor" in a && a.confirmFor === d.tag.id;
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1}>
        Tag <span data-testid="tag-uid">{d.tag.uid}</span>
      </Title>
      <Text data-testid="tag-driver">
        {d.tag.label} · {d.tag.driverName ? `Assigned to ${d.tag.driverName}` : "Unassigned"} ·{" "}
        {d.tag.active ? "Active" : "Inactive"}
      </Text>
      {d.canEdit ? <TagActions tag={d.tag} drivers={d.drivers} confirm={confirm} /> : null}
      <Title order={2} size="h3">
        Reads (last 30 days)
      </Title>
      <DataTable
        data={d.reads}
        columns={READ_COLUMNS}
        getRowId={(r) => r.trip_id}
        testId="tag-reads"
        label="Tag reads"
        empty="No reads in the last 30 days."
      />
      <Title order={2} size="h3">
        Sessions of the driver
      </Title>
      <DataTable
        data={d.sessions}
        columns={SESSION_COLUMNS}
        getRowId={(r) => r.trip_id}
        testId="tag-sessions"
        label="Driver sessions"
        empty="No sessions."
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

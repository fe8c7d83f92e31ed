import { Alert, Anchor, Button, Grid, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CompanyTime } from "~/components/company-time";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { TableToolbar } from "~/components/data-table/toolbar";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseForm } from "~/lib/parse-form";
import { DeliveryFormCard } from "~/modules/operations/deliveries/components/delivery-form";
import { DeliveryStatusBadge } from "~/modules/operations/deliveries/components/status-badge";
import { DeliverySchema } from "~/modules/operations/deliveries/delivery-form";
import { deliveriesPage, saveDelivery } from "~/modules/operations/deliveries/deliveries.server";
import { etaExplained } from "~/modules/operations/deliveries/eta";
import { useSettings } from "~/components/settings/settings-context";
import { DELIVERY_STATUSES, STATUS_LABEL } from "~/modules/operations/deliveries/status";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { redirectWithToast } from "~/services/toast.server";
import { useActionResult } from "~/lib/action-result";

export const meta: MetaFunction = () => [{ title: "Delivery management · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  return json(await deliveriesPage(ctx, new URL(request.url)));
}

type ActionData = { result?: SubmissionResult<string[]>; message?: string | null };

const idOf = (form: FormData) => {
  const id = Number(form.get("id"));
  if (!Number.isInteger(id) || id <= 0) throw new Response("Not found", { status: 404 });
  return id;
};

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "operations");
  const save = async (form: FormData, id: number | null) => {
    const submission = parseForm(form, DeliverySchema);
    if (submission.status !== "success")
      return json<ActionData>({ result: submission.reply(), message: null }, { status: 400 });
    const r = await saveDelivery(ctx, id, submission.value);
    if (!r.ok)
      return json<ActionData>(
        { result: submission.reply({ fieldErrors: r.fieldErrors }), message: r.message ?? null },
        { status: r.fieldErrors ? 400 : 409 },
      );
    return redirectWithToast(`/dashboard/deliverymanagement/${r.delivery.id}`, {
      type: "success",
      description:
        id === null
          ? `Delivery ${r.delivery.reference} created.`
          : `${r.delivery.reference} saved.`,
    });
  };
  return switchIntent(await request.formData(), {
    create: (f) => save(f, null),
    update: (f) => save(f, idOf(f)),
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];
const col = createColumnHelper<Row>();

function columns(canManage: boolean) {
  return [
    col.accessor("reference", {
      header: "Delivery",
      cell: ({ row: { original: d } }) => (
        <Anchor
          component={Link}
          to={`/dashboard/deliverymanagement/${d.id}`}
          style={{ whiteSpace: "nowrap" }}
        >
          {d.reference}
        </Anchor>
      ),
    }),
    col.accessor("customer", { header: "Customer" }),
    col.display({
      id: "dropoff",
      header: "Drop-off",
      cell: ({ row: { original: d } }) => d.dropoff.address,
    }),
    col.display({
      id: "window",
      header: "Window",
      cell: ({ row: { original: d } }) => (
        <span style={{ whiteSpace: "nowrap" }}>
          <CompanyTime at={d.window_start} kind="time" />–
          <CompanyTime at={d.window_end} kind="time" />
        </span>
      ),
    }),
    col.accessor("status", {
      header: "Status",
      cell: ({ getValue }) => <DeliveryStatusBadge status={getValue()} />,
    }),
    col.display({
      id: "assigned",
      header: "Vehicle and driver",
      cell: ({ row: { original: d } }) =>
        d.vehicleName || d.driver_name
          ? `${d.vehicleName ?? "No vehicle"} · ${d.driver_name ?? "No driver"}`
          : "Not assigned",
    }),
    col.display({
      id: "eta",
      header: "ETA",
      cell: ({ row: { original: d } }) =>
        d.eta ? (
          <span data-testid={`eta-${d.id}`}>
            <CompanyTime at={d.eta.at} kind="time" /> ({d.eta.minutes} min)
          </span>
        ) : (
          <Text size="sm" c="dimmed" span>
            {d.etaNote}
          </Text>
        ),
    }),
    ...(canManage
      ? [
          col.display({
            id: "actions",
            header: "Actions",
            cell: ({ row: { original: d } }) =>
              d.status === "delivered" || d.status === "failed" ? null : (
                <Anchor component={Link} to={`?date=${d.date}&edit=${d.id}`} size="sm">
                  Edit
                </Anchor>
              ),
          }),
        ]
      : []),
  ];
}

/** Delivery management (SPEC §2.3): the day's deliveries, their live ETA, and the form. */
export default function DeliveryManagement() {
  const data = useLoaderData<typeof loader>();
  const { measurement } = useSettings().settings;
  const act = useActionResult<typeof action>();
  return (
    <Stack gap="md" maw={1400}>
      <div>
        <Title order={1} size="h2">
          Delivery management
        </Title>
        <Text c="dimmed" size="sm">
          The day&apos;s deliveries with their live ETA. {etaExplained(measurement)}
        </Text>
      </div>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: data.canManage ? 8 : 12 }}>
          <Stack gap="sm">
            <Form method="get" preventScrollReset>
              <Group align="flex-end" gap="xs">
                <TextInput
                  type="date"
                  name="date"
                  label="Day"
                  defaultValue={data.date}
                  key={data.date}
                />
                <Button type="submit" variant="default">
                  Show day
                </Button>
                {data.date !== data.today ? (
                  <Anchor component={Link} to="?" size="sm" pb={8}>
                    Today
                  </Anchor>
                ) : null}
              </Group>
            </Form>
            <TableToolbar
              keep={["date"]}
              search={{
                value: data.q,
                label: "Search deliveries",
                placeholder: "Reference, customer, address or driver",
              }}
              filters={[
                {
                  name: "status",
                  label: "Status",
                  value: data.status ?? "",
                  options: [
                    { value: "", label: "Every status" },
                    ...DELIVERY_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] })),
                  ],
                },
              ]}
            />
            <DataTable
              data={data.rows}
              columns={columns(data.canManage)}
              getRowId={(d) => String(d.id)}
              label="Deliveries"
              testId="deliveries"
              minWidth={980}
              empty={
                data.total > 0 ? "No delivery matches your search." : "No deliveries on this day."
              }
            />
          </Stack>
        </Grid.Col>
        {data.canManage ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            {data.editing &&
            (data.editing.status === "delivered" || data.editing.status === "failed") ? (
              <Alert color="yellow" role="status">
                {data.editing.reference} is finished: it can no longer be changed.
              </Alert>
            ) : (
              <DeliveryFormCard
                editing={data.editing}
                date={data.date}
                vehicles={data.vehicles}
                drivers={data.drivers}
                result={act}
              />
            )}
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

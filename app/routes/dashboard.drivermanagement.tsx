import { Alert, Button, Group, NativeSelect, Stack, TextInput, Title, Anchor } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { DriverForm } from "~/modules/drivers/components/driver-form";
import { DriverTable } from "~/modules/drivers/components/driver-table";
import { UnidentifiedTrips } from "~/modules/drivers/components/unidentified";
import { managementAction, managementPage } from "~/modules/drivers/management.server";
import { requireModule } from "~/services/guard.server";

export const meta: MetaFunction = () => [{ title: "Driver management · Tracksmith" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "drivers");
  return json(await managementPage(ctx, new URL(request.url)));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "drivers", { permission: "drivers_manage" });
  return managementAction(ctx, await request.formData());
}

export default function DriverManagement() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  const r = a && "intent" in a && a.intent !== "error" ? a : undefined;
  const failedSave = r?.intent === "save" ? r : undefined;
  const showForm = d.creating || d.editing || failedSave;
  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between">
        <Title order={1}>Driver management</Title>
        {d.canEdit ? (
          <Button component={Link} to="/dashboard/drivermanagement?new=1">
            Add driver
          </Button>
        ) : null}
      </Group>
      {a && "message" in a ? <Alert color="red">{a.message}</Alert> : null}
      {r?.intent === "assign" && r.alert ? (
        <Alert color="red" role="alert" data-testid="assign-alert">
          {r.alert}
        </Alert>
      ) : null}
      {showForm ? (
        <DriverForm
          driver={failedSave ? (failedSave.id ? (d.editing ?? null) : null) : (d.editing ?? null)}
          result={failedSave?.result}
        />
      ) : null}
      <Form method="get">
        <Group gap="xs" align="flex-end">
          <TextInput label="Search" name="q" defaultValue={d.q} />
          <NativeSelect
            label="Group"
            name="group"
            defaultValue={d.group ? String(d.group) : ""}
            data={[
              { value: "", label: "All groups" },
              ...d.groups.map((g) => ({ value: String(g.id), label: g.nickname })),
            ]}
          />
          <NativeSelect
            label="Status"
            name="status"
            defaultValue={d.status}
            data={[
              { value: "active", label: "Active" },
              { value: "inactive", label: "Inactive" },
              { value: "all", label: "All" },
            ]}
          />
          <Button type="submit" variant="default">
            Filter
          </Button>
        </Group>
      </Form>
      <DriverTable
        rows={d.rows}
        vehicles={d.vehicles}
        confirmFor={r?.intent === "deactivate" ? (r.confirmFor ?? null) : null}
        canEdit={d.canEdit}
      />
      {d.canEdit ? <UnidentifiedTrips trips={d.unidentified} drivers={d.activeDrivers} /> : null}
      <Anchor component={Link} to="/dashboard/driver-tags">
        Driver tags
      </Anchor>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

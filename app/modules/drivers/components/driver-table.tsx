import { Anchor, Badge, Button, Group, NativeSelect, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useCompanyZone } from "~/components/company-time";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { formatDay } from "~/lib/zoned-time";

export type DriverRow = {
  id: number;
  name: string;
  employee_number: string;
  phone: string | null;
  email: string | null;
  licence_expiry: string | null;
  active: boolean;
  groups: string[];
  vehicle: { imei: string; name: string } | null;
  expiryWarning: string | null;
};

function Actions({
  r,
  vehicles,
  confirmFor,
}: {
  r: DriverRow;
  vehicles: Array<{ imei: string; name: string }>;
  confirmFor: number | null;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Anchor
        component={Link}
        to={`/dashboard/drivermanagement?edit=${r.id}`}
        data-testid="driver-edit"
      >
        Edit
      </Anchor>
      {r.active ? (
        <Form method="post">
          <input type="hidden" name="intent" value="deactivate" />
          <input type="hidden" name="id" value={r.id} />
          {confirmFor === r.id ? (
            <Group gap={4} wrap="nowrap">
              <Text size="xs">Deactivate {r.name}?</Text>
              <Button type="submit" name="confirm" value="yes" color="red" size="xs">
                Yes, deactivate
              </Button>
              <Anchor component={Link} to="/dashboard/drivermanagement" size="xs">
                Cancel
              </Anchor>
            </Group>
          ) : (
            <Button type="submit" variant="subtle" color="red" size="xs">
              Deactivate
            </Button>
          )}
        </Form>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="reactivate" />
          <input type="hidden" name="id" value={r.id} />
          <Button type="submit" variant="subtle" size="xs">
            Reactivate
          </Button>
        </Form>
      )}
      <Form method="post">
        <input type="hidden" name="intent" value="assign" />
        <input type="hidden" name="id" value={r.id} />
        <Group gap={4} wrap="nowrap">
          <NativeSelect
            aria-label={`Vehicle for ${r.name}`}
            name="imei"
            size="xs"
            defaultValue={r.vehicle?.imei ?? ""}
            data={[
              { value: "", label: "Choose a vehicle" },
              ...vehicles.map((v) => ({ value: v.imei, label: v.name })),
            ]}
          />
          <Button type="submit" variant="default" size="xs">
            Assign
          </Button>
        </Group>
      </Form>
    </Group>
  );
}

export function DriverTable({
  rows,
  vehicles,
  confirmFor,
  canEdit,
}: {
  rows: DriverRow[];
  vehicles: Array<{ imei: string; name: string }>;
  confirmFor: number | null;
  canEdit: boolean;
}) {
  const zone = useCompanyZone();
  const col = createColumnHelper<DriverRow>();
  const columns = [
    col.accessor("name", {
      header: "Driver",
      cell: ({ getValue }) => <span data-testid="driver-name">{getValue()}</span>,
    }),
    col.accessor("employee_number", { header: "Employee no." }),
    col.accessor("groups", {
      header: "Groups",
      cell: ({ getValue }) => getValue().join(", ") || "—",
    }),
    col.accessor("vehicle", {
      header: "Vehicle",
      cell: ({ getValue }) => <span data-testid="driver-vehicle">{getValue()?.name ?? "—"}</span>,
    }),
    col.accessor("licence_expiry", {
      header: "Licence",
      cell: ({ row: { original: r } }) =>
        r.expiryWarning ? (
          <Badge color="orange" variant="light" data-testid="licence-warning">
            {r.expiryWarning}
          </Badge>
        ) : (
          formatDay(r.licence_expiry, zone)
        ),
    }),
    col.accessor("active", {
      header: "Status",
      cell: ({ getValue }) => (
        <span data-testid="driver-status">{getValue() ? "Active" : "Inactive"}</span>
      ),
    }),
    ...(canEdit
      ? [
          col.display({
            id: "actions",
            header: "Actions",
            cell: ({ row: { original: r } }) => (
              <Actions r={r} vehicles={vehicles} confirmFor={confirmFor} />
            ),
          }),
        ]
      : []),
  ];
  return (
    <DataTable
      data={rows}
      columns={columns}
      getRowId={(r) => String(r.id)}
      rowProps={(r) => ({ "data-driver": r.id })}
      testId="driver-table"
      label="Drivers"
      minWidth={1000}
      empty="No drivers match."
    />
  );
}

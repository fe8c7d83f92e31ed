import { Button, Group, NativeSelect, Stack, Title } from "@mantine/core";
import { Form } from "@remix-run/react";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { Distance } from "~/components/distance";
import { When } from "./cells";

type Trip = {
  trip_id: string;
  imei: string;
  vehicle: string;
  start: string;
  end: string;
  distance_km: number;
};

/** Trips nobody identified in the last 7 days, each with a form naming its driver. */
export function UnidentifiedTrips({
  trips,
  drivers,
}: {
  trips: Trip[];
  drivers: Array<{ id: number; name: string }>;
}) {
  const col = createColumnHelper<Trip>();
  const columns = [
    col.accessor("start", {
      header: "From",
      cell: ({ getValue }) => <When at={getValue()} />,
    }),
    col.accessor("end", {
      header: "To",
      cell: ({ getValue }) => <When at={getValue()} />,
    }),
    col.accessor("vehicle", { header: "Vehicle" }),
    col.accessor("distance_km", {
      header: "Distance",
      cell: ({ getValue }) => <Distance km={getValue()} />,
    }),
    col.display({
      id: "assign",
      header: "Driver",
      cell: ({ row: { original: t } }) => (
        <Form method="post">
          <input type="hidden" name="intent" value="assign-trip" />
          <input type="hidden" name="imei" value={t.imei} />
          <input type="hidden" name="tripId" value={t.trip_id} />
          <Group gap={4} wrap="nowrap">
            <NativeSelect
              aria-label="Driver of this trip"
              name="driverId"
              size="xs"
              data={[
                { value: "", label: "Choose a driver" },
                ...drivers.map((d) => ({ value: String(d.id), label: d.name })),
              ]}
            />
            <Button type="submit" size="xs" variant="default">
              Assign
            </Button>
          </Group>
        </Form>
      ),
    }),
  ];
  return (
    <Stack gap="xs" id="unidentified">
      <Title order={2} size="h3">
        Unidentified driving (last 7 days)
      </Title>
      <DataTable
        data={trips}
        columns={columns}
        getRowId={(t) => t.trip_id}
        rowProps={(t) => ({ "data-trip": t.trip_id })}
        testId="unidentified-trips"
        label="Unidentified trips"
        empty="Every trip has a driver."
        minWidth={800}
      />
    </Stack>
  );
}

import { Paper, Text } from "@mantine/core";
import { CompanyTime } from "~/components/company-time";
import { DataTable, createColumnHelper } from "~/components/data-table";

type Present = { imei: string; nickname: string; since: string | null };
type Visit = { imei: string; nickname: string; arrived: string; left: string | null };

const present = createColumnHelper<Present>();
const PRESENT_COLUMNS = [
  present.accessor("nickname", { header: "Vehicle" }),
  present.accessor("since", {
    header: "Last report",
    cell: ({ getValue }) => <CompanyTime at={getValue()} kind="datetime" />,
  }),
];

const visit = createColumnHelper<Visit>();
const VISIT_COLUMNS = [
  visit.accessor("nickname", { header: "Vehicle" }),
  visit.accessor("arrived", {
    header: "Arrived",
    cell: ({ getValue }) => <CompanyTime at={getValue()} kind="datetime" />,
  }),
  visit.accessor("left", {
    header: "Left",
    cell: ({ getValue }) => {
      const left = getValue();
      return left ? <CompanyTime at={left} kind="datetime" /> : "Still there";
    },
  }),
];

/** The jobsite page's vehicles tab: what is inside the geofence now. */
export function JobsiteVehicles({ vehicles }: { vehicles: Present[] }) {
  return (
    <Paper withBorder p="md" data-testid="jobsite-vehicles">
      <DataTable
        data={vehicles}
        columns={PRESENT_COLUMNS}
        getRowId={(v) => v.imei}
        label="Vehicles inside the geofence now"
        // Its rows hold nothing to focus: the scroll area itself is reached by keyboard.
        focusableScroll
        minWidth={360}
        striped={false}
        highlightOnHover={false}
        empty={<Text size="sm">No vehicle is inside the geofence now.</Text>}
      />
    </Paper>
  );
}

/** The jobsite page's visits tab: the last 7 days' visits, from trip end to the next start. */
export function JobsiteVisits({ visits }: { visits: Visit[] }) {
  return (
    <Paper withBorder p="md" data-testid="jobsite-visits">
      <Text size="sm" c="dimmed" mb="xs">
        The last 7 days: a visit starts when a trip ends inside the geofence and ends when the
        vehicle&apos;s next trip starts.
      </Text>
      <DataTable
        data={visits}
        columns={VISIT_COLUMNS}
        getRowId={(v) => `${v.imei}:${v.arrived}`}
        label="Visits of the last 7 days"
        focusableScroll
        minWidth={480}
        striped={false}
        highlightOnHover={false}
        empty={<Text size="sm">No visits in the last 7 days.</Text>}
      />
    </Paper>
  );
}

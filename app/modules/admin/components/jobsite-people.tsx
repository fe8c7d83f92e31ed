import { Paper, Text } from "@mantine/core";
import { CompanyTime } from "~/components/company-time";
import { DataTable, createColumnHelper } from "~/components/data-table";

type Person = { entry: number; name: string; start: string; end: string | null };

const col = createColumnHelper<Person>();

const COLUMNS = [
  col.accessor("name", { header: "Person" }),
  col.accessor("start", {
    header: "Clocked on",
    cell: ({ getValue }) => <CompanyTime at={getValue()} kind="datetime" />,
  }),
  col.accessor("end", {
    header: "Clocked off",
    cell: ({ getValue }) => {
      const end = getValue();
      return end ? <CompanyTime at={end} kind="datetime" /> : "On site now";
    },
  }),
];

/** The jobsite page's people tab: timesheet entries booked to the jobsite. */
export function JobsitePeople({ people }: { people: Person[] }) {
  return (
    <Paper withBorder p="md" data-testid="jobsite-people">
      <Text size="sm" c="dimmed" mb="xs">
        Timesheet entries booked to this jobsite in the last 24 hours, those clocked on now first.
      </Text>
      <DataTable
        data={people}
        columns={COLUMNS}
        getRowId={(p) => String(p.entry)}
        label="People booked to this jobsite"
        // Its rows hold nothing to focus: the scroll area itself is reached by keyboard.
        focusableScroll
        minWidth={480}
        striped={false}
        highlightOnHover={false}
        empty={<Text size="sm">Nobody has clocked on here in the last 24 hours.</Text>}
      />
    </Paper>
  );
}

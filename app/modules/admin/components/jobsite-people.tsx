import { Paper, Table, Text } from "@mantine/core";
import { CompanyTime } from "~/components/company-time";

/** The jobsite page's people tab: timesheet entries booked to the jobsite. */
export function JobsitePeople({
  people,
}: {
  people: { entry: number; name: string; start: string; end: string | null }[];
}) {
  return (
    <Paper withBorder p="md" data-testid="jobsite-people">
      <Text size="sm" c="dimmed" mb="xs">
        Timesheet entries booked to this jobsite in the last 24 hours, those clocked on now first.
      </Text>
      {people.length ? (
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Person</Table.Th>
                <Table.Th>Clocked on</Table.Th>
                <Table.Th>Clocked off</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.map((p) => (
                <Table.Tr key={p.entry}>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>
                    <CompanyTime at={p.start} kind="datetime" />
                  </Table.Td>
                  <Table.Td>
                    {p.end ? <CompanyTime at={p.end} kind="datetime" /> : "On site now"}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm">Nobody has clocked on here in the last 24 hours.</Text>
      )}
    </Paper>
  );
}

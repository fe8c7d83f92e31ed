import { Table, Text } from "@mantine/core";
import { type Stop } from "../trip-record";
import { formatZoned } from "~/lib/zoned-time";
import { formatDuration } from "~/lib/units";

/** The stops between trips (where each vehicle waited, and for how long). */
export function StopsList({
  stops,
  names,
  timeZone,
  showVehicle,
}: {
  stops: Stop[];
  names: Record<string, string>;
  timeZone: string;
  showVehicle: boolean;
}) {
  if (!stops.length)
    return (
      <Text c="dimmed" size="sm">
        No stops between trips in this period.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped data-testid="stops-table">
        <Table.Thead>
          <Table.Tr>
            {showVehicle ? <Table.Th>Vehicle</Table.Th> : null}
            <Table.Th>Arrived</Table.Th>
            <Table.Th>Left</Table.Th>
            <Table.Th>Stopped for</Table.Th>
            <Table.Th>Where</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stops.map((s) => (
            <Table.Tr key={`${s.imei}-${s.from}`}>
              {showVehicle ? <Table.Td>{names[s.imei] ?? s.imei}</Table.Td> : null}
              <Table.Td>{formatZoned(s.from, timeZone)}</Table.Td>
              <Table.Td>{formatZoned(s.to, timeZone)}</Table.Td>
              <Table.Td>{formatDuration(s.duration_s)}</Table.Td>
              <Table.Td>{s.address ?? "—"}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

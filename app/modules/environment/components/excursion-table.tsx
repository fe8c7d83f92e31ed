import { Badge, Table, Text } from "@mantine/core";
import { formatZoned } from "~/lib/zoned-time";
import { formatMinutes } from "../units";

type Row = {
  side: "high" | "low";
  start: number;
  end: number;
  countedMs: number;
  openEnded: boolean;
  peak: { t: number; v: number | null };
  alarm: boolean;
};

/** A device's excursions outside its limit, and whether each lasted long enough to alert. */
export function ExcursionTable({
  excursions,
  timeZone,
  unit,
  minDurationS,
}: {
  excursions: Row[];
  timeZone: string;
  unit: string;
  minDurationS: number;
}) {
  const v = { excursions, minDurationS };
  const d = { timeZone };
  const fmt = (x: number | null | undefined) =>
    x === null || x === undefined ? "—" : `${x} ${unit}`;
  return (
    <>
      {v.excursions.length ? (
        <Table.ScrollContainer minWidth={640}>
          <Table data-testid="excursions">
            <Table.Caption>Excursions outside the limit</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Side</Table.Th>
                <Table.Th>Start</Table.Th>
                <Table.Th>End</Table.Th>
                <Table.Th>Out of range</Table.Th>
                <Table.Th>Peak</Table.Th>
                <Table.Th>Alert</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {v.excursions.map((e) => (
                <Table.Tr key={`${e.side}${e.start}`}>
                  <Table.Td>{e.side === "high" ? "Above" : "Below"}</Table.Td>
                  <Table.Td>{formatZoned(e.start, d.timeZone)}</Table.Td>
                  <Table.Td>
                    {formatZoned(e.end, d.timeZone)}
                    {e.openEnded ? " (open)" : ""}
                  </Table.Td>
                  <Table.Td>{formatMinutes(e.countedMs)}</Table.Td>
                  <Table.Td>{fmt(e.peak.v)}</Table.Td>
                  <Table.Td>
                    {e.alarm ? (
                      <Badge color="red" variant="light">
                        Alerted
                      </Badge>
                    ) : (
                      <Text size="sm">Shorter than {Math.round(v.minDurationS / 60)} min</Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </>
  );
}

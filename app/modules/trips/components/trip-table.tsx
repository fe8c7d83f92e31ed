import { Anchor, Badge, Checkbox, Group, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { type TripRecord } from "../trip-record";
import { formatZoned } from "~/lib/zoned-time";
import { formatDistance, formatDuration, formatSpeed, type Measurement } from "~/lib/units";

export function PurposeBadge({ purpose }: { purpose: string }) {
  return (
    <Badge
      variant="light"
      color={purpose === "business" ? "blue" : "gray"}
      size="sm"
      style={{ flex: "none" }}
    >
      {purpose === "business" ? "Business" : "Private"}
    </Badge>
  );
}

const NOWRAP = { whiteSpace: "nowrap" } as const;

/** The trips list; each row can be picked for the replay (checkbox in the surrounding GET form, or its own link). */
export function TripTable({
  trips,
  names,
  timeZone,
  measurement,
  replay,
  replayHref,
  showVehicle,
}: {
  trips: TripRecord[];
  names: Record<string, string>;
  timeZone: string;
  measurement: Measurement;
  replay: string[];
  replayHref: (id: string) => string;
  showVehicle: boolean;
}) {
  const speed = (v: number | null) => (v === null ? "—" : formatSpeed(v, measurement));
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped highlightOnHover data-testid="trip-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Replay</Table.Th>
            {showVehicle ? <Table.Th>Vehicle</Table.Th> : null}
            <Table.Th>Start</Table.Th>
            <Table.Th>End</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Distance</Table.Th>
            <Table.Th>Max speed</Table.Th>
            <Table.Th>Avg speed</Table.Th>
            <Table.Th>Driver</Table.Th>
            <Table.Th>Purpose</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trips.map((t) => (
            <Table.Tr key={t.id} data-trip-id={t.id}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Checkbox
                    name="replay"
                    value={t.id}
                    defaultChecked={replay.includes(t.id)}
                    aria-label={`Replay the trip at ${formatZoned(t.start.time, timeZone)}`}
                    size="xs"
                  />
                  <Anchor
                    component={Link}
                    to={replayHref(t.id)}
                    size="xs"
                    preventScrollReset
                    style={{ whiteSpace: "nowrap" }}
                  >
                    Only this
                  </Anchor>
                </Group>
              </Table.Td>
              {showVehicle ? <Table.Td>{names[t.imei] ?? t.imei}</Table.Td> : null}
              <Table.Td style={NOWRAP}>{formatZoned(t.start.time, timeZone)}</Table.Td>
              <Table.Td style={NOWRAP}>{formatZoned(t.end.time, timeZone)}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {t.start.address ?? "—"}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {t.end.address ?? "—"}
                </Text>
              </Table.Td>
              <Table.Td style={NOWRAP}>{formatDuration(t.duration_s)}</Table.Td>
              <Table.Td data-testid="trip-distance" style={NOWRAP}>
                {formatDistance(t.distance_km, measurement)}
              </Table.Td>
              <Table.Td data-testid="trip-max-speed" style={NOWRAP}>
                {speed(t.max_speed)}
              </Table.Td>
              <Table.Td style={NOWRAP}>{speed(t.avg_speed)}</Table.Td>
              <Table.Td>{t.driver ?? "—"}</Table.Td>
              <Table.Td style={NOWRAP}>
                <PurposeBadge purpose={t.purpose} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Badge, Group } from "@mantine/core";
import { STATUS_COLOURS, STATUS_LABELS, STATUSES } from "../device-status";
import type { MapStats } from "../map-stats";

/** SPEC §3 map stats: resting and moving counts, with idling and offline beside them. */
export function StatusCounts({ stats }: { stats: MapStats }) {
  return (
    <Group gap="xs" aria-label="Device counts" data-testid="status-counts">
      <Badge variant="outline" color="gray" size="lg" data-testid="count-total">
        {stats.total} devices
      </Badge>
      {STATUSES.map((s) => (
        <Badge
          key={s}
          size="lg"
          variant="light"
          color={STATUS_COLOURS[s]}
          data-testid={`count-${s}`}
        >
          {STATUS_LABELS[s]}: <span data-count>{stats[s]}</span>
        </Badge>
      ))}
    </Group>
  );
}

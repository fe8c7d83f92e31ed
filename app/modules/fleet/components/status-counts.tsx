import { Badge, Group } from "@mantine/core";
import { STATUS_COLOURS, STATUS_LABELS, STATUSES, type DeviceStatus } from "../device-status";
import type { MapStats } from "../map-stats";

type Props = {
  stats: MapStats;
  /** The status filter in force (its count is marked as current). */
  active?: DeviceStatus | null;
  /** A link for each count (works without JavaScript): the page with that status filter, or none. */
  hrefFor?: (status: DeviceStatus | null) => string;
  /** With JavaScript: filter in place, without a navigation. */
  onSelect?: (status: DeviceStatus | null) => void;
};

/** The chosen count is outlined (colour alone would not tell it). */
const chosen = (on: boolean): React.CSSProperties => ({
  cursor: "pointer",
  outline: on ? "2px solid currentColor" : undefined,
  outlineOffset: on ? 2 : undefined,
});

/**
 * SPEC §3 map stats: resting and moving counts, with idling and offline beside them. Each count is a
 * filter of the list and the map: a click shows only that status, a second click all of them.
 */
export function StatusCounts({ stats, active = null, hrefFor, onSelect }: Props) {
  const link = (s: DeviceStatus | null) =>
    hrefFor
      ? {
          component: "a" as const,
          href: hrefFor(s),
          onClick: (e: React.MouseEvent) => {
            if (!onSelect) return;
            e.preventDefault();
            onSelect(s);
          },
        }
      : {};
  return (
    <Group gap="xs" aria-label="Device counts" data-testid="status-counts" role="group">
      <Badge
        variant="outline"
        color="gray"
        size="lg"
        data-testid="count-total"
        aria-current={hrefFor && active === null ? "true" : undefined}
        style={hrefFor ? chosen(active === null) : undefined}
        {...link(null)}
      >
        {stats.total} devices
      </Badge>
      {STATUSES.map((s) => (
        <Badge
          key={s}
          size="lg"
          variant="light"
          color={STATUS_COLOURS[s]}
          data-testid={`count-${s}`}
          aria-current={active === s ? "true" : undefined}
          aria-label={
            hrefFor
              ? `${STATUS_LABELS[s]}: ${stats[s]}${active === s ? " (shown; select to show all)" : " (show only these)"}`
              : undefined
          }
          style={hrefFor ? chosen(active === s) : undefined}
          {...link(active === s ? null : s)}
        >
          {STATUS_LABELS[s]}: <span data-count>{stats[s]}</span>
        </Badge>
      ))}
    </Group>
  );
}

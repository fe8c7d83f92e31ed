import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { memo, useCallback } from "react";
import { filtersQuery, groupDevices, type DeviceFilters } from "../device-filter";
import type { DeviceDetails, ListDevice } from "../fleet-view-data";
import { detailFields, placeText } from "../device-text";
import type { Measurement } from "~/lib/units";
import { DeviceIcon } from "./device-icon";
import { StatusBadge } from "./status-badge";

type Props = {
  devices: ListDevice[];
  matched: number;
  groups: [number, string][];
  tags: [number, string, string | null][];
  filters: DeviceFilters;
  onFilters?: (f: DeviceFilters) => void;
  groupView: boolean;
  focusImei: string | null;
  onFocus?: (imei: string) => void;
  details: Record<string, DeviceDetails>;
  measurement: Measurement;
  now: number;
  /** The list's height: the map's, on wide screens. */
  maxHeight?: string | number;
};

type RowProps = {
  d: ListDevice;
  focused: boolean;
  onFocus?: (imei: string) => void;
  details?: DeviceDetails;
  measurement: Measurement;
  now: number;
  hrefFor: (imei: string) => string;
};
/** Same row when what it shows is the same (the live list brings new objects for unchanged devices). */
const sameRow = (a: RowProps, b: RowProps) =>
  a.focused === b.focused &&
  a.onFocus === b.onFocus &&
  a.details === b.details &&
  a.measurement === b.measurement &&
  a.now === b.now &&
  a.hrefFor === b.hrefFor &&
  a.d.imei === b.d.imei &&
  a.d.nickname === b.d.nickname &&
  a.d.avatar === b.d.avatar &&
  a.d.status === b.d.status &&
  a.d.outdated === b.d.outdated &&
  a.d.lat === b.d.lat &&
  a.d.lng === b.d.lng;

// Memoised on what it shows: the first live payload and every live update re-render only rows that changed.
const Row = memo(function Row({
  d,
  focused,
  onFocus,
  details,
  measurement,
  now,
  hrefFor,
}: RowProps) {
  const fields = detailFields(
    { ...d, lat: d.lat ?? null, lng: d.lng ?? null },
    details,
    measurement,
    now,
  );
  return (
    <Stack
      gap={0}
      data-testid="device-row"
      data-imei={d.imei}
      px="xs"
      py={4}
      bg={focused ? "var(--mantine-color-blue-light)" : undefined}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <UnstyledButton
          component="a"
          href={hrefFor(d.imei)}
          onClick={(e: React.MouseEvent) => {
            if (!onFocus) return;
            e.preventDefault();
            onFocus(d.imei);
          }}
          aria-label={`Show ${d.nickname} on the map`}
          style={{ flex: 1, minWidth: 0 }}
        >
          <Text size="sm" truncate>
            <DeviceIcon avatar={d.avatar} /> <span data-testid="device-name">{d.nickname}</span>
          </Text>
        </UnstyledButton>
        <StatusBadge status={d.status} outdated={d.outdated} />
        <Anchor
          component={Link}
          to={`/dashboard/assets/device/${encodeURIComponent(d.imei)}`}
          size="xs"
          aria-label={`Manage ${d.nickname}`}
        >
          Manage
        </Anchor>
      </Group>
      <Text size="xs" c="dimmed" data-testid="device-facts">
        {fields.map(([label, text], i) => (
          <span key={label} data-field={label.toLowerCase().replace(" ", "-")}>
            {i ? " · " : ""}
            {label === "Ignition" ? (
              `Ignition ${text === "—" ? text : text.toLowerCase()}`
            ) : (
              <>
                <VisuallyHidden>{label}: </VisuallyHidden>
                {text}
              </>
            )}
          </span>
        ))}
      </Text>
      <Text size="xs" truncate data-testid="device-address">
        {details ? placeText(details.address, d.lat, d.lng) : placeText(null, d.lat, d.lng)}
      </Text>
    </Stack>
  );
}, sameRow);

/**
 * The device list beside the map: search and filters (a GET form, so they work without
 * JavaScript; with it they apply as you type), grouped per group when groupView is on.
 */
export function DeviceList({
  devices,
  matched,
  groups,
  tags,
  filters,
  onFilters,
  groupView,
  focusImei,
  onFocus,
  details,
  measurement,
  now,
  maxHeight = 560,
}: Props) {
  const change = (patch: Partial<DeviceFilters>) => onFilters?.({ ...filters, ...patch });
  // Without JavaScript a row's link keeps the filters and focuses the device.
  const base = filtersQuery(filters);
  const hrefFor = useCallback(
    (imei: string) => `${base ? `${base}&` : "?"}focus=${encodeURIComponent(imei)}`,
    [base],
  );
  const sections = groupView ? groupDevices(devices, groups) : [{ id: null, name: "", devices }];
  return (
    <Paper withBorder p="xs">
      <Stack gap="xs">
        <Form
          method="get"
          role="search"
          aria-label="Find devices"
          onSubmit={(e) => onFilters && e.preventDefault()}
        >
          <Stack gap={6}>
            <TextInput
              name="q"
              label="Search devices"
              placeholder="Name or IMEI"
              defaultValue={filters.q}
              onChange={(e) => change({ q: e.currentTarget.value })}
            />
            <Group grow gap="xs">
              <NativeSelect
                name="group"
                label="Group"
                defaultValue={filters.group === null ? "" : String(filters.group)}
                onChange={(e) =>
                  change({ group: e.currentTarget.value ? Number(e.currentTarget.value) : null })
                }
                data={[
                  { value: "", label: "All groups" },
                  ...groups.map(([id, name]) => ({ value: String(id), label: name })),
                ]}
              />
              <NativeSelect
                name="tag"
                label="Tag"
                defaultValue={filters.tag === null ? "" : String(filters.tag)}
                onChange={(e) =>
                  change({ tag: e.currentTarget.value ? Number(e.currentTarget.value) : null })
                }
                data={[
                  { value: "", label: "All tags" },
                  ...tags.map(([id, name]) => ({ value: String(id), label: name })),
                ]}
              />
            </Group>
            {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
            <noscript>
              <Button type="submit" size="xs">
                Apply
              </Button>
            </noscript>
          </Stack>
        </Form>
        <Text size="xs" c="dimmed" data-testid="device-count">
          {matched === devices.length
            ? `${matched} devices`
            : `Showing ${devices.length} of ${matched} devices — refine the search to see others`}
        </Text>
        <ScrollArea.Autosize mah={maxHeight} type="auto">
          {matched === 0 ? (
            <Text size="sm" c="dimmed" p="sm" data-testid="device-list-empty">
              No device matches. Clear the search or pick another group or tag.
            </Text>
          ) : (
            sections.map((s) => (
              <Stack
                key={s.id ?? "all"}
                gap={0}
                data-testid={groupView ? "device-group" : "device-list"}
              >
                {groupView ? (
                  <Text size="xs" fw={700} c="dimmed" px="xs" pt="xs" tt="uppercase">
                    {s.name} ({s.devices.length})
                  </Text>
                ) : null}
                {s.devices.map((d) => (
                  <Row
                    key={`${s.id}-${d.imei}`}
                    d={d}
                    focused={d.imei === focusImei}
                    onFocus={onFocus}
                    details={details[d.imei] ?? d.details}
                    measurement={measurement}
                    now={now}
                    hrefFor={hrefFor}
                  />
                ))}
              </Stack>
            ))
          )}
        </ScrollArea.Autosize>
      </Stack>
    </Paper>
  );
}

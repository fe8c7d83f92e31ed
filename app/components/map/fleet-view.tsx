import { Badge, Grid, Group, Stack, Title } from "@mantine/core";
import { lazy, Suspense, useMemo, useState } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { DeviceList, type ListDevice } from "~/components/devices/device-list";
import { StaleBanner, type SyncInfo } from "~/components/devices/stale-banner";
import { StatusCounts } from "~/components/devices/status-counts";
import { useSettings } from "~/components/settings/settings-context";
import { filterDevices, type DeviceFilters } from "~/lib/device-filter";
import { mapStats, type MapStats } from "~/lib/map-stats";
import type { Tiles } from "./fleet-map.client";
import { MapFallback } from "./map-fallback";
import { useFleetData } from "./use-fleet-data";

const FleetMap = lazy(() => import("./fleet-map.client"));

export const LIST_LIMIT = 200;

export type FleetViewData = {
  title: string;
  stats: MapStats;
  sync: SyncInfo;
  list: ListDevice[];
  matched: number;
  positioned: number;
  groups: [number, string][];
  tags: [number, string, string | null][];
  filters: DeviceFilters;
  focus: string | null;
  tiles: Tiles;
};

/**
 * A fleet map page: counts, stale banner, the map (browser only) and the device list. The server
 * renders counts and list from the cache; in the browser the compact payload and the live feed
 * take over, so positions and counts move without a reload.
 */
export function FleetView({ data, showList = true }: { data: FleetViewData; showList?: boolean }) {
  const { settings } = useSettings();
  const fleet = useFleetData(data.sync);
  const [filters, setFilters] = useState<DeviceFilters>(data.filters);
  const [focus, setFocus] = useState<string | null>(data.focus);

  const live = fleet.data;
  const stats = useMemo(() => (live ? mapStats(live.devices) : data.stats), [live, data.stats]);
  const matchedAll = useMemo(() => (live ? filterDevices(live.devices, filters) : null), [live, filters]);
  // Before the live payload arrives, filter what the server rendered (the same rules).
  const serverMatched = useMemo(() => filterDevices(data.list, filters), [data.list, filters]);
  const list: ListDevice[] = matchedAll ? matchedAll.slice(0, LIST_LIMIT) : serverMatched;
  const matched = matchedAll ? matchedAll.length : filters === data.filters ? data.matched : serverMatched.length;

  const options = {
    cluster: settings.cluster,
    colouredCluster: settings.colouredCluster,
    vehicleLabels: settings.map.vehicleLabels,
    overlay: settings.map.overlay,
    railmap: settings.map.railmap,
    customGeofences: settings.map.customGeofences,
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {data.title}
        </Title>
        <Badge variant="dot" color={fleet.live === "open" ? "green" : "gray"} data-testid="live-state">
          {fleet.live === "open" ? "Live" : fleet.live === "connecting" ? "Connecting…" : "Reconnecting…"}
        </Badge>
      </Group>
      <StaleBanner sync={fleet.sync} />
      <StatusCounts stats={stats} />
      <Grid gutter="sm">
        <Grid.Col span={{ base: 12, md: showList ? 8 : 12 }}>
          <ClientOnly fallback={<MapFallback positioned={data.positioned} />}>
            {() => (
              <Suspense fallback={<MapFallback positioned={data.positioned} />}>
                {live ? (
                  <FleetMap devices={live.devices} fences={live.fences} options={options} tiles={data.tiles} focusImei={focus} onSelect={setFocus} />
                ) : (
                  <MapFallback positioned={data.positioned} />
                )}
              </Suspense>
            )}
          </ClientOnly>
        </Grid.Col>
        {showList ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <DeviceList
              devices={list}
              matched={matched}
              groups={live?.groups ?? data.groups}
              tags={live?.tags ?? data.tags}
              filters={filters}
              onFilters={setFilters}
              groupView={settings.groupView}
              focusImei={focus}
              onFocus={setFocus}
            />
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}

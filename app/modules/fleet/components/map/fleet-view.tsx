import { Badge, Grid, Group, Stack, Title } from "@mantine/core";
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
} from "react";
import { DeviceList } from "../device-list";
import type { FleetViewData, ListDevice } from "../../fleet-view-data";
import { StaleBanner } from "~/components/stale-banner";
import { JS_ONLY } from "~/components/no-script";
import { StatusCounts } from "../status-counts";
import { useSettings } from "~/components/settings/settings-context";
import { filterDevices, filtersQuery, isFiltered, type DeviceFilters } from "../../device-filter";
import { popupHtml } from "../../device-text";
import type { DeviceDetails } from "../../fleet-view-data";
import type { MapDevice } from "../../map-data-format";
import { AddressSearch } from "./address-search";
import { useDeviceDetails, useNow } from "./use-device-details";
import type { MapPlace } from "./fleet-map.client";
import { mapStats } from "../../map-stats";
import { WORKER_URL } from "../../cluster-protocol";
import { MapFallback } from "./map-fallback";
import { sharedClusterSource } from "./cluster-source";
import { useFleetData } from "./use-fleet-data";
import { useJobsites } from "./use-jobsites";
import type FleetMapClient from "./fleet-map.client";

type FleetMapComponent = typeof FleetMapClient;

// The map's code (Leaflet) is fetched as soon as this module runs in the browser, in parallel with
// hydration and the map data, not after the data arrived. Not React.lazy: a Suspense boundary that
// showed its fallback reveals its content only after React's 500 ms throttle.
let mapModule: Promise<FleetMapComponent> | null = null;
const loadMap = () => (mapModule ??= import("./fleet-map.client").then((m) => m.default));
if (typeof document !== "undefined") {
  void loadMap().catch(() => (mapModule = null));
  // The cluster worker starts now too (its script was preloaded), not when the map mounts.
  sharedClusterSource();
}

function useMapComponent(): FleetMapComponent | null {
  const [C, setC] = useState<{ C: ComponentType<Parameters<FleetMapComponent>[0]> } | null>(null);
  useEffect(() => {
    let on = true;
    loadMap().then(
      (c) => on && setC({ C: c }),
      () => undefined,
    );
    return () => {
      on = false;
    };
  }, []);
  return (C?.C as FleetMapComponent | undefined) ?? null;
}

export const LIST_LIMIT = 200;

/**
 * The map fills the height the page leaves it (the header, title, counts and search above it),
 * never less than a usable 320 px; the list beside it scrolls within the same height.
 */
export const MAP_HEIGHT = "max(320px, calc(100dvh - 300px))";

/**
 * For a fleet map route's `links`: the map data and the cluster worker start downloading while the
 * page parses (fetch() and new Worker() then take the preloaded responses).
 */
export const fleetMapPreloads = [
  { rel: "preload", as: "fetch", href: "/api/map-data", crossOrigin: "anonymous" },
  { rel: "prefetch", href: WORKER_URL },
] as const;

/**
 * A fleet map page: counts, stale banner, the map (browser only) and the device list. The server
 * renders counts and list from the cache; in the browser the compact payload and the live feed
 * take over, so positions and counts move without a reload.
 */
export function FleetView({ data, showList = true }: { data: FleetViewData; showList?: boolean }) {
  const { settings } = useSettings();
  const fleet = useFleetData(data.sync);
  // Null on the server and until the module loaded: the fallback renders (also without JavaScript).
  const FleetMap = useMapComponent();
  const jobsites = useJobsites(settings.map.jobsiteGeofences);
  const [filters, setFilters] = useState<DeviceFilters>(data.filters);
  const [focus, setFocus] = useState<string | null>(data.focus);

  const live = fleet.data;
  // The list (hundreds of rows) follows at lower priority than the map and the counts.
  const listLive = useDeferredValue(live);
  const stats = useMemo(() => (live ? mapStats(live.devices) : data.stats), [live, data.stats]);
  const matchedAll = useMemo(
    () => (listLive ? filterDevices(listLive.devices, filters) : null),
    [listLive, filters],
  );
  // Before the live payload arrives, filter what the server rendered (the same rules).
  const serverMatched = useMemo(() => filterDevices(data.list, filters), [data.list, filters]);
  const list: ListDevice[] = matchedAll ? matchedAll.slice(0, LIST_LIMIT) : serverMatched;
  const matched = matchedAll
    ? matchedAll.length
    : filters === data.filters
      ? data.matched
      : serverMatched.length;

  // The map shows what the list shows: the same filters, over every device (not only the first 200).
  const mapDevices = useMemo(
    () => (live ? (isFiltered(filters) ? filterDevices(live.devices, filters) : live.devices) : []),
    [live, filters],
  );
  const filterKey = filtersQuery(filters);

  const now = useNow(data.now);
  const serverDetails = useMemo(() => {
    const out: Record<string, DeviceDetails> = {};
    for (const d of data.list) if (d.details) out[d.imei] = d.details;
    return out;
  }, [data.list]);
  const detailImeis = useMemo(
    () =>
      (focus && !list.some((d) => d.imei === focus) ? [focus] : []).concat(list.map((d) => d.imei)),
    [list, focus],
  );
  const details = useDeviceDetails(detailImeis, settings.accurateAddress, serverDetails);
  const describe = useCallback(
    (d: MapDevice) => popupHtml(d, details[d.imei], settings.measurement, now),
    [details, settings.measurement, now],
  );
  const [place, setPlace] = useState<MapPlace | null>(null);

  const options = {
    cluster: settings.cluster,
    colouredCluster: settings.colouredCluster,
    vehicleLabels: settings.map.vehicleLabels,
    overlay: settings.map.overlay,
    railmap: settings.map.railmap,
    customGeofences: settings.map.customGeofences,
    jobsiteGeofences: settings.map.jobsiteGeofences,
  };

  return (
    <Stack gap="sm">
      {/* The static part's version is known only here (the live part is preloaded from the head). */}
      {data.mapStaticV ? (
        <link
          rel="preload"
          as="fetch"
          href={`/api/map-data?part=static&v=${encodeURIComponent(data.mapStaticV)}`}
          crossOrigin="anonymous"
        />
      ) : null}
      <Group justify="space-between">
        <Title order={1} size="h2">
          {data.title}
        </Title>
        <Badge
          variant="dot"
          color={fleet.live === "open" ? "green" : "gray"}
          className={JS_ONLY}
          data-testid="live-state"
        >
          {fleet.live === "open"
            ? "Live"
            : fleet.live === "connecting"
              ? "Connecting…"
              : "Reconnecting…"}
        </Badge>
      </Group>
      <StaleBanner sync={fleet.sync} />
      <StatusCounts
        stats={stats}
        active={filters.status}
        hrefFor={(status) => filtersQuery({ ...filters, status }) || "?"}
        onSelect={(status) => setFilters((f) => ({ ...f, status }))}
      />
      <AddressSearch onPlace={setPlace} />
      <Grid gutter="sm">
        <Grid.Col span={{ base: 12, md: showList ? 8 : 12 }}>
          {FleetMap && live ? (
            <FleetMap
              devices={mapDevices}
              filterKey={filterKey}
              describe={describe}
              centre={place}
              height={MAP_HEIGHT}
              fences={live.fences}
              jobsites={jobsites}
              options={options}
              tiles={data.tiles}
              focusImei={focus}
              onSelect={setFocus}
            />
          ) : (
            <MapFallback positioned={data.positioned} height={MAP_HEIGHT} />
          )}
        </Grid.Col>
        {showList ? (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <DeviceList
              devices={list}
              matched={matched}
              groups={listLive?.groups ?? data.groups}
              tags={listLive?.tags ?? data.tags}
              filters={filters}
              onFilters={setFilters}
              groupView={settings.groupView}
              focusImei={focus}
              onFocus={setFocus}
              details={details}
              measurement={settings.measurement}
              now={now}
              maxHeight={`calc(${MAP_HEIGHT} - 150px)`}
            />
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}

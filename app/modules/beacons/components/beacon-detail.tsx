import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { Link } from "@remix-run/react";
import { lazy, Suspense, useMemo } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { DataTable, createColumnHelper } from "~/components/data-table";
import { StaleBanner } from "~/components/stale-banner";
import { type SyncInfo } from "~/lib/sync-info";
import type { Tiles } from "~/lib/map-tiles";
import type { BeaconStatus } from "../beacon-list";
import { Battery, BeaconStatusBadge, SeenAgo } from "./beacon-status";
import { BeaconShareLinks } from "./beacon-share-links";
import { MapPlaceholder } from "~/components/map-placeholder";
import { CompanyTime } from "~/components/company-time";

const BeaconMap = lazy(() => import("./beacon-map.client"));

type Sighting = BeaconDetailData["history"]["sightings"][number];
const sighting = createColumnHelper<Sighting>();
const SIGHTING_COLUMNS = [
  sighting.accessor("at", {
    header: "Time",
    cell: ({ getValue }) => <CompanyTime at={getValue()} kind="datetime" />,
  }),
  sighting.accessor("gatewayName", { header: "Heard by" }),
  sighting.accessor("rssi", { header: "Signal", cell: ({ getValue }) => `${getValue()} dBm` }),
];

export type BeaconDetailData = {
  beacon: {
    uuid: string;
    nickname: string;
    assetName: string | null;
    battery: number | null;
    lastSeenAt: string | null;
    lastGatewayName: string | null;
    lastGatewayImei: string | null;
    status: BeaconStatus;
    model: string;
    major: number;
    minor: number;
    txPower: number;
    advIntervalMs: number;
    lat: number | null;
    lng: number | null;
    rssi: number | null;
  };
  history: {
    sightings: {
      at: string;
      gatewayImei: string;
      gatewayName: string;
      lat: number;
      lng: number;
      rssi: number;
    }[];
    fresh: boolean;
  };
  links: {
    id: string;
    uuid: string;
    expiresAt: string;
    active: boolean;
    revokedAt: string | null;
  }[];
  durations: { minutes: number; label: string }[];
  tiles: Tiles;
  sync: SyncInfo;
  /** What the user may do here (the guard refuses the rest). */
  canShare: boolean;
  canConfigure: boolean;
};

const HISTORY_ROWS = 50;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

/** One beacon: where its gateway last heard it, its sightings of the last day (map and table), battery, settings, share links. */
export function BeaconDetail({
  data,
  result,
}: {
  data: BeaconDetailData;
  result: Parameters<typeof BeaconShareLinks>[0]["result"];
}) {
  const b = data.beacon;
  const trail = useMemo(
    () => [...data.history.sightings].reverse().map((s) => ({ lat: s.lat, lng: s.lng })),
    [data.history.sightings],
  );
  const point = useMemo(
    () => [{ uuid: b.uuid, nickname: b.nickname, status: b.status, lat: b.lat, lng: b.lng }],
    [b.uuid, b.nickname, b.status, b.lat, b.lng],
  );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={1} size="h2" data-testid="beacon-title">
          {b.nickname}
        </Title>
        <Group gap="xs">
          {data.canConfigure ? (
            <Button
              component={Link}
              to={`/dashboard/beacon-config?uuid=${b.uuid}#beacon-${b.uuid}`}
              variant="light"
            >
              Configure
            </Button>
          ) : null}
          <Button component={Link} to="/dashboard/beacons" variant="subtle">
            All beacons
          </Button>
        </Group>
      </Group>
      <StaleBanner sync={data.sync} />
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Fact label="Status">
            <BeaconStatusBadge status={b.status} />
          </Fact>
          <Fact label="Battery">
            <Battery value={b.battery} />
          </Fact>
          <Fact label="Last seen">
            <SeenAgo at={b.lastSeenAt} />
          </Fact>
          <Fact label="Last position">
            <span data-testid="beacon-position">
              {b.lat !== null && b.lng !== null
                ? `${b.lat.toFixed(5)}, ${b.lng.toFixed(5)}`
                : "Unknown"}
            </span>
          </Fact>
          <Fact label="Seen near">
            {b.lastGatewayImei ? (
              <Anchor component={Link} to={`/dashboard/vehicle-dashboard/${b.lastGatewayImei}`}>
                {b.lastGatewayName}
              </Anchor>
            ) : (
              "—"
            )}
            {b.rssi !== null ? (
              <Text span c="dimmed" size="sm">
                {" "}
                ({b.rssi} dBm)
              </Text>
            ) : null}
          </Fact>
          <Fact label="Attached to">{b.assetName ?? "—"}</Fact>
          <Fact label="Settings">
            {b.txPower} dBm · every {b.advIntervalMs} ms
          </Fact>
          <Fact label="Identity">
            <Text size="xs" ff="monospace">
              {b.uuid} · {b.major}/{b.minor} · {b.model}
            </Text>
          </Fact>
        </SimpleGrid>
      </Paper>
      <Grid gutter="sm">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ClientOnly
            fallback={
              <MapPlaceholder text="The last position and the sightings are listed beside the map." />
            }
          >
            {() => (
              <Suspense
                fallback={
                  <MapPlaceholder text="The last position and the sightings are listed beside the map." />
                }
              >
                <BeaconMap
                  points={point}
                  trail={trail}
                  tiles={data.tiles}
                  cluster={false}
                  height={420}
                />
              </Suspense>
            )}
          </ClientOnly>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="sm">
            <Title order={2} size="h4" mb="xs">
              Sightings, last 24 hours
            </Title>
            {!data.history.fresh ? (
              <Alert color="yellow" variant="light" mb="xs" data-testid="history-stale">
                The tracking service did not answer: these are the sightings kept from earlier.
              </Alert>
            ) : null}
            {data.history.sightings.length === 0 ? (
              <Text c="dimmed" data-testid="history-empty">
                Not heard by any vehicle in the last 24 hours.
              </Text>
            ) : (
              <DataTable
                data={data.history.sightings.slice(0, HISTORY_ROWS)}
                columns={SIGHTING_COLUMNS}
                getRowId={(s) => s.at}
                testId="sightings-table"
                label="Sightings, last 24 hours"
                minWidth={360}
                maxHeight={360}
              />
            )}
            {data.history.sightings.length > HISTORY_ROWS ? (
              <Text size="xs" c="dimmed" mt={4}>
                The latest {HISTORY_ROWS} of {data.history.sightings.length} sightings; the map
                shows them all.
              </Text>
            ) : null}
          </Paper>
        </Grid.Col>
      </Grid>
      {data.canShare ? (
        <BeaconShareLinks links={data.links} durations={data.durations} result={result} />
      ) : null}
    </Stack>
  );
}

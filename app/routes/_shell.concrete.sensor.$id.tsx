import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatZoned } from "~/lib/zoned-time";
import { PageHead } from "~/modules/concrete/components/form-bits";
import { SeriesChart } from "~/modules/concrete/components/series-chart";
import { sensorPage } from "~/modules/concrete/sensors.server";
import { requireModule } from "~/services/guard.server";
import { useSettings } from "~/components/settings/settings-context";
import { formatCelsius, temperatureLabel } from "~/lib/units";
import { rowsInUnit } from "~/modules/concrete/pour-analysis";

export const meta: MetaFunction = () => [{ title: "Sensor · Tracksmith" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  const imei = params.id ?? "";
  if (!/^\d{1,20}$/.test(imei)) throw new Response("Not found", { status: 404 });
  return json(await sensorPage(ctx, imei));
}

/** One sensor (concrete/sensor/{id}): battery, last reading, current pour, its links. */
export default function SensorPage() {
  const d = useLoaderData<typeof loader>();
  const { measurement } = useSettings().settings;
  const s = d.sensor;
  const stat = (label: string, value: React.ReactNode) => (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Paper>
  );
  return (
    <Stack gap="md" maw={1200}>
      <PageHead title={s.nickname}>
        {s.model} · IMEI {s.imei}
      </PageHead>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {stat("Battery", <span data-testid="sensor-battery">{s.battery} %</span>)}
        {stat(
          "Last reading",
          s.last_reading
            ? `${formatCelsius(s.last_reading.temperature_c, measurement)} at ${formatZoned(s.last_reading.time, d.timeZone)}`
            : "—",
        )}
        {stat(
          "Current pour",
          d.pour ? (
            <Anchor component={Link} to={`/concrete/view-pour/${d.pour.id}`}>
              {d.pour.element}
            </Anchor>
          ) : (
            "Free"
          ),
        )}
      </SimpleGrid>
      <SeriesChart
        title="Temperature, last 24 hours"
        unit={temperatureLabel(measurement)}
        rows={rowsInUnit(
          d.readings.map((r) => ({ t: r.t, c: r.c })),
          measurement,
        )}
        series={[{ name: "c", label: s.nickname }]}
        timeZone={d.timeZone}
      />
      <Paper withBorder p="sm">
        <Text fw={600} size="sm" mb="xs" component="h2">
          Pours it has been in
        </Text>
        {d.history.length ? (
          <Table.ScrollContainer minWidth={560}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Pour</Table.Th>
                  <Table.Th>Position</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>To</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.history.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={`/concrete/pour-device-link/${l.pour_id}/${l.imei}`}
                      >
                        {l.element}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {l.position}
                      {l.position === "ambient" ? "" : `, ${l.depth_mm} mm`}
                    </Table.Td>
                    <Table.Td>{formatZoned(l.from, d.timeZone)}</Table.Td>
                    <Table.Td>{l.to ? formatZoned(l.to, d.timeZone) : "open"}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Group>
            <Text size="sm">Never linked to a pour.</Text>
          </Group>
        )}
      </Paper>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

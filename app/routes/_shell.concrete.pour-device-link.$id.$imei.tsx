import { Anchor, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatZoned } from "~/lib/zoned-time";
import { PageHead } from "~/modules/concrete/components/form-bits";
import { SeriesChart } from "~/modules/concrete/components/series-chart";
import { idParam } from "~/modules/concrete/pours.server";
import { linkPage } from "~/modules/concrete/sensors.server";
import { requireModule } from "~/services/guard.server";
import { useSettings } from "~/components/settings/settings-context";
import { formatCelsius, temperatureLabel } from "~/lib/units";
import { rowsInUnit } from "~/modules/concrete/pour-analysis";

export const meta: MetaFunction = () => [{ title: "Pour sensor · Tracksmith" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  const imei = params.imei ?? "";
  if (!/^\d{1,20}$/.test(imei)) throw new Response("Not found", { status: 404 });
  return json(await linkPage(ctx, idParam(params.id), imei));
}

/** One sensor's link to a pour and its readings (concrete/pour-device-link/{id}/{imei}). */
export default function LinkPage() {
  const d = useLoaderData<typeof loader>();
  const { measurement } = useSettings().settings;
  const last = d.readings[d.readings.length - 1];
  const hottest = d.readings.reduce((m, r) => Math.max(m, r.c), -Infinity);
  const hourly = d.readings.filter((_, i) => i % 4 === 0);
  return (
    <Stack gap="md" maw={1200}>
      <PageHead title={`${d.sensor.nickname} in ${d.pour.element}`}>
        {d.link.position}
        {d.link.position === "ambient" ? "" : ` at ${d.link.depth_mm} mm`} · monitored from{" "}
        {formatZoned(d.link.from, d.timeZone)}{" "}
        {d.link.to ? `to ${formatZoned(d.link.to, d.timeZone)}` : "(open)"} ·{" "}
        <Anchor component={Link} to={`/concrete/view-pour/${d.pour.id}`}>
          the pour
        </Anchor>
      </PageHead>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed">
            Readings
          </Text>
          <Text fw={600} data-testid="link-readings">
            {d.readings.length}
          </Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed">
            Last
          </Text>
          <Text fw={600}>
            {last
              ? `${formatCelsius(last.c, measurement)} at ${formatZoned(last.t, d.timeZone)}`
              : "—"}
          </Text>
        </Paper>
        <Paper withBorder p="sm">
          <Text size="xs" c="dimmed">
            Hottest
          </Text>
          <Text fw={600}>{d.readings.length ? formatCelsius(hottest, measurement) : "—"}</Text>
        </Paper>
      </SimpleGrid>
      <SeriesChart
        title="Temperature"
        unit={temperatureLabel(measurement)}
        rows={rowsInUnit(
          hourly.map((r) => ({ t: r.t, c: r.c })),
          measurement,
        )}
        series={[{ name: "c", label: d.sensor.nickname }]}
        timeZone={d.timeZone}
      />
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

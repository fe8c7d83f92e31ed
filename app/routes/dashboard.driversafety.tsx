import { Anchor, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type {
  ActionFunctionArgs,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useCompanyZone } from "~/components/company-time";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { formatDay } from "~/lib/zoned-time";
import { IncidentTable } from "~/modules/drivers/components/incident-table";
import {
  Leaderboard,
  PeriodForm,
  Stat,
  TrendChart,
} from "~/modules/drivers/components/safety-overview";
import { DriverPicker, ScorecardView, SettingsForm } from "~/modules/drivers/components/scorecard";
import { safetyAction } from "~/modules/drivers/safety-actions.server";
import { INCIDENT_ROWS, LEADER_ROWS } from "~/modules/drivers/safety-compute";
import { safetyPage } from "~/modules/drivers/safety.server";
import { requireModule } from "~/services/guard.server";
import leafletStyles from "leaflet/dist/leaflet.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

export const meta: MetaFunction = () => [{ title: "Driver safety · Tracksmith" }];

/** SPEC §3 Driver safety: fleet score and incidents of this period against the previous one. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "drivers");
  return json(await safetyPage(ctx, new URL(request.url)));
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "drivers");
  const url = new URL(request.url);
  return safetyAction(ctx, await request.formData(), `${url.pathname}${url.search}`);
}

export default function DriverSafety() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const r = result && "result" in result ? result : undefined;
  const zone = useCompanyZone();
  return (
    <Stack gap="lg" maw={1300}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>Driver safety</Title>
          <Text c="dimmed" size="sm">
            {formatDay(d.period.fromDay, zone)} to {formatDay(d.period.toDay, zone)} against the{" "}
            {d.period.days} days before. Scores use scoring settings version {d.settingsVersion};
            dismissed incidents do not count.
          </Text>
        </div>
        <PeriodForm
          days={d.period.days}
          custom={d.period.custom}
          fromDay={d.period.fromDay}
          toDay={d.period.toDay}
        />
      </Group>
      {"fleet" in d && d.fleet && "leaders" in d ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Stat
              label="Fleet driver score"
              value={d.fleet.current}
              previous={d.fleet.previous}
              better="up"
              testId="fleet-score"
            />
            <Stat
              label="Incidents"
              value={d.fleet.incidentsCurrent}
              previous={d.fleet.incidentsPrevious}
              better="down"
              testId="incidents"
            />
          </SimpleGrid>
          <TrendChart points={d.trend} />
          <Title order={2} size="h3">
            Leaderboard
          </Title>
          <Leaderboard
            rows={d.leaders}
            total={d.leadersTotal}
            step={LEADER_ROWS}
            sort={d.sort}
            q={d.q}
          />
          <DriverPicker drivers={d.drivers} current={d.own?.id ?? null} />
          {d.own ? <ScorecardView card={d.own} tiles={d.tiles} /> : null}
          <Title order={2} size="h3">
            Incidents
          </Title>
          <IncidentTable
            rows={d.incidents.rows}
            total={d.incidents.total}
            step={INCIDENT_ROWS}
            filters={d.incidents.filters}
            drivers={d.drivers}
            vehicles={d.vehicles}
            result={r}
            manager={d.manager}
          />
          {d.admin ? (
            <SettingsForm settings={d.settings} version={d.settingsVersion} result={r} />
          ) : null}
          <Anchor component={Link} to="/dashboard/reports/driver-report">
            Open the driver report (downloads and email schedules)
          </Anchor>
        </>
      ) : d.own ? (
        <ScorecardView card={d.own} tiles={d.tiles} />
      ) : (
        <Text data-testid="no-driver-record">
          No driver record is linked to your account, so there is no scorecard to show.
        </Text>
      )}
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { parseForm } from "~/lib/parse-form";
import { formatZoned } from "~/lib/zoned-time";
import { notifyBreaches } from "~/modules/concrete/breach-notices.server";
import { CURVE_LABELS, RISK_TEXT } from "~/modules/concrete/curing";
import { errorOf, valueOf, type Reply } from "~/modules/concrete/components/form-bits";
import { SeriesChart } from "~/modules/concrete/components/series-chart";
import { invalid } from "~/modules/concrete/form-result.server";
import { BREACH_LABELS } from "~/modules/concrete/pour-analysis";
import { SignOffSchema } from "~/modules/concrete/pour-forms";
import { idParam, pourOf, refusal, up } from "~/modules/concrete/pours.server";
import { signOffPour } from "~/modules/concrete/pours-upstream.server";
import { viewPourPage } from "~/modules/concrete/view-pour.server";
import { requireModule } from "~/services/guard.server";
import { switchIntent } from "~/services/intent.server";
import { logError } from "~/services/log.server";
import { redirectWithToast } from "~/services/toast.server";

export const meta: MetaFunction = () => [{ title: "Pour · Tracksmith" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  const data = await viewPourPage(ctx, idParam(params.id));
  // Breaches seen here are notified at once (once each, as the background check would).
  if (data.pour.status === "active" && data.breaches.some((b) => !b.notified))
    void notifyBreaches(ctx, data.pour, data.breaches).catch((e) => logError("concrete", e));
  return json(data);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireModule(request, "concrete");
  return switchIntent(await request.formData(), {
    signoff: async (form) => {
      const id = idParam(params.id);
      // Another company's pour is a 404 before the form is even read.
      await pourOf(ctx, id);
      const s = parseForm(form, SignOffSchema);
      if (s.status !== "success") return invalid(form, s);
      try {
        await signOffPour(up(ctx), id, s.value);
      } catch (e) {
        return json<Reply>({ errors: { name: refusal(e) }, values: s.value }, { status: 400 });
      }
      return redirectWithToast(`/concrete/view-pour/${id}`, {
        type: "success",
        description: "Pour report signed off.",
      });
    },
  });
}

const RISK_COLOUR = { low: "teal", moderate: "orange", high: "red" } as const;

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** The live pour page (concrete/view-pour/{id}). */
export default function ViewPour() {
  const d = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply | undefined;
  const busy = useNavigation().state === "submitting";
  const tz = d.timeZone;
  const p = d.pour;
  const when = (t: number | string | null) => (t === null ? "—" : formatZoned(t, tz));
  const sensorSeries = d.sensors.map((s) => ({
    name: s.imei,
    label: `${s.nickname} (${s.position})`,
  }));
  const inConcrete = d.sensors.filter((s) => s.position !== "ambient");
  const open = d.breaches.filter((b) => b.end === null);
  const worstEvap = d.evaporation.reduce<(typeof d.evaporation)[number] | null>(
    (m, e) => (!m || e.rate > m.rate ? e : m),
    null,
  );
  const maxDiff = d.limits.length ? Math.min(...d.limits.map((l) => l.max_diff_c)) : null;
  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {p.element}
          </Title>
          <Text size="sm" c="dimmed">
            Placed {when(p.placed_at)} · {p.volume_m3} m³ · {p.thickness_m} m thick ·{" "}
            <Badge variant="light" color={p.status === "active" ? "teal" : "gray"}>
              {p.status}
            </Badge>
          </Text>
        </Stack>
        <Group gap="xs">
          <Button component={Link} to={`/concrete/pour-device-links/${p.id}`} variant="default">
            Sensors
          </Button>
          <Button component={Link} to={`/concrete/pour/${p.id}`} variant="default">
            Edit
          </Button>
          <Button component="a" href={`/concrete/pour-report/${p.id}`} variant="default">
            Pour report (PDF)
          </Button>
        </Group>
      </Group>
      {open.length ? (
        <Alert color="red" role="alert" title="Limits breached now" data-testid="open-breaches">
          {open.map((b) => (
            <div key={b.id}>
              {BREACH_LABELS[b.kind]} at {b.sensor}: {b.peak} against {b.threshold} ({b.limitName})
              since {when(b.start)}
            </div>
          ))}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Stat
          label="In-place strength (weakest sensor)"
          testId="pour-strength"
          value={d.strength === null ? "No strength curve" : `${d.strength.toFixed(1)} MPa`}
        />
        <Stat
          label="Mix design"
          value={
            d.mix ? (
              <Anchor component={Link} to={`/concrete/mix-design/${d.mix.id}`}>
                {d.mix.name} ({d.mix.design_strength_mpa} MPa)
              </Anchor>
            ) : (
              "None"
            )
          }
        />
        <Stat
          label="Core–surface difference now"
          testId="pour-difference"
          value={d.currentDifference === null ? "—" : `${d.currentDifference.toFixed(1)} °C`}
        />
        <Stat label="Sensors" value={`${d.sensors.length} linked`} />
      </SimpleGrid>

      <Paper withBorder p="sm">
        <Title order={2} size="h4" mb="xs">
          Targets
        </Title>
        <Text size="sm" mb="xs">
          Strength from Nurse–Saul maturity (datum T₀ {d.datum} °C) and Arrhenius equivalent age (Q{" "}
          {d.q} K){d.curve ? `, on the mix's ${CURVE_LABELS[d.curve.kind]} curve` : ""}. Forecasts
          follow the last day's temperature trend.
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table data-testid="pour-targets">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Target</Table.Th>
                <Table.Th>Strength</Table.Th>
                <Table.Th>When</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.targets.map((t) => (
                <Table.Tr key={t.name}>
                  <Table.Td>
                    {t.name} ({t.percent} %)
                  </Table.Td>
                  <Table.Td>{t.mpa === null ? "—" : `${t.mpa.toFixed(1)} MPa`}</Table.Td>
                  <Table.Td>
                    {t.status === "reached"
                      ? `Reached ${when(t.at)}`
                      : t.status === "forecast"
                        ? `Forecast ${when(t.at)}`
                        : t.status === "unknown"
                          ? "Needs a mix design with a strength curve"
                          : "Not reached at the current trend"}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <SeriesChart
          title="Temperature"
          unit="°C"
          rows={d.temperatures}
          series={sensorSeries}
          timeZone={tz}
          testId="chart-temperature"
        />
        <SeriesChart
          title="Core–surface difference"
          unit="°C"
          rows={d.difference.map((x) => ({ t: x.t, diff: x.diff }))}
          series={[{ name: "diff", label: "Core − surface" }]}
          timeZone={tz}
          referenceY={maxDiff === null ? [] : [{ y: maxDiff, label: "limit" }]}
          testId="chart-difference"
        />
        <SeriesChart
          title="In-place strength"
          unit="MPa"
          rows={d.strengths}
          series={inConcrete.map((s) => ({ name: s.imei, label: s.nickname }))}
          timeZone={tz}
          testId="chart-strength"
        />
        <SeriesChart
          title="Maturity"
          unit="°C·h"
          rows={d.strengths}
          series={inConcrete.map((s) => ({ name: `${s.imei}:m`, label: s.nickname }))}
          timeZone={tz}
          testId="chart-maturity"
        />
      </SimpleGrid>

      <Paper withBorder p="sm">
        <Title order={2} size="h4" mb="xs">
          Sensors
        </Title>
        <Table.ScrollContainer minWidth={760}>
          <Table data-testid="pour-sensors">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sensor</Table.Th>
                <Table.Th>Position</Table.Th>
                <Table.Th>Last reading</Table.Th>
                <Table.Th>Maturity (°C·h)</Table.Th>
                <Table.Th>Equivalent age (h)</Table.Th>
                <Table.Th>Strength</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.sensors.map((s) => (
                <Table.Tr key={s.imei}>
                  <Table.Td>
                    <Anchor component={Link} to={`/concrete/pour-device-link/${p.id}/${s.imei}`}>
                      {s.nickname}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {s.position}
                    {s.position === "ambient" ? "" : `, ${s.depth_mm} mm`}
                  </Table.Td>
                  <Table.Td>
                    {s.last ? `${s.last.c.toFixed(1)} °C at ${when(s.last.t)}` : "—"}
                  </Table.Td>
                  <Table.Td>{s.maturity === null ? "—" : Math.round(s.maturity)}</Table.Td>
                  <Table.Td>{s.equivalentAge === null ? "—" : s.equivalentAge.toFixed(1)}</Table.Td>
                  <Table.Td>{s.strength === null ? "—" : `${s.strength.toFixed(1)} MPa`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      <Paper withBorder p="sm">
        <Title order={2} size="h4" mb="xs">
          Breaches
        </Title>
        {d.breaches.length ? (
          <Table.ScrollContainer minWidth={760}>
            <Table data-testid="pour-breaches">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Breach</Table.Th>
                  <Table.Th>Sensor</Table.Th>
                  <Table.Th>Worst</Table.Th>
                  <Table.Th>From</Table.Th>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Notified</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.breaches.map((b) => (
                  <Table.Tr key={b.id}>
                    <Table.Td>
                      {BREACH_LABELS[b.kind]} ({b.limitName})
                    </Table.Td>
                    <Table.Td>{b.sensor}</Table.Td>
                    <Table.Td>
                      {b.peak} (limit {b.threshold})
                    </Table.Td>
                    <Table.Td>{when(b.start)}</Table.Td>
                    <Table.Td>{b.end === null ? "ongoing" : when(b.end)}</Table.Td>
                    <Table.Td>{b.notified ? when(b.notified) : "—"}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm">
            {d.limits.length ? "No limit has been breached." : "This pour has no limit set."}
          </Text>
        )}
      </Paper>

      <Paper withBorder p="sm">
        <Title order={2} size="h4" mb="xs">
          Evaporation risk while placing
        </Title>
        <Text size="sm" mb="xs">
          Uno's formula (ACI 305R) from the jobsite's weather, against{" "}
          {d.evaporationLimit.threshold} kg/m²/h ({d.evaporationLimit.name}); the estimate is about
          ±40 %.
          {worstEvap ? ` Worst: ${RISK_TEXT[worstEvap.risk]}.` : ""}
        </Text>
        {d.evaporation.length ? (
          <Table.ScrollContainer minWidth={700}>
            <Table data-testid="pour-evaporation">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Air</Table.Th>
                  <Table.Th>Concrete</Table.Th>
                  <Table.Th>Humidity</Table.Th>
                  <Table.Th>Wind</Table.Th>
                  <Table.Th>Evaporation rate</Table.Th>
                  <Table.Th>Risk</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.evaporation.map((e) => (
                  <Table.Tr key={e.t}>
                    <Table.Td>{when(e.t)}</Table.Td>
                    <Table.Td>{e.air.toFixed(1)} °C</Table.Td>
                    <Table.Td>{e.concrete.toFixed(1)} °C</Table.Td>
                    <Table.Td>{e.humidity} %</Table.Td>
                    <Table.Td>{e.wind.toFixed(0)} km/h</Table.Td>
                    <Table.Td>{e.rate.toFixed(2)} kg/m²/h</Table.Td>
                    <Table.Td>
                      <Badge color={RISK_COLOUR[e.risk]} variant="light">
                        {e.risk}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm">No weather for this pour (no jobsite, or not placed yet).</Text>
        )}
      </Paper>

      <Paper withBorder p="sm">
        <Title order={2} size="h4" mb="xs">
          Sign-off
        </Title>
        {p.signed_off ? (
          <Text size="sm" data-testid="pour-signed-off">
            Signed off by {p.signed_off.name} on {when(p.signed_off.at)}
            {p.signed_off.note ? `: ${p.signed_off.note}` : "."}
          </Text>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value="signoff" />
          <Group align="flex-end">
            <TextInput
              name="name"
              label="Your name"
              defaultValue={valueOf(reply, "name", "")}
              error={errorOf(reply, "name")}
            />
            <TextInput
              name="note"
              label="Note"
              defaultValue={valueOf(reply, "note", "")}
              error={errorOf(reply, "note")}
              w={{ base: "100%", sm: 360 }}
            />
            <Button type="submit" loading={busy}>
              {p.signed_off ? "Sign off again" : "Sign off the pour report"}
            </Button>
          </Group>
        </Form>
      </Paper>
    </Stack>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

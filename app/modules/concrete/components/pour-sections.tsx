/** The sections of the live pour page (concrete/view-pour/{id}). */
import { Anchor, Badge, Paper, Table, Text, Title } from "@mantine/core";
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useSettings } from "~/components/settings/settings-context";
import { formatCelsius, formatSpeed, MATURITY_UNIT } from "~/lib/units";
import { CURVE_LABELS, RISK_TEXT } from "../curing";
import { BREACH_LABELS, breachFigure } from "../pour-analysis";
import type { viewPourPage } from "../view-pour.server";

export type PourData = SerializeFrom<typeof viewPourPage>;
type Props = { d: PourData; when: (t: number | string | null) => string };
const RISK_COLOUR = { low: "teal", moderate: "orange", high: "red" } as const;

/** Readings (stored °C, km/h) in the reader's units. */
function useReaderUnits() {
  const { measurement } = useSettings().settings;
  return {
    measurement,
    temp: (c: number) => formatCelsius(c, measurement),
    speed: (kmh: number) => formatSpeed(kmh, measurement),
  };
}

export function PourTargets({ d, when }: Props) {
  const { temp } = useReaderUnits();
  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h4" mb="xs">
        Targets
      </Title>
      <Text size="sm" mb="xs">
        Strength from Nurse–Saul maturity (datum T₀ {temp(d.datum)}) and Arrhenius equivalent age (Q{" "}
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
  );
}

export function PourSensors({ d, when }: Props) {
  const p = d.pour;
  const { temp } = useReaderUnits();
  return (
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
              <Table.Th>Maturity ({MATURITY_UNIT})</Table.Th>
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
                <Table.Td>{s.last ? `${temp(s.last.c)} at ${when(s.last.t)}` : "—"}</Table.Td>
                <Table.Td>{s.maturity === null ? "—" : Math.round(s.maturity)}</Table.Td>
                <Table.Td>{s.equivalentAge === null ? "—" : s.equivalentAge.toFixed(1)}</Table.Td>
                <Table.Td>{s.strength === null ? "—" : `${s.strength.toFixed(1)} MPa`}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

export function PourBreaches({ d, when }: Props) {
  const { measurement } = useReaderUnits();
  return (
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
                    {breachFigure(b.kind, b.peak, measurement)} (limit{" "}
                    {breachFigure(b.kind, b.threshold, measurement)})
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
  );
}

export function PourEvaporation({ d, when }: Props) {
  const { temp, speed } = useReaderUnits();
  const worstEvap = d.evaporation.reduce<PourData["evaporation"][number] | null>(
    (m, e) => (!m || e.rate > m.rate ? e : m),
    null,
  );
  return (
    <Paper withBorder p="sm">
      <Title order={2} size="h4" mb="xs">
        Evaporation risk while placing
      </Title>
      <Text size="sm" mb="xs">
        Uno's formula (ACI 305R) from the jobsite's weather, against {d.evaporationLimit.threshold}{" "}
        kg/m²/h ({d.evaporationLimit.name}); the estimate is about ±40 %.
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
                  <Table.Td>{temp(e.air)}</Table.Td>
                  <Table.Td>{temp(e.concrete)}</Table.Td>
                  <Table.Td>{e.humidity} %</Table.Td>
                  <Table.Td>{speed(e.wind)}</Table.Td>
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
  );
}

import {
  Alert,
  Button,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { Form } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useSettings } from "~/components/settings/settings-context";
import { MATURITY_UNIT } from "~/lib/units";
import {
  DEFAULT_DATUM_C,
  DEFAULT_Q_K,
  formatTemperature,
  maturityAndAge,
  parseTemperatureLog,
  temperatureUnitFor,
  temperatureUnitLabel,
  toTemperatureUnit,
} from "../curing";
import { parseLogCalc, unitOf, type Fields } from "../mix-form";

export type LogResult =
  | { ok: true; maturity: number; equivalentAge: number; hours: number; readings: number }
  | { ok: false; line: number; message: string };

/** Maturity and equivalent age of a typed or pasted log (the same function on both sides). */
export function calculateLog(f: Fields): LogResult | null {
  const p = parseLogCalc(f);
  if (!p.ok || !p.value.log.trim()) return null;
  const log = parseTemperatureLog(p.value.log, unitOf(f));
  if (!log.ok) return log;
  const r = maturityAndAge(log.readings, { datum: p.value.datum_c, q: p.value.q_k });
  return { ok: true, ...r, readings: log.readings.length };
}

/** A cold night's log, in the reader's unit. */
const example = (unit: "C" | "F") =>
  [`time, ${temperatureUnitLabel(unit)}`]
    .concat(
      [10, 5, 0, -5, -12, -14].map((c, i) => `${i * 2}, ${Math.round(toTemperatureUnit(c, unit))}`),
    )
    .join("\n");

/**
 * Nurse–Saul maturity (°C·h, datum T₀) and Arrhenius equivalent age (h at 20 °C, Q = E/R) of a
 * temperature log typed or pasted as CSV. Posts without JavaScript; live with it.
 */
export function MaturityCalculator({ values, errors }: { values: Fields; errors: Fields }) {
  const { settings } = useSettings();
  const unit =
    values.unit === "F" || values.unit === "C"
      ? values.unit
      : temperatureUnitFor(settings.measurement);
  const u = temperatureUnitLabel(unit);
  const [f, setF] = useState<Fields>({
    log: "",
    datum_c: String(Math.round(toTemperatureUnit(DEFAULT_DATUM_C, unit) * 10) / 10),
    q_k: String(DEFAULT_Q_K),
    ...values,
    unit,
  });
  const result = useMemo(() => calculateLog(f), [f]);
  const set = (name: string) => (e: { currentTarget: { value: string } }) => {
    const v = e.currentTarget.value;
    setF((x) => ({ ...x, [name]: v }));
  };
  return (
    <Paper withBorder p="md">
      <Form method="post" data-testid="maturity-calculator">
        <input type="hidden" name="intent" value="calculate" />
        <input type="hidden" name="unit" value={unit} />
        <Stack gap="sm">
          <Title order={2} size="h4">
            Maturity calculator
          </Title>
          <Text size="sm" c="dimmed">
            One reading a line: time, {u}. The time is hours since the start (0, 0.5, 2…) or a date
            and time (2026-11-02 08:00). Nurse–Saul: M = Σ (Tₐ − T₀)·Δt, intervals at or below T₀
            add nothing; Arrhenius: tₑ = Σ exp(−Q·(1/Tₐ − 1/Tₛ))·Δt with Tₛ ={" "}
            {formatTemperature(20, unit, 0)} (ASTM C1074).
          </Text>
          <Textarea
            name="log"
            label={`Temperature log (time, ${u})`}
            placeholder={example(unit)}
            autosize
            minRows={6}
            maxRows={16}
            value={f.log ?? ""}
            onChange={set("log")}
            error={errors.log}
            styles={{ input: { fontFamily: "monospace" } }}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              name="datum_c"
              label={`Datum temperature T₀ (${u})`}
              inputMode="decimal"
              value={f.datum_c ?? ""}
              onChange={set("datum_c")}
              error={errors.datum_c}
            />
            <TextInput
              name="q_k"
              label="Activation energy Q = E/R (K)"
              inputMode="decimal"
              value={f.q_k ?? ""}
              onChange={set("q_k")}
              error={errors.q_k}
            />
          </SimpleGrid>
          <Button type="submit" variant="light" w="fit-content">
            Calculate
          </Button>
          <div role="status" aria-live="polite" data-testid="maturity-result">
            {result === null ? (
              <Text size="sm" c="dimmed">
                Type or paste a log to see its maturity and equivalent age.
              </Text>
            ) : result.ok ? (
              <Alert
                color="teal"
                title={`${result.readings} readings over ${result.hours.toFixed(1)} h`}
              >
                <Text data-testid="maturity-value">
                  Maturity:{" "}
                  <b>
                    {result.maturity.toFixed(1)} {MATURITY_UNIT}
                  </b>
                </Text>
                <Text data-testid="equivalent-age-value">
                  Equivalent age: <b>{result.equivalentAge.toFixed(1)} h</b>
                </Text>
              </Alert>
            ) : (
              <Alert color="red" role="alert" data-testid="maturity-log-error">
                {result.message}
              </Alert>
            )}
          </div>
        </Stack>
      </Form>
    </Paper>
  );
}

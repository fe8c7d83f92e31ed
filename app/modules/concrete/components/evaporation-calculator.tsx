import {
  Alert,
  Button,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { Form } from "@remix-run/react";
import { useState } from "react";
import { useSettings } from "~/components/settings/settings-context";
import { speedLabel } from "~/lib/units";
import {
  DEFAULT_EVAPORATION_LIMIT,
  RISK_TEXT,
  evaporationRisk,
  temperatureUnitFor,
  unoEvaporationRate,
  temperatureUnitLabel,
} from "../curing";
import { parseEvaporationCalc, type Fields } from "../mix-form";

/**
 * Uno (1998) evaporation rate, the formula behind ACI 305R's nomograph, against a chosen limit.
 * Posts to the server without JavaScript; with it, the answer follows the fields as they change.
 */
export function EvaporationCalculator({
  limits,
  values,
  errors,
}: {
  limits: Array<{ id: number; name: string; threshold_kg_m2_h: number }>;
  values: Fields;
  errors: Fields;
}) {
  const { settings } = useSettings();
  const unit =
    values.unit === "F" || values.unit === "C"
      ? values.unit
      : temperatureUnitFor(settings.measurement);
  const speedUnit =
    values.speed_unit === "mph" || values.speed_unit === "km/h"
      ? values.speed_unit
      : speedLabel(settings.measurement);
  const [f, setF] = useState<Fields>({
    air: "",
    concrete: "",
    humidity: "",
    wind: "",
    limit_id: limits[0] ? String(limits[0].id) : "",
    ...values,
    unit,
    speed_unit: speedUnit,
  });
  const parsed = parseEvaporationCalc(f);
  const rate = parsed.ok ? unoEvaporationRate(parsed.value) : null;
  const limit = limits.find((l) => String(l.id) === f.limit_id);
  const threshold = limit?.threshold_kg_m2_h ?? DEFAULT_EVAPORATION_LIMIT;
  const risk = rate === null ? null : evaporationRisk(rate, threshold);
  const input = (name: string, label: string, suffix: string) => (
    <TextInput
      name={name}
      label={label}
      inputMode="decimal"
      rightSection={
        <Text size="xs" c="dimmed">
          {suffix}
        </Text>
      }
      rightSectionWidth={48}
      value={f[name] ?? ""}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setF((x) => ({ ...x, [name]: v }));
      }}
      error={errors[name]}
    />
  );
  return (
    <Paper withBorder p="md">
      <Form method="post" data-testid="evaporation-calculator">
        <input type="hidden" name="intent" value="calculate" />
        <input type="hidden" name="unit" value={unit} />
        <input type="hidden" name="speed_unit" value={speedUnit} />
        <Stack gap="sm">
          <Title order={2} size="h4">
            Evaporation calculator
          </Title>
          <Text size="sm" c="dimmed">
            Uno (1998), the formula behind ACI 305R's nomograph: E = 5·((T꜀ + 18)^2.5 − r·(Tₐ +
            18)^2.5)·(V + 4)·10⁻⁶ kg/m²/h. The estimate is about ±40 %.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {input("air", "Air temperature", temperatureUnitLabel(unit))}
            {input("concrete", "Concrete temperature", temperatureUnitLabel(unit))}
            {input("humidity", "Relative humidity", "%")}
            {input("wind", "Wind speed", speedUnit)}
          </SimpleGrid>
          <NativeSelect
            name="limit_id"
            label="Limit"
            value={f.limit_id ?? ""}
            onChange={(e) => {
              const v = e.currentTarget.value;
              setF((x) => ({ ...x, limit_id: v }));
            }}
            data={limits.map((l) => ({
              value: String(l.id),
              label: `${l.name} (${l.threshold_kg_m2_h} kg/m²/h)`,
            }))}
          />
          <Button type="submit" variant="light" w="fit-content">
            Calculate
          </Button>
          <div role="status" aria-live="polite" data-testid="evaporation-result">
            {rate !== null && risk ? (
              <Alert
                color={risk === "high" ? "red" : risk === "moderate" ? "yellow" : "teal"}
                title="Evaporation rate"
              >
                <Text fw={700} size="lg" data-testid="evaporation-rate">
                  {Math.max(0, rate).toFixed(3)} kg/m²/h
                </Text>
                <Text size="sm" data-testid="evaporation-risk">
                  {RISK_TEXT[risk]} ({threshold} kg/m²/h{limit ? `, ${limit.name}` : ""}).
                  {rate < 0 ? " The air is moister than the surface: water condenses on it." : ""}
                </Text>
              </Alert>
            ) : (
              <Text size="sm" c="dimmed">
                Enter the four values to see the evaporation rate.
              </Text>
            )}
          </div>
        </Stack>
      </Form>
    </Paper>
  );
}

import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { Link, useNavigation } from "@remix-run/react";
import { useMemo, useState, type ReactNode } from "react";
import { ReadOnlyForm } from "~/components/requires-permission";
import { useSettings } from "~/components/settings/settings-context";
import {
  CURVE_LABELS,
  DEFAULT_DATUM_C,
  DEFAULT_Q_K,
  MIN_CALIBRATION_POINTS,
  chooseCurve,
  fitCurves,
  formatTemperature,
  temperatureUnitFor,
  temperatureUnitLabel,
  type CurveKind,
} from "../curing";
import {
  CEMENT_TYPES,
  SPARE_CALIBRATION_ROWS,
  calibrationRows,
  type CalibrationRow,
  type Fields,
} from "../mix-form";
import { CurveChart } from "./curve-chart";
import { MATURITY_UNIT } from "~/lib/units";

const blank = (): CalibrationRow => ({ age_h: "", index: "", strength_mpa: "" });

/**
 * A mix design: its make-up, the maturity conventions (Nurse–Saul datum T₀, Arrhenius Q) and the
 * calibration breaks, with the three fitted curves redrawn as points are typed. Posts without
 * JavaScript (spare rows are offered; blank rows are ignored). `readOnly`: see ReadOnlyForm.
 */
export function MixDesignForm({
  id,
  values,
  errors,
  suppliers,
  readOnly,
}: {
  id: number | null;
  values: Fields;
  errors: Fields;
  suppliers: Array<{ id: number; name: string }>;
  readOnly?: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  const { settings } = useSettings();
  // What was typed (a refused save) keeps the unit it was typed in.
  const unit =
    values.unit === "F" || values.unit === "C"
      ? values.unit
      : temperatureUnitFor(settings.measurement);
  const [rows, setRows] = useState<CalibrationRow[]>(() => {
    const r = calibrationRows(values);
    return [...r, ...Array.from({ length: SPARE_CALIBRATION_ROWS }, blank)];
  });
  const [basis, setBasis] = useState(
    values.basis === "equivalent_age" ? "equivalent_age" : "maturity",
  );
  const [pick, setPick] = useState(values.curve ?? "best");
  const points = useMemo(
    () =>
      rows
        .map((r) => ({
          x: Number(r.index.replace(",", ".")),
          s: Number(r.strength_mpa.replace(",", ".")),
        }))
        .filter((p) => r(p.x) && r(p.s)),
    [rows],
  );
  const fits = useMemo(() => fitCurves(points), [points]);
  const used = chooseCurve(fits, pick === "best" ? null : (pick as CurveKind))?.curve.kind ?? null;
  const indexLabel = basis === "maturity" ? `Maturity (${MATURITY_UNIT})` : "Equivalent age (h)";
  const indexWord = basis === "maturity" ? `maturity (${MATURITY_UNIT})` : "equivalent age (h)";
  const text = (
    name: string,
    label: string,
    extra: { description?: string; required?: boolean } = {},
  ) => (
    <TextInput
      name={name}
      label={label}
      defaultValue={values[name] ?? ""}
      error={errors[name]}
      {...extra}
    />
  );
  const cements = new Set([...CEMENT_TYPES, values.cement_type ?? CEMENT_TYPES[0]]);
  const setCell = (i: number, key: keyof CalibrationRow, v: string) =>
    setRows((rs) => rs.map((row, j) => (j === i ? { ...row, [key]: v } : row)));
  return (
    <ReadOnlyForm readOnly={readOnly} data-testid="mix-design-form">
      <input type="hidden" name="intent" value={id === null ? "create" : "update"} />
      <input type="hidden" name="unit" value={unit} />
      <Stack gap="md">
        {errors.form ? (
          <Alert color="red" role="alert" title="Not saved">
            {errors.form}
          </Alert>
        ) : null}
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Mix
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              <NativeSelect
                name="supplier_id"
                label="Supplier"
                required
                defaultValue={values.supplier_id ?? ""}
                error={errors.supplier_id}
                data={[
                  { value: "", label: "Choose a supplier" },
                  ...suppliers.map((s) => ({ value: String(s.id), label: s.name })),
                ]}
              />
              {text("name", "Name", { required: true })}
              {text("design_strength_mpa", "Design strength (MPa)", { required: true })}
              <NativeSelect
                name="cement_type"
                label="Cement type"
                defaultValue={values.cement_type ?? CEMENT_TYPES[0]}
                error={errors.cement_type}
                data={[...cements].filter(Boolean)}
              />
              {text("supplementary_materials", "Supplementary materials", {
                description: "e.g. Fly ash 20 %, slag 40 %",
              })}
              {text("wc_ratio", "Water/cement ratio", { required: true })}
              {text("admixtures", "Admixtures", { description: "Separated by commas" })}
              {text("slump_mm", "Slump (mm)", { required: true })}
            </SimpleGrid>
            <Checkbox
              name="low_bleed"
              label="Low-bleed mix (high SCM or low w/c): use the 0.5 kg/m²/h evaporation limit"
              defaultChecked={values.low_bleed === "on"}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Maturity method (ASTM C1074)
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
              {text("datum_c", `Datum temperature T₀ (${temperatureUnitLabel(unit)})`, {
                description: `Nurse–Saul: M = Σ (Tₐ − T₀)·Δt. Default ${formatTemperature(DEFAULT_DATUM_C, unit, 0)}.`,
              })}
              {text("q_k", "Activation energy Q = E/R (K)", {
                description: `Arrhenius equivalent age at ${formatTemperature(20, unit, 0)}. Default ${DEFAULT_Q_K} K.`,
              })}
              <NativeSelect
                name="basis"
                label="Calibrated in"
                value={basis}
                onChange={(e) => setBasis(e.currentTarget.value)}
                data={[
                  { value: "maturity", label: `Nurse–Saul maturity (${MATURITY_UNIT})` },
                  {
                    value: "equivalent_age",
                    label: `Equivalent age (h at ${formatTemperature(20, unit, 0)})`,
                  },
                ]}
              />
            </SimpleGrid>
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Calibration
            </Title>
            <Text size="sm" c="dimmed">
              Breaks of cylinders cured with a logger: at least {MIN_CALIBRATION_POINTS} points.
              Empty rows are ignored.
            </Text>
            {errors.calibration ? (
              <Alert color="red" role="alert" data-testid="calibration-error">
                {errors.calibration}
              </Alert>
            ) : null}
            <Table.ScrollContainer minWidth={420}>
              <Table data-testid="calibration">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>#</Table.Th>
                    <Table.Th>Age (h)</Table.Th>
                    <Table.Th>{indexLabel}</Table.Th>
                    <Table.Th>Strength (MPa)</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{i + 1}</Table.Td>
                      {(
                        [
                          ["age_h", "age", "age (h)"],
                          ["index", "index", indexWord],
                          ["strength_mpa", "strength", "strength (MPa)"],
                        ] as const
                      ).map(([key, name, label]) => (
                        <Table.Td key={key}>
                          <TextInput
                            name={`cal_${i}_${name}`}
                            aria-label={`Point ${i + 1} ${label}`}
                            inputMode="decimal"
                            value={row[key]}
                            onChange={(e) => setCell(i, key, e.currentTarget.value)}
                            error={key === "age_h" ? errors[`cal_${i}`] : undefined}
                            size="xs"
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group>
              <Button
                type="button"
                variant="light"
                size="xs"
                onClick={() => setRows((rs) => [...rs, blank()])}
              >
                Add a row
              </Button>
            </Group>
            <NativeSelect
              name="curve"
              label="Curve used for in-place strength"
              value={pick}
              onChange={(e) => setPick(e.currentTarget.value)}
              data={[
                { value: "best", label: `Best fit${fits.best ? ` (now ${fits.best})` : ""}` },
                ...(["logarithmic", "hyperbolic", "exponential"] as const).map((k) => ({
                  value: k,
                  label: CURVE_LABELS[k],
                })),
              ]}
              maw={420}
            />
            {points.length >= MIN_CALIBRATION_POINTS && fits.best ? (
              <CurveChart
                points={points}
                fits={fits}
                used={used}
                unit={basis === "maturity" ? MATURITY_UNIT : "h"}
              />
            ) : (
              <Alert color="blue" data-testid="curve-none">
                The curves are fitted once there are at least {MIN_CALIBRATION_POINTS} calibration
                points ({points.length} entered).
              </Alert>
            )}
          </Stack>
        </Paper>
        <Group>
          {readOnly ?? (
            <Button type="submit" loading={busy}>
              {id === null ? "Create mix design" : "Save mix design"}
            </Button>
          )}
          <Button component={Link} to="/concrete/mix-designs" variant="subtle">
            Back to mix designs
          </Button>
        </Group>
      </Stack>
    </ReadOnlyForm>
  );
}

const r = (n: number) => Number.isFinite(n) && n > 0;

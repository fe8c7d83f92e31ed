import { Table, Text } from "@mantine/core";
import {
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import {
  CURVE_KINDS,
  CURVE_LABELS,
  curveStrength,
  describeCurve,
  type CalibrationPoint,
  type CurveFits,
  type CurveKind,
} from "../curing";
import { MATURITY_UNIT } from "~/lib/units";

const COLOURS: Record<CurveKind, string> = {
  logarithmic: "#1c7ed6",
  hyperbolic: "#c2255c",
  exponential: "#2b8a3e",
};

/**
 * The calibration breaks and the three fitted strength–maturity curves, with each fit's R² and
 * standard error. The table says everything the drawing does, so the page reads without it.
 */
export function CurveChart({
  points,
  fits,
  used,
  unit,
}: {
  points: CalibrationPoint[];
  fits: CurveFits;
  used: CurveKind | null;
  unit: "°C·h" | "h";
}) {
  const maxX = Math.max(...points.map((p) => p.x)) * 1.15;
  const steps = 60;
  const line = (kind: CurveKind) =>
    Array.from({ length: steps + 1 }, (_, i) => {
      const x = (maxX * i) / steps;
      return { x: Math.round(x), s: Number(curveStrength(fits.fits[kind]!.curve, x).toFixed(2)) };
    });
  const symbol = unit === "h" ? "tₑ" : "M";
  return (
    <div>
      <div style={{ width: "100%", height: 280 }} data-testid="curve-chart">
        <ResponsiveContainer>
          <ComposedChart margin={{ top: 8, right: 16, bottom: 16, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              type="number"
              dataKey="x"
              domain={[0, Math.ceil(maxX)]}
              label={{
                value: unit === "h" ? "Equivalent age (h)" : `Maturity (${MATURITY_UNIT})`,
                position: "insideBottom",
                offset: -8,
              }}
            />
            <YAxis
              type="number"
              dataKey="s"
              label={{ value: "MPa", angle: -90, position: "insideLeft" }}
            />
            <Tooltip />
            <Legend verticalAlign="top" />
            {CURVE_KINDS.filter((k) => fits.fits[k]).map((k) => (
              <Line
                key={k}
                data={line(k)}
                dataKey="s"
                name={k}
                type="monotone"
                dot={false}
                stroke={COLOURS[k]}
                strokeWidth={k === used ? 3 : 1.5}
                strokeDasharray={k === used ? undefined : "5 4"}
                isAnimationActive={false}
              />
            ))}
            <Scatter
              data={points.map((p) => ({ x: p.x, s: p.s }))}
              dataKey="s"
              name="Breaks"
              fill="#212529"
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <Table.ScrollContainer minWidth={520}>
        <Table data-testid="curve-fits" striped>
          <Table.Caption>Fitted strength–maturity curves</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Curve</Table.Th>
              <Table.Th>Equation</Table.Th>
              <Table.Th style={{ textAlign: "right" }}>R²</Table.Th>
              <Table.Th style={{ textAlign: "right" }}>SE (MPa)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CURVE_KINDS.map((k) => {
              const f = fits.fits[k];
              return (
                <Table.Tr key={k} data-curve={k} data-used={k === used || undefined}>
                  <Table.Td>
                    {CURVE_LABELS[k]}
                    {k === fits.best ? " — best fit" : ""}
                    {k === used ? " (used)" : ""}
                  </Table.Td>
                  <Table.Td>{f ? describeCurve(f.curve, symbol) : "Did not fit"}</Table.Td>
                  <Table.Td style={{ textAlign: "right" }} data-testid={`r2-${k}`}>
                    {f ? f.r2.toFixed(4) : "—"}
                  </Table.Td>
                  <Table.Td style={{ textAlign: "right" }}>
                    {f?.se != null ? f.se.toFixed(2) : "—"}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt={4}>
        Best fit = the smallest standard error, which charges the three-parameter curves for their
        extra freedom; with exactly 3 points they pass through every break and have no SE.
      </Text>
    </div>
  );
}

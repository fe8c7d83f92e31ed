/**
 * The speed around the event as a small SVG line chart (server-rendered, no script needed), with
 * the same numbers in a table for screen readers and for reading exact values.
 */
import { Text, VisuallyHidden } from "@mantine/core";
import { speedLabel, toSpeedUnit, type Measurement } from "~/lib/units";

const W = 560;
const H = 180;
const PAD = { l: 40, r: 12, t: 12, b: 28 };

export function SpeedTrace({
  trace,
  measurement,
}: {
  trace: Array<{ offset_s: number; speed: number }>;
  measurement: Measurement;
}) {
  if (!trace.length) return <Text c="dimmed">No speed trace for this event.</Text>;
  const pts = trace.map((p) => ({
    x: p.offset_s,
    y: Math.round(toSpeedUnit(p.speed, measurement)),
  }));
  const minX = pts[0]!.x;
  const maxX = pts[pts.length - 1]!.x;
  const maxY = Math.max(10, ...pts.map((p) => p.y));
  const top = Math.ceil(maxY / 20) * 20;
  const sx = (x: number) => PAD.l + ((x - minX) / Math.max(1, maxX - minX)) * (W - PAD.l - PAD.r);
  const sy = (y: number) => PAD.t + (1 - y / top) * (H - PAD.t - PAD.b);
  const unit = speedLabel(measurement);
  const before = pts.find((p) => p.x === -1) ?? pts[0]!;
  const after = pts[pts.length - 1]!;
  const ticksY = [0, top / 2, top];
  const ticksX = pts.filter((p) => p.x % 5 === 0).map((p) => p.x);
  return (
    <figure style={{ margin: 0 }} data-testid="speed-trace">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-label={`Speed from ${before.y} ${unit} just before the event to ${after.y} ${unit} ${maxX} seconds after`}
        style={{ maxWidth: W, display: "block" }}
      >
        {ticksY.map((y) => (
          <g key={y}>
            <line x1={PAD.l} x2={W - PAD.r} y1={sy(y)} y2={sy(y)} stroke="#ced4da" />
            <text x={PAD.l - 6} y={sy(y) + 4} fontSize="11" textAnchor="end" fill="#495057">
              {y}
            </text>
          </g>
        ))}
        {ticksX.map((x) => (
          <text key={x} x={sx(x)} y={H - 8} fontSize="11" textAnchor="middle" fill="#495057">
            {x === 0 ? "event" : `${x > 0 ? "+" : ""}${x}s`}
          </text>
        ))}
        <line
          x1={sx(0)}
          x2={sx(0)}
          y1={PAD.t}
          y2={H - PAD.b}
          stroke="#e03131"
          strokeDasharray="4 3"
        />
        <polyline
          fill="none"
          stroke="#1c7ed6"
          strokeWidth="2.5"
          points={pts.map((p) => `${sx(p.x)},${sy(p.y)}`).join(" ")}
        />
      </svg>
      <figcaption>
        <Text size="xs" c="dimmed">
          Speed ({unit}), {-minX} seconds before to {maxX} seconds after the event.
        </Text>
      </figcaption>
      <VisuallyHidden>
        <table>
          <caption>Speed around the event</caption>
          <thead>
            <tr>
              <th scope="col">Seconds from the event</th>
              <th scope="col">Speed ({unit})</th>
            </tr>
          </thead>
          <tbody>
            {pts.map((p) => (
              <tr key={p.x}>
                <td>{p.x}</td>
                <td>{p.y}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}

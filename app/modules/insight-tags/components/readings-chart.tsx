/** A small line chart of a tag's readings as inline SVG (no chart library, no script). */
export function ReadingsChart({
  points,
  unit,
  label,
}: {
  points: { time: string; value: number }[];
  unit: string;
  label: string;
}) {
  if (points.length < 2) return null;
  const W = 600;
  const H = 160;
  const P = 28;
  const vs = points.map((p) => p.value);
  const min = Math.min(...vs);
  const max = Math.max(...vs);
  const span = max - min || 1;
  const x = (i: number) => P + (i / (points.length - 1)) * (W - 2 * P);
  const y = (v: number) => H - P - ((v - min) / span) * (H - 2 * P);
  const d = points
    .map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`)
    .join("");
  return (
    <svg
      role="img"
      aria-label={`${label}: from ${min}${unit} to ${max}${unit}`}
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      style={{ maxWidth: W }}
      data-testid="readings-chart"
    >
      <rect width={W} height={H} fill="none" stroke="#adb5bd" />
      <text x={4} y={P} fontSize={11} fill="currentColor">
        {max}
        {unit}
      </text>
      <text x={4} y={H - P + 4} fontSize={11} fill="currentColor">
        {min}
        {unit}
      </text>
      <path d={d} fill="none" stroke="#1971c2" strokeWidth={2} />
    </svg>
  );
}

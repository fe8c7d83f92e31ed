/**
 * A sensor trace as plain SVG, drawn on the server (works without JavaScript, and 2,000 points
 * render in a few milliseconds): the line breaks at data gaps (shaded and labelled, never joined),
 * the limits are dashed lines, and excursions are shaded.
 */
import { formatZoned } from "~/lib/zoned-time";

type Span = { from: number; to: number };

export type SensorChartProps = {
  t: number[];
  v: Array<number | null>;
  band?: { min: number | null; max: number | null } | null;
  excursions?: Span[];
  gaps?: Span[];
  unit: string;
  timeZone: string;
  label: string;
  testId?: string;
};

const W = 1000;
const H = 320;
const L = 56;
const R = 12;
const T = 12;
const B = 34;

function niceTicks(lo: number, hi: number, n = 5): number[] {
  const span = hi - lo || 1;
  const raw = span / n;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let x = Math.ceil(lo / step) * step; x <= hi + 1e-9; x += step)
    out.push(Math.round(x * 1e6) / 1e6);
  return out;
}

export function chartPath(
  t: number[],
  v: Array<number | null>,
  x: (t: number) => number,
  y: (v: number) => number,
): string {
  let d = "";
  let pen = false;
  for (let i = 0; i < t.length; i++) {
    const val = v[i];
    if (val === null || val === undefined) {
      pen = false;
      continue;
    }
    d += `${pen ? "L" : "M"}${x(t[i]!).toFixed(1)} ${y(val).toFixed(1)}`;
    pen = true;
  }
  return d;
}

export function SensorChart(p: SensorChartProps) {
  const vals = p.v.filter((x): x is number => x !== null);
  const limits = [p.band?.min, p.band?.max].filter(
    (x): x is number => x !== null && x !== undefined,
  );
  if (!p.t.length || !vals.length)
    return (
      <p data-testid={p.testId} role="note">
        No readings in this range.
      </p>
    );
  let lo = Math.min(...vals, ...limits);
  let hi = Math.max(...vals, ...limits);
  const pad = (hi - lo) * 0.08 || 1;
  lo -= pad;
  hi += pad;
  const t0 = p.t[0]!;
  const t1 = p.t[p.t.length - 1]! === t0 ? t0 + 1 : p.t[p.t.length - 1]!;
  const x = (t: number) => L + ((t - t0) / (t1 - t0)) * (W - L - R);
  const y = (v: number) => T + (1 - (v - lo) / (hi - lo)) * (H - T - B);
  const yt = niceTicks(lo, hi);
  const xt = Array.from({ length: 5 }, (_, i) => t0 + ((t1 - t0) * i) / 4);
  const long = t1 - t0 > 2 * 86_400_000;
  const clip = (s: Span) => ({ a: x(Math.max(s.from, t0)), b: x(Math.min(s.to, t1)) });
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      role="img"
      aria-label={p.label}
      data-testid={p.testId}
      data-points={p.t.length}
      style={{ display: "block", maxHeight: 360 }}
    >
      <title>{p.label}</title>
      {(p.gaps ?? []).map((g, i) => {
        const { a, b } = clip(g);
        return (
          <rect
            key={`g${i}`}
            x={a}
            y={T}
            width={Math.max(1, b - a)}
            height={H - T - B}
            fill="#e9ecef"
            data-gap=""
          >
            <title>No readings (gap)</title>
          </rect>
        );
      })}
      {(p.excursions ?? []).map((e, i) => {
        const { a, b } = clip(e);
        return (
          <rect
            key={`e${i}`}
            x={a}
            y={T}
            width={Math.max(1, b - a)}
            height={H - T - B}
            fill="#ffe3e3"
          />
        );
      })}
      {yt.map((v) => (
        <g key={`y${v}`}>
          <line x1={L} x2={W - R} y1={y(v)} y2={y(v)} stroke="#dee2e6" strokeWidth={1} />
          <text x={L - 6} y={y(v) + 4} textAnchor="end" fontSize={12} fill="#495057">
            {v}
          </text>
        </g>
      ))}
      {xt.map((t, i) => (
        <text
          key={`x${i}`}
          x={x(t)}
          y={H - 12}
          textAnchor={i === 0 ? "start" : i === 4 ? "end" : "middle"}
          fontSize={12}
          fill="#495057"
        >
          {formatZoned(t, p.timeZone, long ? "full" : "datetime")}
        </text>
      ))}
      <text x={4} y={T + 10} fontSize={12} fill="#495057">
        {p.unit}
      </text>
      {limits.map((v, i) => (
        <line
          key={`l${i}`}
          x1={L}
          x2={W - R}
          y1={y(v)}
          y2={y(v)}
          stroke="#c92a2a"
          strokeWidth={1.5}
          strokeDasharray="6 4"
        />
      ))}
      <path d={chartPath(p.t, p.v, x, y)} fill="none" stroke="#1864ab" strokeWidth={1.5} />
    </svg>
  );
}

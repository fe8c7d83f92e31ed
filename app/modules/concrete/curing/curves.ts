/**
 * Strength–maturity relationships fitted to a mix's calibration breaks (ASTM C1074 and its
 * appendix X1). `x` is the maturity index the mix is calibrated in: Nurse–Saul maturity (°C·h) or
 * equivalent age (h); `s` is the measured strength in MPa.
 *
 * - logarithmic  S = a + b·ln x
 * - hyperbolic   S = Su·k·(x − x₀) / (1 + k·(x − x₀))      (0 for x ≤ x₀)
 * - exponential  S = Su·exp(−(τ / x)^β)
 */
export type CurveKind = "logarithmic" | "hyperbolic" | "exponential";
export const CURVE_KINDS: readonly CurveKind[] = ["logarithmic", "hyperbolic", "exponential"];

export type CalibrationPoint = { x: number; s: number };

export type Curve =
  | { kind: "logarithmic"; a: number; b: number }
  | { kind: "hyperbolic"; su: number; k: number; x0: number }
  | { kind: "exponential"; su: number; tau: number; beta: number };

export type CurveFit = {
  curve: Curve;
  /** Coefficient of determination, 1 − SSE/SST. */
  r2: number;
  /** Standard error of the estimate √(SSE/(n − p)) in MPa; null when n ≤ p (no degrees of freedom). */
  se: number | null;
  parameters: number;
};

/** Fitting needs at least this many calibration points (the rule; 2 fix any line). */
export const MIN_CALIBRATION_POINTS = 3;

export const CURVE_LABELS: Record<CurveKind, string> = {
  logarithmic: "Logarithmic (S = a + b·ln M)",
  hyperbolic: "Hyperbolic (ASTM C1074 X1)",
  exponential: "Exponential (ASTM C1074 X1)",
};

/** Strength in MPa at maturity index x (never below 0). */
export function curveStrength(curve: Curve, x: number): number {
  if (!(x > 0)) return 0;
  let s: number;
  switch (curve.kind) {
    case "logarithmic":
      s = curve.a + curve.b * Math.log(x);
      break;
    case "hyperbolic": {
      const d = x - curve.x0;
      s = d <= 0 ? 0 : (curve.su * curve.k * d) / (1 + curve.k * d);
      break;
    }
    case "exponential":
      s = curve.su * Math.exp(-Math.pow(curve.tau / x, curve.beta));
      break;
  }
  return s > 0 ? s : 0;
}

/** The maturity index at which the curve reaches `strength`; Infinity when it never does. */
export function maturityForStrength(curve: Curve, strength: number): number {
  if (!(strength > 0)) return 0;
  switch (curve.kind) {
    case "logarithmic":
      return curve.b > 0 ? Math.exp((strength - curve.a) / curve.b) : Infinity;
    case "hyperbolic":
      return strength < curve.su
        ? curve.x0 + strength / (curve.k * (curve.su - strength))
        : Infinity;
    case "exponential":
      return strength < curve.su
        ? curve.tau / Math.pow(-Math.log(strength / curve.su), 1 / curve.beta)
        : Infinity;
  }
}

/** A readable equation with the fitted constants, for the mix design page. */
export function describeCurve(curve: Curve, unit = "M"): string {
  const f = (n: number, d = 2) => n.toFixed(d);
  switch (curve.kind) {
    case "logarithmic":
      return `S = ${f(curve.a)} ${curve.b < 0 ? "−" : "+"} ${f(Math.abs(curve.b))}·ln ${unit}`;
    case "hyperbolic":
      return `S = ${f(curve.su)}·${f(curve.k, 5)}·(${unit} − ${f(curve.x0, 1)}) / (1 + ${f(curve.k, 5)}·(${unit} − ${f(curve.x0, 1)}))`;
    case "exponential":
      return `S = ${f(curve.su)}·exp(−(${f(curve.tau, 1)}/${unit})^${f(curve.beta, 3)})`;
  }
}

function usable(points: readonly CalibrationPoint[]): CalibrationPoint[] {
  return points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.s) && p.x > 0 && p.s > 0);
}

function goodness(curve: Curve, points: readonly CalibrationPoint[], parameters: number): CurveFit {
  const n = points.length;
  let mean = 0;
  for (const p of points) mean += p.s;
  mean /= n;
  let sse = 0;
  let sst = 0;
  for (const p of points) {
    const e = p.s - curveStrength(curve, p.x);
    sse += e * e;
    sst += (p.s - mean) ** 2;
  }
  const r2 = sst > 0 ? 1 - sse / sst : sse === 0 ? 1 : 0;
  const se = n > parameters ? Math.sqrt(sse / (n - parameters)) : null;
  return { curve, r2, se, parameters };
}

/** Ordinary least squares of y on x: { slope, intercept }, or null when x does not vary. */
function line(xs: readonly number[], ys: readonly number[]) {
  const n = xs.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
  }
  if (!(sxx > 0)) return null;
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

export function fitLogarithmic(points: readonly CalibrationPoint[]): CurveFit | null {
  const pts = usable(points);
  if (pts.length < 2) return null;
  const l = line(
    pts.map((p) => Math.log(p.x)),
    pts.map((p) => p.s),
  );
  if (!l) return null;
  return goodness({ kind: "logarithmic", a: l.intercept, b: l.slope }, pts, 2);
}

/** Solves the 3×3 system A·x = b by Gaussian elimination with partial pivoting. */
function solve3(a: number[][], b: number[]): number[] | null {
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < 3; c++) {
    let pivot = c;
    for (let r = c + 1; r < 3; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    if (Math.abs(m[pivot]![c]!) < 1e-300) return null;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    for (let r = 0; r < 3; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k < 4; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return [m[0]![3]! / m[0]![0]!, m[1]![3]! / m[1]![1]!, m[2]![3]! / m[2]![2]!];
}

/**
 * Levenberg–Marquardt on three unconstrained parameters (the models map them onto their
 * positive ranges), with a central-difference Jacobian: calibrations have a handful of points,
 * so plainness beats speed here.
 */
function levenberg(
  model: (u: readonly number[], x: number) => number,
  start: number[],
  pts: readonly CalibrationPoint[],
): { u: number[]; sse: number } {
  const sseOf = (u: readonly number[]) => {
    let s = 0;
    for (const p of pts) {
      const e = p.s - model(u, p.x);
      s += e * e;
    }
    return Number.isFinite(s) ? s : Infinity;
  };
  let u = start.slice();
  let sse = sseOf(u);
  let lambda = 1e-3;
  for (let iter = 0; iter < 300; iter++) {
    const jtj = [
      [0, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ];
    const jtr = [0, 0, 0];
    for (const p of pts) {
      const r = p.s - model(u, p.x);
      const g = [0, 0, 0];
      for (let j = 0; j < 3; j++) {
        const h = 1e-6 * Math.max(1, Math.abs(u[j]!));
        const up = u.slice();
        const dn = u.slice();
        up[j]! += h;
        dn[j]! -= h;
        g[j] = (model(up, p.x) - model(dn, p.x)) / (2 * h);
      }
      for (let i = 0; i < 3; i++) {
        jtr[i]! += g[i]! * r;
        for (let j = 0; j < 3; j++) jtj[i]![j]! += g[i]! * g[j]!;
      }
    }
    let improved = false;
    while (lambda < 1e12) {
      const damped = jtj.map((row, i) =>
        row.map((v, j) => (i === j ? v * (1 + lambda) + 1e-12 : v)),
      );
      const step = solve3(damped, jtr);
      if (!step) {
        lambda *= 10;
        continue;
      }
      const next = u.map((v, i) => v + step[i]!);
      const nextSse = sseOf(next);
      if (nextSse < sse) {
        const gain = sse - nextSse;
        u = next;
        sse = nextSse;
        lambda = Math.max(lambda / 10, 1e-12);
        improved = gain > 1e-12 * (1 + sse);
        break;
      }
      lambda *= 10;
    }
    if (!improved) break;
  }
  return { u, sse };
}

function bestStart(
  model: (u: readonly number[], x: number) => number,
  starts: number[][],
  pts: readonly CalibrationPoint[],
) {
  let best: { u: number[]; sse: number } | null = null;
  for (const s of starts) {
    if (!s.every(Number.isFinite)) continue;
    const r = levenberg(model, s, pts);
    if (Number.isFinite(r.sse) && (!best || r.sse < best.sse)) best = r;
  }
  return best;
}

// Parameters live as logarithms (su, k, τ, β > 0) and x₀ as a square (≥ 0).
const hyperbolic = (u: readonly number[], x: number) =>
  curveStrength(
    { kind: "hyperbolic", su: Math.exp(u[0]!), k: Math.exp(u[1]!), x0: u[2]! * u[2]! },
    x,
  );
const exponential = (u: readonly number[], x: number) =>
  curveStrength(
    { kind: "exponential", su: Math.exp(u[0]!), tau: Math.exp(u[1]!), beta: Math.exp(u[2]!) },
    x,
  );

export function fitHyperbolic(points: readonly CalibrationPoint[]): CurveFit | null {
  const pts = usable(points);
  if (pts.length < MIN_CALIBRATION_POINTS) return null;
  const maxS = Math.max(...pts.map((p) => p.s));
  const minX = Math.min(...pts.map((p) => p.x));
  // 1/S = 1/Su + 1/(Su·k)·(1/x): a straight line gives Su and k to start from.
  const l = line(
    pts.map((p) => 1 / p.x),
    pts.map((p) => 1 / p.s),
  );
  const starts: number[][] = [];
  const w0 = Math.sqrt(0.05 * minX);
  if (l && l.intercept > 0 && l.slope > 0) {
    const su = 1 / l.intercept;
    starts.push([Math.log(su), Math.log(l.intercept / l.slope), w0]);
  }
  for (const f of [1.1, 1.3, 1.7, 2.5]) {
    const su = f * maxS;
    const xm = pts.reduce((s, p) => s + p.x, 0) / pts.length;
    starts.push([Math.log(su), Math.log(1 / xm), w0]);
  }
  const best = bestStart(hyperbolic, starts, pts);
  if (!best) return null;
  const [a, b, c] = best.u as [number, number, number];
  return goodness({ kind: "hyperbolic", su: Math.exp(a), k: Math.exp(b), x0: c * c }, pts, 3);
}

export function fitExponential(points: readonly CalibrationPoint[]): CurveFit | null {
  const pts = usable(points);
  if (pts.length < MIN_CALIBRATION_POINTS) return null;
  const maxS = Math.max(...pts.map((p) => p.s));
  const starts: number[][] = [];
  for (const f of [1.1, 1.3, 1.7, 2.5]) {
    const su = f * maxS;
    // ln(−ln(S/Su)) = β·ln τ − β·ln x: a straight line gives τ and β.
    const l = line(
      pts.map((p) => Math.log(p.x)),
      pts.map((p) => Math.log(-Math.log(p.s / su))),
    );
    if (l && l.slope < 0) {
      const beta = -l.slope;
      starts.push([Math.log(su), l.intercept / beta, Math.log(beta)]);
    }
    const xm = pts.reduce((s, p) => s + p.x, 0) / pts.length;
    starts.push([Math.log(su), Math.log(xm / 3), Math.log(0.7)]);
  }
  const best = bestStart(exponential, starts, pts);
  if (!best) return null;
  const [a, b, c] = best.u as [number, number, number];
  return goodness(
    { kind: "exponential", su: Math.exp(a), tau: Math.exp(b), beta: Math.exp(c) },
    pts,
    3,
  );
}

export type CurveFits = {
  fits: Partial<Record<CurveKind, CurveFit>>;
  /** The kind with the smallest standard error (ties: higher R²); null with too few points. */
  best: CurveKind | null;
};

/**
 * All three fits and the best. "Best" is the smallest standard error, which charges the
 * three-parameter curves for their extra freedom; a fit with no degrees of freedom left (three
 * points, three parameters) passes through every point and says nothing about its error, so it
 * cannot be best.
 */
export function fitCurves(points: readonly CalibrationPoint[]): CurveFits {
  if (usable(points).length < MIN_CALIBRATION_POINTS) return { fits: {}, best: null };
  const fits: Partial<Record<CurveKind, CurveFit>> = {};
  const log = fitLogarithmic(points);
  const hyp = fitHyperbolic(points);
  const exp = fitExponential(points);
  if (log) fits.logarithmic = log;
  if (hyp) fits.hyperbolic = hyp;
  if (exp) fits.exponential = exp;
  let best: CurveKind | null = null;
  for (const kind of CURVE_KINDS) {
    const f = fits[kind];
    if (!f || f.se === null || !Number.isFinite(f.se)) continue;
    const b = best ? fits[best]! : null;
    if (!b || f.se < b.se! - 1e-9 || (Math.abs(f.se - b.se!) <= 1e-9 && f.r2 > b.r2)) best = kind;
  }
  return { fits, best };
}

/** The curve to use: the engineer's pick when it fitted, else the best. */
export function chooseCurve(fits: CurveFits, pick?: CurveKind | null): CurveFit | null {
  if (pick && fits.fits[pick]) return fits.fits[pick]!;
  return fits.best ? fits.fits[fits.best]! : null;
}

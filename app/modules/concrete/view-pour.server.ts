/**
 * The live pour page (concrete/view-pour/{id}): each sensor's temperature, the core–surface
 * difference, maturity and in-place strength over time (the mix's curve), the forecast time to
 * each target, breaches of the pour's limit sets, and the evaporation risk while it was placed.
 * Readings are fetched per linked sensor over its monitoring window and never stored.
 */
import type { ModuleContext } from "~/services/guard.server";
import { companyTimeZone } from "~/services/company-time-zone.server";
import {
  DEFAULT_DATUM_C,
  DEFAULT_Q_K,
  curveStrength,
  evaporationRisk,
  forecastTime,
  maturitySeries,
  unoEvaporationRate,
} from "./curing";
import { evaporationLimitFor, mixOf, strengthModel } from "./pour-mix.server";
import {
  differenceSeries,
  findBreaches,
  thin,
  type Breach,
  type SensorSeries,
} from "./pour-analysis";
import { pourOf, up, type Caller } from "./pours.server";
import {
  getReadings,
  getWeather,
  listLimits,
  listLinks,
  listNotices,
  listSensors,
  type Pour,
  type PourLink,
} from "./pours-upstream.server";

const HOUR = 3_600_000;

/** The window a link's readings cover: its monitoring window, cut at the pour's end and now. */
function windowOf(link: PourLink, pour: Pour, now: number) {
  const from = Math.max(Date.parse(link.from), Date.parse(pour.placed_at));
  const ends = [
    now,
    link.to ? Date.parse(link.to) : Infinity,
    pour.ended_at ? Date.parse(pour.ended_at) : Infinity,
  ];
  return { from, to: Math.min(...ends) };
}

/** Everything the pour's analysis needs, fetched in parallel. */
export async function pourInputs(ctx: Caller, id: number, now = Date.now()) {
  const pour = await pourOf(ctx, id);
  const api = up(ctx);
  const [links, sensors, limits, mix] = await Promise.all([
    listLinks(api, id),
    listSensors(api),
    listLimits(api),
    mixOf(ctx, pour.mix_design_id),
  ]);
  const series: SensorSeries[] = await Promise.all(
    links.map(async (l) => {
      const w = windowOf(l, pour, now);
      const readings =
        w.to > w.from
          ? (await getReadings(api, l.imei, new Date(w.from), new Date(w.to))).readings
          : [];
      return {
        imei: l.imei,
        nickname: sensors.find((s) => s.imei === l.imei)?.nickname ?? l.imei,
        position: l.position,
        depth_mm: l.depth_mm,
        readings,
      };
    }),
  );
  return {
    pour,
    links,
    series,
    limits: limits.filter((l) => pour.limit_set_ids.includes(l.id)),
    mix,
  };
}

export type PourInputs = Awaited<ReturnType<typeof pourInputs>>;

/** Breaches of a pour (for the page and the background check). */
export const breachesOf = (i: PourInputs): Breach[] => findBreaches(i.pour.id, i.limits, i.series);

export async function viewPourPage(ctx: ModuleContext, id: number, now = Date.now()) {
  const inputs = await pourInputs(ctx, id, now);
  const { pour, series, limits, mix } = inputs;
  const api = up(ctx);
  const placed = Date.parse(pour.placed_at);
  const [timeZone, notices, weather, evapLimit] = await Promise.all([
    companyTimeZone(ctx.auth),
    listNotices(api, id),
    pour.jobsite_id === null || placed > now
      ? null
      : getWeather(
          api,
          pour.jobsite_id,
          new Date(placed - HOUR),
          new Date(Math.min(now, placed + 8 * HOUR)),
        ),
    evaporationLimitFor(ctx, mix),
  ]);
  const model = mix ? strengthModel(mix) : null;
  const opts = model?.model ?? { datum: DEFAULT_DATUM_C, q: DEFAULT_Q_K };
  // At most about 240 points a chart: the page stays light however long the pour has run.
  const span = Math.max(0, Math.min(now, pour.ended_at ? Date.parse(pour.ended_at) : now) - placed);
  const chartStep = Math.max(1, Math.ceil(span / 240 / (15 * 60_000))) * 15 * 60_000;

  const inConcrete = series.filter((s) => s.position !== "ambient");
  const perSensor = series.map((s) => {
    const last = s.readings[s.readings.length - 1] ?? null;
    if (s.position === "ambient" || !s.readings.length)
      return { s, last, maturity: null, equivalentAge: null, strength: null, curve: null };
    const m = maturitySeries(s.readings, opts);
    const idx = s.readings.length - 1;
    const x = (i: number) =>
      model?.model.basis === "equivalent_age" ? m.equivalentAge[i]! : m.maturity[i]!;
    return {
      s,
      last,
      maturity: m.maturity[idx]!,
      equivalentAge: m.equivalentAge[idx]!,
      strength: model ? curveStrength(model.model.curve, x(idx)) : null,
      curve: s.readings.map((r, i) => ({
        t: r.t,
        m: m.maturity[i]!,
        s: model ? curveStrength(model.model.curve, x(i)) : null,
      })),
    };
  });

  // The weakest sensor in the concrete governs stripping and loading.
  const governing = perSensor
    .filter((p) => p.strength !== null)
    .sort((a, b) => a.strength! - b.strength!)[0];
  const targets = pour.targets.map((t) => {
    const mpa = model ? (model.designStrength * t.percent) / 100 : null;
    if (!model || !governing || mpa === null)
      return { ...t, mpa, status: "unknown" as const, at: null as number | null };
    const f = forecastTime(governing.s.readings, model.model, mpa);
    return {
      ...t,
      mpa,
      status: f.status,
      at: f.status === "unreachable" ? null : f.at,
    };
  });

  const tempRows = new Map<number, Record<string, number>>();
  for (const s of series)
    for (const r of thin(s.readings, chartStep)) {
      const key = Math.floor(r.t / chartStep) * chartStep;
      const row = tempRows.get(key) ?? { t: key };
      row[s.imei] = r.c;
      tempRows.set(key, row);
    }
  const strengthRows = new Map<number, Record<string, number>>();
  for (const p of perSensor)
    for (const r of thin(p.curve ?? [], chartStep)) {
      const key = Math.floor(r.t / chartStep) * chartStep;
      const row = strengthRows.get(key) ?? { t: key };
      row[`${p.s.imei}:m`] = Math.round(r.m);
      if (r.s !== null) row[p.s.imei] = Math.round(r.s * 10) / 10;
      strengthRows.set(key, row);
    }
  const diff = differenceSeries(series);
  const breaches = findBreaches(pour.id, limits, series).map((b) => ({
    ...b,
    sensor: series.find((s) => s.imei === b.imei)?.nickname ?? b.imei,
    notified: notices.find((n) => n.breach_id === b.id)?.sent_at ?? null,
  }));

  // Concrete temperature while placing: the mean of the sensors in it, else the air + 5 °C.
  const evaporation = (weather?.readings ?? []).map((w) => {
    const t = Date.parse(w.time);
    const near = inConcrete
      .map((s) => s.readings.find((r) => Math.abs(r.t - t) < 8 * 60_000)?.c)
      .filter((c): c is number => c !== undefined);
    const concrete = near.length ? near.reduce((a, b) => a + b, 0) / near.length : w.air_temp_c + 5;
    const rate = Math.max(
      0,
      unoEvaporationRate({
        airC: w.air_temp_c,
        concreteC: concrete,
        humidityPct: w.humidity_pct,
        windKmh: w.wind_kmh,
      }),
    );
    return {
      t,
      air: w.air_temp_c,
      concrete: Math.round(concrete * 10) / 10,
      humidity: w.humidity_pct,
      wind: w.wind_kmh,
      rate: Math.round(rate * 1000) / 1000,
      risk: evaporationRisk(rate, evapLimit.threshold),
    };
  });

  return {
    pour,
    timeZone,
    mix: mix ? { id: mix.id, name: mix.name, design_strength_mpa: mix.design_strength_mpa } : null,
    curve: model ? { kind: model.kind, basis: model.model.basis } : null,
    datum: opts.datum ?? DEFAULT_DATUM_C,
    q: opts.q ?? DEFAULT_Q_K,
    limits,
    sensors: perSensor.map((p) => ({
      imei: p.s.imei,
      nickname: p.s.nickname,
      position: p.s.position,
      depth_mm: p.s.depth_mm,
      last: p.last,
      maturity: p.maturity,
      equivalentAge: p.equivalentAge,
      strength: p.strength,
    })),
    strength: governing?.strength ?? null,
    temperatures: [...tempRows.values()].sort((a, b) => a.t! - b.t!),
    strengths: [...strengthRows.values()].sort((a, b) => a.t! - b.t!),
    difference: thin(diff, chartStep),
    maxDifference: diff.reduce((m, d) => Math.max(m, d.diff), -Infinity),
    currentDifference: diff[diff.length - 1]?.diff ?? null,
    targets,
    breaches,
    evaporation,
    evaporationLimit: evapLimit,
  };
}

export type ViewPourData = Awaited<ReturnType<typeof viewPourPage>>;

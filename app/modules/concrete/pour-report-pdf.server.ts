/**
 * The pour report (PDF): the pour, its sensors with maturity and in-place strength, the targets,
 * the breaches and the evaporation while placing, and the sign-off (or a line to sign on).
 */
import { formatZoned } from "~/lib/zoned-time";
import { PdfTable } from "~/services/pdf-table.server";
import type { ViewPourData } from "./view-pour.server";
import { formatCelsius, MATURITY_UNIT, type Measurement } from "~/lib/units";
import { BREACH_LABELS, breachFigure } from "./pour-analysis";

const mpa = (v: number | null) => (v === null ? "—" : `${v.toFixed(1)} MPa`);

/** Temperatures in the reader's unit (`measurement`); maturity stays °C·h, its calibration's. */
export function pourReportPdf(d: ViewPourData, measurement: Measurement): Promise<Buffer> {
  const tz = d.timeZone;
  const when = (t: number | string | null) => (t === null ? "—" : formatZoned(t, tz, "full"));
  const table = new PdfTable({
    title: `Pour report: ${d.pour.element}`,
    subtitle: `Placed ${when(d.pour.placed_at)} (${tz}) · generated ${when(Date.now())}`,
    summary: [
      {
        label: "Mix design",
        value: d.mix ? `${d.mix.name} (${d.mix.design_strength_mpa} MPa)` : "—",
      },
      { label: "Volume", value: `${d.pour.volume_m3} m³` },
      { label: "Thickness", value: `${d.pour.thickness_m} m` },
      { label: "In-place strength", value: mpa(d.strength) },
      {
        label: "Maturity method",
        value: `Nurse–Saul, datum ${formatCelsius(d.datum, measurement)}; equivalent age Q ${d.q} K${d.curve ? `; ${d.curve.kind} curve` : ""}`,
      },
    ],
    columns: [
      { title: "Item", width: 150 },
      { title: "Detail", width: 250 },
      { title: "Value", width: 140, align: "right" },
    ],
    layout: "portrait",
    fontSize: 9,
  });
  const done = table.buffer();
  for (const s of d.sensors)
    table.row([
      `Sensor ${s.nickname}`,
      `${s.position}${s.position === "ambient" ? "" : `, ${s.depth_mm} mm`}; last ${s.last ? `${formatCelsius(s.last.c, measurement)} at ${when(s.last.t)}` : "no reading"}`,
      s.maturity === null ? "—" : `${Math.round(s.maturity)} ${MATURITY_UNIT}; ${mpa(s.strength)}`,
    ]);
  for (const t of d.targets)
    table.row([
      `Target: ${t.name}`,
      `${t.percent} % of design${t.mpa === null ? "" : ` = ${t.mpa.toFixed(1)} MPa`}`,
      t.status === "reached"
        ? `reached ${when(t.at)}`
        : t.status === "forecast"
          ? `forecast ${when(t.at)}`
          : "not forecast",
    ]);
  for (const b of d.breaches)
    table.row([
      `Breach: ${b.limitName}`,
      `${BREACH_LABELS[b.kind]} at ${b.sensor}, ${when(b.start)} to ${b.end === null ? "now" : when(b.end)}`,
      `${breachFigure(b.kind, b.peak, measurement, "")} (limit ${breachFigure(b.kind, b.threshold, measurement, "")})`,
    ]);
  if (!d.breaches.length) table.row(["Breaches", "None of the pour's limit sets was breached", ""]);
  const worst = d.evaporation.reduce((m, e) => Math.max(m, e.rate), 0);
  table.row([
    "Evaporation while placing",
    `Uno (ACI 305R); limit ${d.evaporationLimit.threshold} kg/m²/h (${d.evaporationLimit.name})`,
    d.evaporation.length ? `max ${worst.toFixed(2)} kg/m²/h` : "no weather data",
  ]);
  if (d.pour.notes) table.note(`Notes: ${d.pour.notes}`, 14);
  const s = d.pour.signed_off;
  table.note(
    s
      ? `Signed off by ${s.name} on ${when(s.at)}.${s.note ? ` ${s.note}` : ""}`
      : "Signed off by: ______________________________    Date: ______________",
    24,
  );
  table.end();
  return done;
}

/** The logbook report: business and private trips with odometer readings. */
import { businessPercent, entryFromTrip } from "~/modules/trips";
import { localDay } from "./format";
import { nicknames } from "./trip-reports";
import { baseParams, round, type ReportDefinition } from "./types";

export const logbookReport: ReportDefinition = {
  kind: "logbook",
  perTrip: true,
  title: "Logbook",
  description:
    "The logbook of business and private trips with odometer readings and business versus total distance.",
  area: "reports",
  feature: "logbook",
  needs: { trips: true, logbook: true },
  params: baseParams,
  ranged: true,
  columns: [
    { key: "vehicle", label: "Vehicle", type: "text", width: 90 },
    { key: "start", label: "Start", type: "datetime", width: 80 },
    { key: "stop", label: "Stop", type: "datetime", width: 80 },
    { key: "purpose", label: "Purpose", type: "text", width: 55 },
    { key: "description", label: "Description", type: "text", width: 120 },
    { key: "startOdo", label: "Start odometer", type: "km", total: "min", width: 65 },
    { key: "endOdo", label: "End odometer", type: "km", total: "max", width: 65 },
    { key: "distance", label: "Distance", type: "km", total: "sum", width: 55 },
    { key: "business", label: "Business", type: "km", total: "sum", width: 55 },
  ],
  build(input) {
    const names = nicknames(input);
    return input.trips.map((t) => {
      const e = entryFromTrip(t);
      return [
        names.get(e.imei) ?? e.imei,
        e.startMs,
        e.stopMs,
        e.purpose === "business" ? "Business" : "Private",
        e.description,
        e.startOdometer,
        e.endOdometer,
        round(e.km, 2),
        e.purpose === "business" ? round(e.km, 2) : 0,
      ];
    });
  },
  chart: {
    type: "bar",
    title: "Business and private distance per day",
    x: "day",
    series: [
      { key: "business", label: "Business", type: "km" },
      { key: "private", label: "Private", type: "km" },
    ],
    data: (rows, input) => {
      const out = new Map<string, { business: number; private: number }>();
      for (const r of rows) {
        const k = localDay(Number(r[1]), input.timeZone);
        const a = out.get(k) ?? { business: 0, private: 0 };
        if (r[3] === "Business") a.business += Number(r[7]);
        else a.private += Number(r[7]);
        out.set(k, a);
      }
      return [...out]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([day, a]) => ({ day, business: round(a.business, 1), private: round(a.private, 1) }));
    },
  },
  headline: (_rows, totals) => [
    { label: "Business distance", value: Number(totals[8] ?? 0), type: "km" },
    { label: "Total distance", value: Number(totals[7] ?? 0), type: "km" },
    {
      label: "Business percent",
      value: `${businessPercent(Number(totals[8] ?? 0), Number(totals[7] ?? 0)).toFixed(1)} %`,
    },
  ],
};

/** The trips list as a CSV file: every trip of the chosen vehicles and days, in the user's units. */
import {
  distanceLabel,
  speedLabel,
  toDistanceUnit,
  toSpeedUnit,
  type Measurement,
} from "~/lib/units";
import { formatZoned } from "~/lib/zoned-time";
import { csvDownload, csvFileName, type CsvColumn } from "~/services/table-csv.server";
import type { TripRecord } from "./trip-record";

export function tripsCsv(
  trips: readonly TripRecord[],
  {
    names,
    measurement,
    timeZone,
  }: { names: Record<string, string>; measurement: Measurement; timeZone: string },
  now = new Date(),
): Response {
  const round1 = (n: number) => Math.round(n * 10) / 10;
  const speed = (v: number | null) => (v === null ? "" : Math.round(toSpeedUnit(v, measurement)));
  const columns: CsvColumn<TripRecord>[] = [
    { header: "Vehicle", value: (t) => names[t.imei] ?? t.imei },
    { header: `Start (${timeZone})`, value: (t) => formatZoned(t.start.time, timeZone, "full") },
    { header: `End (${timeZone})`, value: (t) => formatZoned(t.end.time, timeZone, "full") },
    { header: "From", value: (t) => t.start.address ?? "" },
    { header: "To", value: (t) => t.end.address ?? "" },
    { header: "Duration (min)", value: (t) => Math.round(t.duration_s / 60) },
    {
      header: `Distance (${distanceLabel(measurement)})`,
      value: (t) => round1(toDistanceUnit(t.distance_km, measurement)),
    },
    { header: `Max speed (${speedLabel(measurement)})`, value: (t) => speed(t.max_speed) },
    { header: `Avg speed (${speedLabel(measurement)})`, value: (t) => speed(t.avg_speed) },
    { header: "Driver", value: (t) => t.driver ?? "" },
    { header: "Purpose", value: (t) => t.purpose },
  ];
  return csvDownload(csvFileName("trips", now, timeZone), columns, trips);
}

/** A file people forward must not carry half a period: the answer while trips are still missing. */
export function incompleteExport(): Response {
  return new Response(
    "The GPS service has not sent every trip of this period yet, so the export would be incomplete. Try again in a minute.",
    { status: 503, headers: { "content-type": "text/plain; charset=utf-8", "retry-after": "60" } },
  );
}

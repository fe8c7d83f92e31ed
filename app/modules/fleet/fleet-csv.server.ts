/** The fleet table as a CSV file: the same filters and order as the page, every row, in the user's units. */
import {
  FEET_PER_METRE,
  speedLabel,
  temperatureLabel,
  toSpeedUnit,
  toTemperatureUnit,
} from "~/lib/units";
import { formatZoned } from "~/lib/zoned-time";
import { csvDownload, csvFileName, type CsvColumn } from "~/services/table-csv.server";
import { STATUS_LABELS } from "./device-status";
import type { fleetTable, geofenceList, inputsTable, offlineDevices } from "./fleet-pages.server";

type FleetTable = Awaited<ReturnType<typeof fleetTable>>;
type Row = FleetTable["rows"][number];

export function fleetCsv(data: FleetTable, now = new Date()): Response {
  const unit = speedLabel(data.measurement);
  const columns: CsvColumn<Row>[] = [
    { header: "Vehicle", value: (r) => r.nickname },
    { header: "IMEI", value: (r) => r.imei },
    { header: "Status", value: (r) => STATUS_LABELS[r.status] },
    {
      header: `Speed (${unit})`,
      value: (r) => (r.speed === null ? "" : Math.round(toSpeedUnit(r.speed, data.measurement))),
    },
    { header: "Ignition", value: (r) => (r.ignition === null ? "" : r.ignition ? "On" : "Off") },
    { header: "Driver", value: (r) => r.permdriver ?? "" },
    { header: "Groups", value: (r) => r.groups.join("; ") },
    { header: "Address", value: (r) => r.address ?? "" },
    {
      header: `Last contact (${data.timeZone})`,
      value: (r) => (r.lastContactAt ? formatZoned(r.lastContactAt, data.timeZone, "full") : ""),
    },
  ];
  return csvDownload(csvFileName("fleet", now, data.timeZone), columns, data.rows);
}

type Offline = Awaited<ReturnType<typeof offlineDevices>>;

export function offlineCsv(data: Offline, now = new Date()): Response {
  const columns: CsvColumn<Offline["rows"][number]>[] = [
    { header: "Device", value: (r) => r.nickname },
    { header: "IMEI", value: (r) => r.imei },
    {
      header: "Silent for (hours)",
      value: (r) => (r.silentMs === null ? "" : Math.floor(r.silentMs / 3_600_000)),
    },
    {
      header: `Last contact (${data.timeZone})`,
      value: (r) => (r.lastContactAt ? formatZoned(r.lastContactAt, data.timeZone, "full") : ""),
    },
    { header: "Battery (%)", value: (r) => (r.battery === null ? "" : Math.round(r.battery)) },
    { header: "Last address", value: (r) => r.address ?? "" },
  ];
  return csvDownload(csvFileName("devices-offline", now, data.timeZone), columns, data.rows);
}

type Inputs = Awaited<ReturnType<typeof inputsTable>>;

export function inputsCsv(data: Inputs, now = new Date()): Response {
  const columns: CsvColumn<Inputs["rows"][number]>[] = [
    { header: "Device", value: (r) => r.nickname },
    { header: "IMEI", value: (r) => r.imei },
    { header: "Ignition", value: (r) => (r.ignition === null ? "" : r.ignition ? "On" : "Off") },
    { header: "Battery (%)", value: (r) => (r.battery === null ? "" : Math.round(r.battery)) },
    {
      header: `Temperature (${temperatureLabel(data.measurement)})`,
      value: (r) =>
        r.temperature === null
          ? ""
          : Math.round(toTemperatureUnit(r.temperature, data.measurement) * 10) / 10,
    },
    {
      header: `Last contact (${data.timeZone})`,
      value: (r) => (r.lastContactAt ? formatZoned(r.lastContactAt, data.timeZone, "full") : ""),
    },
  ];
  return csvDownload(csvFileName("inputs", now, data.timeZone), columns, data.rows);
}

type Fences = Awaited<ReturnType<typeof geofenceList>>;

export function geofencesCsv(data: Fences, now = new Date()): Response {
  const imperial = data.measurement === "imperial";
  const columns: CsvColumn<Fences["rows"][number]>[] = [
    { header: "Device", value: (r) => r.nickname },
    { header: "IMEI", value: (r) => r.imei },
    { header: "Centre address", value: (r) => r.address ?? "" },
    { header: "Centre latitude", value: (r) => r.lat },
    { header: "Centre longitude", value: (r) => r.lng },
    {
      header: imperial ? "Radius (ft)" : "Radius (m)",
      value: (r) => Math.round(imperial ? r.meters * FEET_PER_METRE : r.meters),
    },
    {
      header: "Device now",
      value: (r) => (r.inside === null ? "Unknown" : r.inside ? "Inside" : "Outside"),
    },
  ];
  return csvDownload(csvFileName("geofences", now, data.timeZone), columns, data.rows);
}

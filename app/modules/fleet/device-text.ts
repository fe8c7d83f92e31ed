/**
 * How a device's details read, the same in the list rows and the map popup (issue 17). Pure: the
 * popup's markup is built with app/lib/map-text.ts, every value escaped.
 */
import { mapHtml, type MapHtml } from "~/lib/map-text";
import { formatSpeed, type Measurement } from "~/lib/units";
import { STATUS_LABELS, type DeviceStatus } from "./device-status";
import type { DeviceDetails } from "./fleet-view-data";

export const NO_VALUE = "—";

/** Offline or unknown: "—", never "0 km/h". */
export function speedText(
  speed: number | null | undefined,
  status: DeviceStatus,
  measurement: Measurement,
): string {
  if (status === "offline" || speed === null || speed === undefined || !Number.isFinite(speed))
    return NO_VALUE;
  return formatSpeed(speed, measurement);
}

export function ignitionText(ignition: boolean | null | undefined, status: DeviceStatus): string {
  if (status === "offline" || ignition === null || ignition === undefined) return NO_VALUE;
  return ignition ? "On" : "Off";
}

/** "just now", "3 min ago", "2 h ago", "4 d ago"; "—" when never seen. */
export function lastSeenText(iso: string | null | undefined, now: number): string {
  const t = iso ? Date.parse(iso) : NaN;
  if (!Number.isFinite(t)) return NO_VALUE;
  const s = Math.max(0, Math.round((now - t) / 1000));
  if (s < 60) return "just now";
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.floor(h / 24)} d ago`;
}

/** The address, or the position while no address is known (never coordinates when one is). */
export function placeText(
  address: string | null | undefined,
  lat: number | null | undefined,
  lng: number | null | undefined,
): string {
  if (address) return address;
  if (lat === null || lat === undefined || lng === null || lng === undefined)
    return "No position yet";
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

export type DescribeInput = {
  imei: string;
  nickname: string;
  status: DeviceStatus;
  outdated: boolean;
  lat: number | null;
  lng: number | null;
};

/** The fields of a row or popup, in order, as [label, text]. */
export function detailFields(
  d: DescribeInput,
  details: DeviceDetails | undefined,
  measurement: Measurement,
  now: number,
): [string, string][] {
  return [
    ["Speed", speedText(details?.speed, d.status, measurement)],
    ["Ignition", ignitionText(details?.ignition, d.status)],
    ["Driver", details?.driver || NO_VALUE],
    ["Last seen", lastSeenText(details?.lastContactAt, now)],
  ];
}

/** The marker popup: name, status, speed, ignition, driver, last seen, address, a link. */
export function popupHtml(
  d: DescribeInput,
  details: DeviceDetails | undefined,
  measurement: Measurement,
  now: number,
): MapHtml {
  const rows = detailFields(d, details, measurement, now).map(
    ([label, text]) => mapHtml`<div><span class="ts-popup-label">${label}:</span> ${text}</div>`,
  );
  const status = `${STATUS_LABELS[d.status]}${d.outdated ? " (outdated)" : ""}`;
  const place = details ? placeText(details.address, d.lat, d.lng) : "Looking up the address…";
  return mapHtml`<div data-testid="device-popup"><strong>${d.nickname}</strong><div>${status}</div>${rows}<div data-testid="popup-address">${place}</div><a href="/dashboard/vehicle-dashboard/${encodeURIComponent(d.imei)}">Open dashboard</a></div>`;
}

/** Text the drivers screens and map share (pure). */
import { formatZoned } from "~/lib/zoned-time";

/**
 * An upstream time (ISO, UTC) as the company reads it: "2 Mar, 17:05" in its zone (the UTC slice
 * this replaced showed 07:05 to a Brisbane company).
 */
export const shortTime = (iso: string, timeZone: string) => formatZoned(iso, timeZone, "datetime");

/** Latitude and longitude to four decimals (about 10 m). */
export const latLng = (p: { lat: number; lng: number }) =>
  `${p.lat.toFixed(4)}, ${p.lng.toFixed(4)}`;

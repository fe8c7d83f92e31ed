/** Text the drivers screens and map share (pure). */

/** "2026-03-02 07:05" of an ISO time (UTC, as the upstream gives it). */
export const shortTime = (iso: string) => iso.slice(0, 16).replace("T", " ");

/** Latitude and longitude to four decimals (about 10 m). */
export const latLng = (p: { lat: number; lng: number }) =>
  `${p.lat.toFixed(4)}, ${p.lng.toFixed(4)}`;

/** Trip and logbook calls: log entries, trips, replay track points. */
import type { Upstream } from "./client.server";
import * as s from "./schemas";

// ------------------------------------------------------------------ trips and logbook

type Range = { from?: string; to?: string };

export async function logEntries(
  up: Upstream,
  imei: string,
  range: Range = {},
): Promise<s.LogEntry[]> {
  return (
    await up.request({
      method: "GET",
      path: "/logbook/logentries",
      query: { imei, ...range },
      schema: s.logEntriesSchema,
      idempotent: true,
    })
  ).data;
}

export async function deleteTrip(up: Upstream, entry: s.LogEntry) {
  return (
    await up.request({
      method: "POST",
      path: "/user/deleteTripv2",
      body: entry,
      schema: s.deleteTripResultSchema,
    })
  ).data;
}

/** Sends the entry with its purpose (and description, the purpose text) changed. */
export async function changePurpose(
  up: Upstream,
  entry: s.LogEntry,
  purpose: s.Purpose,
  description?: string,
): Promise<s.LogEntry> {
  const [a, b, meta] = entry;
  const body = [a, b, { ...meta, purpose, ...(description !== undefined ? { description } : {}) }];
  return (
    await up.request({
      method: "POST",
      path: "/logbook/changePurpose",
      body,
      schema: s.changePurposeResultSchema,
    })
  ).data.entry;
}

/** A trip with the same logstart and logstop as an existing one is ignored: `duplicate: true`. */
export async function saveTrip(up: Upstream, trip: s.NewTrip): Promise<s.SaveTripResult> {
  return (
    await up.request({
      method: "POST",
      path: "/user/tripsv2",
      body: trip,
      schema: s.saveTripResultSchema,
    })
  ).data;
}

export async function trips(
  up: Upstream,
  imei: string,
  range: Range & { points?: boolean } = {},
): Promise<s.Trip[]> {
  const query = { imei, from: range.from, to: range.to, points: range.points === false ? 0 : 1 };
  return (
    await up.request({
      method: "GET",
      path: "/user/trips",
      query,
      schema: s.tripsResponseSchema,
      idempotent: true,
    })
  ).data.trips;
}

export async function trackpoints(
  up: Upstream,
  imei: string,
  range: Range & { intervalS?: number } = {},
) {
  const query = { imei, from: range.from, to: range.to, interval: range.intervalS };
  return (
    await up.request({
      method: "GET",
      path: "/user/trackpoints",
      query,
      schema: s.trackpointsResponseSchema,
      idempotent: true,
    })
  ).data;
}

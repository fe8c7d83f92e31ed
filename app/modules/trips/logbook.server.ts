/**
 * The logbook of one vehicle (SPEC §3, §4, §7): entries from GET /logbook/logentries through the
 * trip cache, purpose changes, deletes and manual trips. Writes go to the upstream first, then
 * to the cache, so the change shows at once and after a reload.
 */
import {
  filterEntries,
  summarize,
  type LogbookEntry,
  type LogbookFilter,
  type LogbookSummary,
  type Purpose,
} from "./logbook-summary";
import { isDuplicateTrip, toLogEntry } from "./logbook-entries";
import { entryFromTrip, tripFromLogEntry } from "./trip-record";
import { upstream } from "~/services/api.server";
import { getTrips } from "./trips.server";
import { type Auth } from "~/services/company-context.server";
import { cacheAdd, cacheDelete, cachePurpose, requireTrip } from "./trip-cache.server";
import * as up from "~/services/upstream/index.server";

export type Logbook = {
  entries: LogbookEntry[];
  summary: LogbookSummary;
  drivers: string[];
  stale: boolean;
  /** Only part of the period's trips are in (see TripsResult): the summary is not to be shown. */
  partial: boolean;
};

/**
 * Entries of [from, to) for one vehicle (already checked to be the company's), filtered; summary
 * of what is shown. The page passes `waitMs` (see getTrips); exports and the duplicate check wait.
 */
export async function loadLogbook(
  auth: Auth,
  imei: string,
  filter: Required<Pick<LogbookFilter, "from" | "to">> & LogbookFilter,
  options: { waitMs?: number } = {},
): Promise<Logbook> {
  const { trips, stale, partial } = await getTrips(
    auth,
    [imei],
    filter.from,
    filter.to,
    "logbook",
    Date.now(),
    options,
  );
  const all = trips.map(entryFromTrip);
  const drivers = [...new Set(all.map((e) => e.driver).filter((d): d is string => !!d))].sort(
    (a, b) => a.localeCompare(b),
  );
  const entries = filterEntries(all, filter);
  return { entries, summary: summarize(entries), drivers, stale, partial };
}

/** SPEC §7 changePurpose: business or private plus a free-text description. */
export async function changeTripPurpose(
  auth: Auth,
  id: string,
  purpose: Purpose,
  description: string,
): Promise<LogbookEntry> {
  const trip = await requireTrip(auth, id);
  const entry = await up.changePurpose(
    upstream(auth.token),
    toLogEntry(entryFromTrip(trip)),
    purpose,
    description,
  );
  const saved = tripFromLogEntry(entry);
  await cachePurpose(auth, id, saved.purpose, saved.description);
  return entryFromTrip({ ...trip, purpose: saved.purpose, description: saved.description });
}

/** SPEC §7 deleteTripv2. A trip the upstream no longer has is gone either way. */
export async function deleteLogbookTrip(auth: Auth, id: string): Promise<void> {
  const trip = await requireTrip(auth, id);
  try {
    await up.deleteTrip(upstream(auth.token), toLogEntry(entryFromTrip(trip)));
  } catch (e) {
    if (!(up.isUpstreamError(e) && e.status === 404)) throw e;
  }
  await cacheDelete(auth, id);
}

export type NewTripInput = {
  imei: string;
  logstart: string;
  logstop: string;
  purpose: Purpose;
  description: string;
  driver?: string | null;
  start_odometer?: number;
  end_odometer?: number;
};

export type AddTripResult =
  { saved: true; entry: LogbookEntry } | { saved: false; duplicate: true; message: string };

export const DUPLICATE_TRIP_MESSAGE =
  "A trip with the same start and end time already exists, so this one was not saved.";

/**
 * SPEC §4: a trip with the same logstart and logstop as an existing one is ignored. Checked
 * against the cached logbook first (no call for an obvious repeat), then by the upstream.
 */
export async function addLogbookTrip(
  auth: Auth,
  input: NewTripInput,
  existing: LogbookEntry[],
): Promise<AddTripResult> {
  if (isDuplicateTrip(existing, input.imei, input.logstart, input.logstop))
    return { saved: false, duplicate: true, message: DUPLICATE_TRIP_MESSAGE };
  const result = await up.saveTrip(upstream(auth.token), input);
  if (result.duplicate || !result.saved || !result.entry)
    return { saved: false, duplicate: true, message: DUPLICATE_TRIP_MESSAGE };
  const trip = tripFromLogEntry(result.entry);
  await cacheAdd(auth, trip);
  return { saved: true, entry: entryFromTrip(trip) };
}

/** The trips module's public face for other modules (browser-safe). */
export { entryFromTrip, stopsBetween, type TripRecord } from "./trip-record";
export { businessPercent } from "./logbook-summary";
export { dayKey } from "~/lib/zoned-days";

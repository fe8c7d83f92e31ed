/** The trips module's server API for other modules. */
export { getTrips } from "./trips.server";

/** The drivers module's server API for other modules. */
export { currentDrivers } from "./current-drivers.server";

/** The fleet module's server API for other modules. */
export { staleAfterMs } from "./devices-sync.server";

/** What other modules may use of the drivers module on the server. */
export { currentDrivers } from "./current-drivers.server";
export { driverReportData } from "./report-data.server";
export {
  listDrivers,
  reviewsOf,
  reviewStatuses,
  saveReview,
  type Review,
  type ReviewEntry,
} from "./data.server";

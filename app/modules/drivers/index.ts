/** What other modules may use of the drivers module (pure, browser-safe). */
export { BEHAVIOURS, BEHAVIOUR_LABEL, type Behaviour } from "./behaviours";
export { DEFAULT_SCORE_SETTINGS, type ScoreSettings } from "./score";
export { driverReportRows, type DriverReportData, type DriverRow } from "./report";
export { REVIEW_LABEL, REVIEW_STATUSES, reviewSchema, type ReviewStatus } from "./schemas";

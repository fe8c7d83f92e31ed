/**
 * The tickets module's server face for other modules: the forms module hands each received
 * submission to `ticketForFlaggedSubmission`, which raises a maintenance ticket for a failed
 * inspection answer (once per submission).
 */
export { ticketForFlaggedSubmission } from "./flagged-tickets.server";

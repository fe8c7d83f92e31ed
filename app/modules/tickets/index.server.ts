/**
 * The tickets module's server face: the form fill route hands each received submission to
 * `ticketForFlaggedSubmission`, which raises a maintenance ticket for a failed inspection answer
 * (once per submission). The route, not the forms module, calls it: tickets reads forms.
 */
export { ticketForFlaggedSubmission } from "./flagged-tickets.server";

/** The timesheets module's server face for other modules: the company's public holidays (tickets' SLA calendar). */
export { holidayDays } from "./holidays.server";
export { leaveSetup } from "./leave-upstream.server";

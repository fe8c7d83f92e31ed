import { CAN } from "~/lib/access";
import { defineModule } from "../kit";

export default defineModule({
  id: "reports",
  menu: [
    {
      section: "reporting",
      order: 10,
      icon: "report",
      id: "reports",
      title: "Reports",
      href: "/dashboard/reports",
      rule: { feature: "reporting" },
      description: "Reports on trips, stops, distance and device activity, as PDF, Excel or CSV.",
      match: ["/dashboard/scheduled-reports/:id"],
    },
    {
      section: "reporting",
      order: 20,
      icon: "chart",
      id: "fleetreports",
      title: "Fleet Reports",
      href: "/dashboard/fleetreports",
      rule: { feature: "reporting" },
      description: "Fleet-wide summaries: vehicles in use and the status of devices.",
    },
  ],
  routes: [
    {
      pattern: "/dashboard/scheduled-reports",
      title: "Scheduled Reports",
      rule: { feature: "reporting", tsadmin: false },
    },
    {
      pattern: "/dashboard/scheduled-reports.csv",
      title: "Scheduled Reports (CSV)",
      rule: { feature: "reporting", tsadmin: false },
      file: true,
    },
    {
      pattern: "/dashboard/reports/:kind",
      title: "Report",
      rule: { feature: "reporting", tsadmin: false },
    },
    {
      pattern: "/dashboard/reports/:kind/download",
      title: "Report download",
      rule: { feature: "reporting", tsadmin: false },
    },
  ],
  actions: {
    "/dashboard/reports/:kind": { "run-job": CAN.manageReports, cancel: CAN.manageReports },
    // A schedule belongs to its owner: report-schedules.server.ts lets the owner and holders of
    // reports_manage at it (others get 404), and only the latter create one.
    "/dashboard/scheduled-reports/:id": { "*": CAN.own },
  },
  publicRoutes: [
    { pattern: "/unsubscribe/:token", why: "a signed per-recipient unsubscribe token" },
  ],
});

import { CAN } from "~/lib/access";
import { defineModule } from "../kit";

const ACCESS = { permission: "access_timesheet" } as const;
const REVIEW = { permission: "review_timesheet" } as const;
const ADMIN = { permission: "admin_timesheet" } as const;

export default defineModule({
  id: "timesheets",
  menu: [
    {
      section: "people",
      order: 20,
      icon: "clock",
      id: "timesheet",
      title: "Timesheet",
      tsadmin: true,
      rule: { feature: "timesheet" },
      description: "Shifts, payroll and leave.",
      children: [
        {
          id: "timesheet-view",
          title: "My Timesheet",
          href: "/timesheet/view",
          rule: { permission: "access_timesheet" },
          description: "Your shifts and hours.",
        },
        {
          id: "timesheet-review",
          title: "Review Timesheets",
          href: "/timesheet/review",
          rule: { permission: "review_timesheet" },
          description: "Approve or query the shifts of your team.",
        },
        {
          id: "timesheet-payroll",
          title: "Payroll",
          href: "/timesheet/payroll",
          rule: { permission: "admin_timesheet" },
          description: "Payroll runs from approved timesheets.",
        },
        {
          id: "leave-requests",
          title: "Leave Requests",
          href: "/timesheet/leave-requests",
          rule: { permission: "access_timesheet" },
          description: "Your leave requests and their approvals.",
        },
        {
          id: "all-leave-requests",
          title: "All Leave Requests",
          href: "/timesheet/all-leave-requests",
          rule: { permission: "review_timesheet" },
          description: "Every leave request of the company, to approve or decline.",
        },
        {
          id: "leave-calendar",
          title: "Leave Calendar",
          href: "/timesheet/leave-calendar",
          rule: { permission: "access_timesheet" },
          description: "Leave on a calendar: green when approved, grey while pending.",
        },
        {
          id: "job-report",
          title: "Job Report",
          href: "/timesheet/reports/job",
          rule: { permission: "review_timesheet" },
          description: "Hours per job code.",
        },
        {
          id: "missing-shifts",
          title: "Missing Shifts",
          href: "/timesheet/missingShifts",
          rule: { permission: "review_timesheet" },
          description: "Staff who worked but recorded no shift.",
        },
        {
          id: "no-login",
          title: "No Login",
          href: "/timesheet/noLogin",
          rule: { permission: "review_timesheet" },
          description: "Staff who did not sign in on a working day.",
        },
        {
          id: "structure",
          title: "Structure",
          href: "/timesheet/structure",
          rule: { permission: "admin_timesheet" },
          description: "Pay rates, shift rules and approval chains.",
        },
        {
          id: "overtime",
          title: "Overtime",
          href: "/timesheet/overtime",
          rule: { permission: "review_timesheet" },
          description: "Overtime worked per person and period.",
        },
        {
          id: "covid19",
          title: "COVID-19",
          href: "/timesheet/covid19",
          rule: { permission: "access_timesheet" },
          description: "Health declarations before a shift.",
        },
      ],
    },
  ],
  routes: [
    {
      pattern: "/timesheet/covid19/register.csv",
      title: "Site declaration register (CSV)",
      rule: { ...REVIEW, feature: "timesheet" },
      file: true,
    },
    {
      pattern: "/timesheet/payroll/export/:format",
      title: "Payroll export",
      rule: { feature: "timesheet", ...ADMIN },
      file: true,
    },
    {
      pattern: "/timesheet/reports/job/export/:format",
      title: "Job report export",
      rule: { feature: "timesheet", ...REVIEW },
      file: true,
    },
  ],
  actions: {
    "/timesheet/leave-requests": { request: CAN.own, cancel: CAN.own },
    "/timesheet/all-leave-requests": { approve: REVIEW, decline: REVIEW },
    "/timesheet/leave-calendar": {
      request: CAN.own,
      cancel: CAN.own,
      approve: REVIEW,
      decline: REVIEW,
    },
    "/timesheet/structure": { create: ADMIN, update: ADMIN, delete: ADMIN },
    "/timesheet/missingShifts": { notify: REVIEW },
    "/timesheet/covid19": { declare: CAN.own, "add-question": ADMIN, "retire-question": ADMIN },
    "/timesheet/view": {
      clock_on: ACCESS,
      clock_off: ACCESS,
      break_start: ACCESS,
      break_end: ACCESS,
      create: ACCESS,
      update: ACCESS,
      delete: ACCESS,
      submit: ACCESS,
    },
    "/timesheet/review": { approve: REVIEW, reject: REVIEW },
    "/timesheet/payroll": { lock: ADMIN, reopen: ADMIN },
  },
});

import { defineModule } from "../kit";

/** Timesheet administrators manage job codes; codes_view only reads them. */
const MANAGE_CODES = { permission: "admin_timesheet" } as const;
/** People, groups, their permissions, device links and billing are the company administrator's. */
const ADMIN = { permission: "edit_permissions" } as const;
/** Jobsites are seen with jobsites_view and changed with geofences_edit (their fences). */
const EDIT_JOBSITES = { permission: "geofences_edit" } as const;

export default defineModule({
  id: "admin",
  // Every screen of issue 19 is built.
  menu: [
    {
      section: "admin",
      order: 10,
      icon: "settings",
      id: "company",
      title: "Company",
      href: "/dashboard/company_settings",
      rule: { permission: "edit_permissions" },
      description: "Company details and the features switched on for it.",
    },
    {
      section: "admin",
      order: 20,
      icon: "users",
      id: "people",
      // SPEC §6: people_view; tsadmin users hold it, so the restricted menu keeps it.
      tsadmin: true,
      title: "People",
      href: "/admin/people",
      rule: { permission: "people_view" },
      description: "Staff accounts.",
      match: ["/admin/people/:id"],
    },
    {
      section: "admin",
      order: 30,
      icon: "lock",
      id: "grouppermissions",
      title: "Group Permissions",
      href: "/admin/grouppermissions",
      rule: { permission: "edit_permissions" },
      description: "What each group of users may see and do.",
    },
    {
      section: "admin",
      order: 40,
      icon: "mapPin",
      id: "jobsites",
      title: "Jobsites",
      href: "/admin/jobsites",
      rule: { permission: "jobsites_view" },
      description: "Jobsites and their geofences.",
      match: ["/admin/jobsite/:id/:primary?/:secondary?", "/admin/add-jobsite"],
    },
    {
      section: "admin",
      order: 50,
      icon: "usersGroup",
      id: "groups",
      title: "Groups",
      href: "/admin/groups",
      rule: { permission: "groups_view" },
      description: "Groups of people and vehicles.",
      match: ["/admin/addgroup"],
    },
    {
      section: "admin",
      order: 60,
      icon: "hash",
      id: "jobcodes",
      title: "Job Codes",
      href: "/admin/jobcodes",
      rule: { permission: "codes_view" },
      description: "Job codes for timesheets.",
    },
    {
      section: "admin",
      order: 70,
      icon: "coin",
      id: "allowances",
      // SPEC §6 ties admin_timesheet to Allowances and Payroll Groups: part of the tsadmin menu.
      tsadmin: true,
      title: "Allowances",
      href: "/admin/allowances",
      rule: { permission: "admin_timesheet" },
      description: "Allowances paid with payroll.",
    },
    {
      section: "admin",
      order: 80,
      icon: "cash",
      id: "payrollgroups",
      tsadmin: true,
      title: "Payroll Groups",
      href: "/admin/payrollgroups",
      rule: { permission: "admin_timesheet" },
      description: "Groups of staff paid on the same schedule.",
    },
    {
      section: "admin",
      order: 90,
      icon: "link",
      id: "accdevlink",
      title: "Account Device Links",
      href: "/admin/accdevlink",
      rule: { permission: "edit_permissions" },
      description: "Which accounts may see which devices.",
    },
    {
      section: "account",
      order: 20,
      icon: "receipt",
      id: "subscriptions",
      title: "Subscriptions",
      href: "/dashboard/subscriptions",
      tsadmin: false,
      // Plans and invoices are the company administrator's business.
      rule: { permission: "edit_permissions" },
      description: "Your device subscriptions and their renewal dates.",
      match: ["/dashboard/purchase-subscriptions"],
    },
    {
      section: "account",
      order: 30,
      icon: "creditCard",
      id: "payment-details",
      title: "Payment Details",
      href: "/dashboard/payment-details",
      tsadmin: false,
      rule: { permission: "edit_permissions" },
      description: "The card or account subscriptions are paid from.",
    },
  ],
  routes: [
    {
      pattern: "/dashboard/invoices/:id/pdf",
      title: "Invoice (PDF)",
      rule: ADMIN,
      file: true,
    },
    // Jobsite documents: read with jobsites_view, uploaded with EDIT_JOBSITES (actions below).
    {
      pattern: "/admin/jobsite/:id/files",
      title: "Upload a jobsite document",
      rule: { permission: "jobsites_view" },
      file: true,
    },
    {
      pattern: "/admin/jobsite/:id/files/:doc",
      title: "Jobsite document",
      rule: { permission: "jobsites_view" },
      file: true,
    },
  ],
  actions: {
    "/dashboard/company_settings": { "*": { permission: "edit_permissions" } },
    "/admin/jobcodes": {
      create: MANAGE_CODES,
      update: MANAGE_CODES,
      delete: MANAGE_CODES,
      deactivate: MANAGE_CODES,
      activate: MANAGE_CODES,
    },
    "/admin/people": { create: ADMIN },
    "/admin/people/:id": { update: ADMIN, deactivate: ADMIN, activate: ADMIN, reset: ADMIN },
    "/admin/groups": { create: ADMIN, rename: ADMIN, delete: ADMIN },
    "/admin/grouppermissions": { save: ADMIN },
    "/admin/accdevlink": { link: ADMIN, unlink: ADMIN, unrestrict: ADMIN },
    // Adding posts to /admin/jobsite/new (the add-jobsite page's form), editing to the jobsite.
    "/admin/jobsite/:id/:primary?/:secondary?": {
      create: EDIT_JOBSITES,
      update: EDIT_JOBSITES,
      "delete-document": EDIT_JOBSITES,
    },
    // The multipart body is streamed by the module, so the guard judges no intent here.
    "/admin/jobsite/:id/files": { "*": EDIT_JOBSITES },
    "/dashboard/purchase-subscriptions": { quote: ADMIN, buy: ADMIN },
    "/admin/allowances": { create: MANAGE_CODES, update: MANAGE_CODES, delete: MANAGE_CODES },
    "/admin/payrollgroups": { create: MANAGE_CODES, update: MANAGE_CODES, delete: MANAGE_CODES },
  },
});

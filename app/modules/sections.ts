/** The side menu's sections in order (SPEC §2.10); `tsadmin` says whether tsadmin users keep one. */
export const SECTIONS = [
  { id: "overview", title: "Overview", tsadmin: true },
  { id: "reporting", title: "Reporting & Insights", tsadmin: false },
  { id: "maintenance", title: "Maintenance", tsadmin: false },
  { id: "fleet-assets", title: "Fleet & Assets", tsadmin: false },
  { id: "people", title: "People & Operations", tsadmin: false },
  { id: "admin", title: "Admin", tsadmin: false },
  { id: "concrete", title: "Concrete Monitoring", tsadmin: false },
  { id: "account", title: "My Account", tsadmin: true },
] as const;

export type SectionId = (typeof SECTIONS)[number]["id"];

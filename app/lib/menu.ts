import { isAllowed, type AccessRule } from "~/lib/access";
import type { SessionUser } from "~/lib/user";

/**
 * The side menu (SPEC §2.10) and the route guard's table (SPEC §6): one tree holds every route of
 * SPEC §2.3–2.8, so the menu and the server-side guard can never disagree.
 *
 * `match` lists further paths (detail pages, create pages) that belong to an item: they are not
 * menu links, but the guard applies the item's rule to them. Patterns use `:name` for a segment
 * and `:name?` for an optional one.
 */
export type MenuItem = {
  id: string;
  title: string;
  href?: string;
  /** What the screen holds; also the text of the "not available yet" page. */
  description: string;
  rule?: AccessRule;
  /** Kept in the restricted menu of tsadmin users (default: the section's value). */
  tsadmin?: boolean;
  match?: string[];
  children?: MenuItem[];
};

export type MenuSection = {
  id: string;
  title: string;
  /** Whether tsadmin users keep this section (items may override). */
  tsadmin: boolean;
  items: MenuItem[];
};

export type MenuUser = Pick<SessionUser, "permissions" | "features_enabled" | "tsadmin">;

const D = "/dashboard";

export const MENU: MenuSection[] = [
  {
    id: "overview",
    title: "Overview",
    tsadmin: true,
    items: [
      {
        id: "assets",
        title: "Assets",
        href: `${D}/assets`,
        description:
          "Every vehicle and asset of the company on one list, with its last position and status.",
        match: [
          `${D}/assets/device/:imei`,
          `${D}/assets/beacon/:uuid`,
          `${D}/vehicle-dashboard/:imei`,
        ],
      },
      {
        id: "fleet",
        title: "Fleet",
        href: `${D}/fleet`,
        description: "The fleet map with counts of resting and moving vehicles.",
      },
      {
        id: "overview-map",
        title: "Overview Map",
        href: `${D}/overview-map`,
        description: "All devices on one map, clustered.",
      },
      {
        id: "beacon-overview-map",
        title: "Beacon Map",
        href: `${D}/beacon-overview-map`,
        rule: { feature: "ble_beacons" },
        description: "Where each BLE beacon was last seen.",
      },
      {
        id: "ftc",
        title: "FTC",
        href: `${D}/ftc`,
        tsadmin: false,
        description: "The fleet tracking console: live status of every device at a glance.",
      },
      {
        id: "devices-offline",
        title: "Devices Offline",
        href: `${D}/devices-offline`,
        tsadmin: false,
        description: "Devices that stopped reporting, and how to bring them back online.",
        match: [`${D}/recover-offline-device/:imei`],
      },
      {
        id: "notifications",
        title: "Notifications",
        href: `${D}/notifications`,
        description: "Alerts from your devices and browser push settings.",
      },
      {
        id: "geofences",
        title: "Geofences",
        href: `${D}/geofences`,
        tsadmin: false,
        description: "Circular zones around places that matter, with alerts on entry and exit.",
      },
      {
        id: "inputs",
        title: "Inputs",
        href: `${D}/inputs`,
        tsadmin: false,
        rule: { feature: "inputs" },
        description: "The state of each device's digital inputs (ignition, PTO, doors).",
      },
    ],
  },
  {
    id: "reporting",
    title: "Reporting & Insights",
    tsadmin: false,
    items: [
      {
        id: "reports",
        title: "Reports",
        href: `${D}/reports`,
        rule: { feature: "reporting" },
        description: "Reports on trips, stops, distance and device activity, as PDF, Excel or CSV.",
        match: [`${D}/scheduled-reports/:id`],
      },
      {
        id: "fleetreports",
        title: "Fleet Reports",
        href: `${D}/fleetreports`,
        rule: { feature: "reporting" },
        description: "Fleet-wide summaries: vehicles in use and the status of devices.",
      },
      {
        id: "trips",
        title: "Trips",
        href: `${D}/trips`,
        description: "Each vehicle's trips with their route on the map.",
      },
      {
        id: "logbook",
        title: "Logbook",
        href: `${D}/logbook`,
        rule: { feature: "logbook" },
        description:
          "The logbook of business and private trips with business versus total distance.",
      },
      {
        id: "timeline",
        title: "Timeline",
        href: `${D}/timeline`,
        description: "A day's movements and stops on a timeline.",
      },
      {
        id: "vehicle-distance",
        title: "Vehicle Distance",
        href: `${D}/vehicle-distance`,
        description: "Distance driven per vehicle over a period.",
        match: [`${D}/vehicle-distance-mobile`],
      },
      {
        id: "driversafety",
        title: "Driver Safety",
        href: `${D}/driversafety`,
        rule: { feature: "driver_safety" },
        description: "Fleet driver scores and incidents, this period against the previous one.",
      },
      {
        id: "dashcam-events",
        title: "Dashcam Events",
        href: `${D}/dashcam-events`,
        rule: { feature: "dashcam" },
        description: "Video events from dashcams: harsh braking, collisions and manual captures.",
        match: [`${D}/dashcam-events/:id`],
      },
      {
        id: "environment",
        title: "Environment",
        href: `${D}/environment`,
        rule: { feature: "cold_chain" },
        description: "Cold chain and environment monitoring: temperature and humidity of sensors.",
      },
      {
        id: "insight-tags",
        title: "Insight Tags",
        rule: { feature: "insight_tags" },
        description: "Insight tags attached to equipment, with their wiki.",
        children: [
          {
            id: "insight-tags-list",
            title: "All Insight Tags",
            href: `${D}/insight-tags`,
            description: "Every insight tag of the company.",
            match: [`${D}/insight-tags/:uuid/wiki`],
          },
          {
            id: "insight-tag",
            title: "Insight Tag",
            href: `${D}/insight-tag`,
            description: "One insight tag: its details, readings and wiki.",
            match: [`${D}/insight-tag/:uuid`],
          },
        ],
      },
    ],
  },
  {
    id: "maintenance",
    title: "Maintenance",
    tsadmin: false,
    items: [
      {
        id: "maintenance-board",
        title: "Maintenance Board",
        href: `${D}/maintenance-board`,
        rule: { feature: "vehicle_task_management" },
        description: "A board of maintenance tasks by status.",
      },
      {
        id: "vehicle-maintenance",
        title: "Vehicle Maintenance",
        href: `${D}/vehicle-maintenance`,
        rule: { feature: "vehicle_task_management" },
        description: "Service schedules and history per vehicle.",
      },
      {
        id: "asset-board",
        title: "Asset Board",
        href: `${D}/asset-board`,
        rule: { feature: "vehicle_task_management" },
        description: "A board of tasks on non-vehicle assets.",
      },
      {
        id: "tasks",
        title: "Tasks",
        href: `${D}/tasks`,
        rule: { feature: "vehicle_task_management" },
        description: "Every maintenance task, with due dates and assignees.",
      },
      {
        id: "task-templates",
        title: "Task Templates",
        href: `${D}/task-templates`,
        rule: { feature: "vehicle_task_management" },
        description: "Reusable templates for recurring tasks.",
      },
      {
        id: "task-groups",
        title: "Task Groups",
        href: `${D}/task-groups`,
        rule: { feature: "vehicle_task_management" },
        description: "Groups of tasks that are scheduled together.",
      },
    ],
  },
  {
    id: "fleet-assets",
    title: "Fleet & Assets",
    tsadmin: false,
    items: [
      {
        id: "beacons",
        title: "Beacons",
        rule: { feature: "ble_beacons" },
        description: "BLE beacons: their list, configuration and details.",
        children: [
          {
            id: "beacons-list",
            title: "Beacon List",
            href: `${D}/beacons`,
            description: "Every beacon of the company.",
            match: [`${D}/beacon/:uuid`],
          },
          {
            id: "beacon",
            title: "Beacon",
            href: `${D}/beacon`,
            description: "One beacon and where it was seen.",
          },
          {
            id: "beacon-config",
            title: "Beacon Config",
            href: `${D}/beacon-config`,
            description: "Beacon settings per device.",
          },
        ],
      },
      {
        id: "automations",
        title: "Automations",
        rule: { feature: "automation" },
        description: "Rules that act on device events.",
        children: [
          {
            id: "automations-list",
            title: "Automations",
            href: `${D}/automations`,
            description: "Every automation and whether it is on.",
          },
          {
            id: "create-automation",
            title: "Create Automation",
            href: `${D}/createAutomations`,
            description: "Build an automation from a trigger and actions.",
            match: [`${D}/createAutomations/:id`],
          },
        ],
      },
      {
        id: "dashboard-forms",
        title: "Forms Dashboard",
        href: `${D}/dashboard-forms`,
        rule: { feature: "forms", permission: "forms_view" },
        description: "Fill-in links for the company's forms, and the answers they bring in.",
      },
      {
        id: "plant-hire",
        title: "Plant Hire",
        href: `${D}/plant-hire`,
        description: "Hired plant and equipment, with hire periods.",
      },
      {
        id: "deliverymanagement",
        title: "Delivery Management",
        href: `${D}/deliverymanagement`,
        description: "Deliveries, their stops and proof of delivery.",
      },
      {
        id: "suppliers",
        title: "Suppliers",
        href: `${D}/suppliers`,
        description: "Suppliers and their contacts.",
      },
    ],
  },
  {
    id: "people",
    title: "People & Operations",
    tsadmin: false,
    items: [
      {
        id: "drivers",
        title: "Drivers",
        rule: { feature: "driver_management" },
        description: "Drivers, their tags and assignments.",
        children: [
          {
            id: "drivermanagement",
            title: "Driver Management",
            href: `${D}/drivermanagement`,
            description: "Drivers and the vehicles they drive.",
          },
          {
            id: "driver-tags",
            title: "Driver Tags",
            href: `${D}/driver-tags`,
            description: "Every driver ID tag.",
          },
          {
            id: "driver-tag",
            title: "Driver Tag",
            href: `${D}/driver-tag`,
            description: "One driver ID tag and its driver.",
            match: [`${D}/driver-tag/:id`],
          },
        ],
      },
      {
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
      {
        id: "tickets",
        title: "Tickets",
        description: "Tickets raised by staff, their matrix and approvals.",
        children: [
          {
            id: "tickets-admin",
            title: "Ticket Admin",
            href: "/tickets/admin",
            rule: { permission: "tickets_add" },
            description: "Raise and manage tickets.",
          },
          {
            id: "tickets-matrix",
            title: "Ticket Matrix",
            href: "/tickets/matrix",
            rule: { permission: "tickets_view" },
            description: "Tickets by person and type.",
          },
          {
            id: "tickets-approvals",
            title: "Ticket Approvals",
            href: "/tickets/approvals",
            rule: { permission: "tickets_edit" },
            description: "Tickets waiting for your approval.",
          },
        ],
      },
      {
        id: "forms",
        title: "Forms",
        rule: { feature: "forms" },
        description: "Forms to complete, review and build.",
        children: [
          {
            id: "forms-selection",
            title: "Fill In a Form",
            href: "/forms/selection",
            rule: { permission: "complete_forms" },
            description: "Choose a form and complete it.",
          },
          {
            id: "forms-completed",
            title: "Completed Forms",
            href: "/forms/completed",
            rule: { permission: "forms_view" },
            description: "Forms that have been submitted.",
          },
          {
            id: "forms-review",
            title: "Review Forms",
            href: "/forms/review",
            rule: { permission: "forms_edit" },
            description: "Submitted forms waiting for review.",
          },
          {
            id: "forms-admin",
            title: "Forms Admin",
            href: "/forms/admin",
            rule: { permission: "forms_edit" },
            description: "Who may fill in which form.",
          },
          {
            id: "forms-build",
            title: "Build a Form",
            href: "/forms/buildform",
            rule: { permission: "forms_add" },
            description: "Design a form: its questions and their order.",
            match: ["/forms/buildform/:formid"],
          },
        ],
      },
      {
        id: "courier",
        title: "Courier",
        href: "/courier",
        description: "Courier shipments and their tracking.",
        match: ["/courier/shipment/:id"],
      },
    ],
  },
  {
    id: "admin",
    title: "Admin",
    tsadmin: false,
    items: [
      {
        id: "company",
        title: "Company",
        href: `${D}/company_settings`,
        rule: { permission: "edit_permissions" },
        description: "Company details and the features switched on for it.",
      },
      {
        id: "people",
        title: "People",
        href: "/admin/people",
        rule: { permission: "people_view" },
        description: "Staff accounts.",
      },
      {
        id: "grouppermissions",
        title: "Group Permissions",
        href: "/admin/grouppermissions",
        rule: { permission: "edit_permissions" },
        description: "What each group of users may see and do.",
      },
      {
        id: "jobsites",
        title: "Jobsites",
        href: "/admin/jobsites",
        rule: { permission: "jobsites_view" },
        description: "Jobsites and their geofences.",
        match: ["/admin/jobsite/:id/:primary?/:secondary?", "/admin/add-jobsite"],
      },
      {
        id: "groups",
        title: "Groups",
        href: "/admin/groups",
        rule: { permission: "groups_view" },
        description: "Groups of people and vehicles.",
        match: ["/admin/addgroup"],
      },
      {
        id: "jobcodes",
        title: "Job Codes",
        href: "/admin/jobcodes",
        rule: { permission: "codes_view" },
        description: "Job codes for timesheets.",
      },
      {
        id: "allowances",
        title: "Allowances",
        href: "/admin/allowances",
        rule: { permission: "admin_timesheet" },
        description: "Allowances paid with payroll.",
      },
      {
        id: "payrollgroups",
        title: "Payroll Groups",
        href: "/admin/payrollgroups",
        rule: { permission: "admin_timesheet" },
        description: "Groups of staff paid on the same schedule.",
      },
      {
        id: "accdevlink",
        title: "Account Device Links",
        href: "/admin/accdevlink",
        rule: { permission: "edit_permissions" },
        description: "Which accounts may see which devices.",
      },
    ],
  },
  {
    id: "concrete",
    title: "Concrete Monitoring",
    tsadmin: false,
    items: [
      {
        id: "concrete-dashboard",
        title: "Concrete Dashboard",
        href: "/concrete/dashboard",
        rule: { feature: "concrete_curing" },
        description: "Curing pours and their sensors at a glance.",
      },
      {
        id: "pours",
        title: "Pours",
        href: "/concrete/pours",
        rule: { feature: "concrete_curing" },
        description: "Concrete pours, their sensors and curing progress.",
        match: [
          "/concrete/view-pour/:id",
          "/concrete/pour",
          "/concrete/pour/:id",
          "/concrete/pour-device-links/:id",
          "/concrete/pour-device-link/:id",
          "/concrete/pour-device-link/:id/:imei",
        ],
      },
      {
        id: "sensors",
        title: "Sensors",
        href: "/concrete/sensors",
        rule: { feature: "concrete_curing" },
        description: "Concrete temperature sensors.",
        match: ["/concrete/sensor", "/concrete/sensor/:id"],
      },
      {
        id: "mix-designs",
        title: "Mix Designs",
        href: "/concrete/mix-designs",
        rule: { feature: "concrete_curing" },
        description: "Concrete mix designs and their strength curves.",
        match: ["/concrete/mix-design", "/concrete/mix-design/:id"],
      },
      {
        id: "mass-concrete-limits",
        title: "Mass Concrete Limits",
        href: "/concrete/mass-concrete-limits",
        rule: { feature: "concrete_curing" },
        description: "Temperature limits for mass concrete.",
        match: ["/concrete/mass-concrete-limit", "/concrete/mass-concrete-limit/:id"],
      },
      {
        id: "limit-rules",
        title: "Limit Rules",
        href: "/concrete/rules",
        rule: { feature: "concrete_curing" },
        description: "Rules that apply a mass concrete limit.",
        match: ["/concrete/rule", "/concrete/rule/:mass_concrete_limit_id"],
      },
      {
        id: "evaporation-limits",
        title: "Evaporation Limits",
        href: "/concrete/evaporation-limits",
        rule: { feature: "concrete_curing" },
        description: "Evaporation rate limits for fresh concrete.",
        match: ["/concrete/evaporation-limit"],
      },
      {
        id: "maturity-inputs",
        title: "Maturity Inputs",
        href: "/concrete/maturity-inputs",
        rule: { feature: "concrete_curing" },
        description: "Inputs of the maturity method.",
        match: ["/concrete/maturity-input"],
      },
      {
        id: "create-supplier",
        title: "Create Supplier",
        href: "/concrete/create-supplier",
        rule: { feature: "concrete_curing" },
        description: "Add a concrete supplier.",
      },
    ],
  },
  {
    id: "account",
    title: "My Account",
    tsadmin: true,
    items: [
      { id: "account", title: "Account", href: `${D}/account`, description: "Your profile." },
      {
        id: "subscriptions",
        title: "Subscriptions",
        href: `${D}/subscriptions`,
        tsadmin: false,
        description: "Your device subscriptions and their renewal dates.",
        match: [`${D}/purchase-subscriptions`],
      },
      {
        id: "payment-details",
        title: "Payment Details",
        href: `${D}/payment-details`,
        tsadmin: false,
        description: "The card or account subscriptions are paid from.",
      },
      {
        id: "docs",
        title: "Documentation",
        href: "/docs/overview/welcome",
        description: "How to use Tracksmith.",
      },
    ],
  },
];

/** Routes that are not menu entries but still belong to the shell (SPEC §2.2). */
export const EXTRA_ROUTES: MenuItem[] = [
  {
    id: "installation",
    title: "Device Installation",
    href: undefined,
    description:
      "Step-by-step checks while a device is installed: power, GPS fix and first report.",
    match: ["/installation/:imei"],
  },
];

/** Device pages (SPEC §4 "Side menu"): the menu collapses automatically on these. */
export const DEVICE_ROUTE_PATTERNS = [
  `${D}/vehicle-dashboard/:imei`,
  `${D}/assets/device/:imei`,
  `${D}/recover-offline-device/:imei`,
  `${D}/assets/beacon/:uuid`,
  `${D}/beacon/:uuid`,
  "/installation/:imei",
];

function segments(path: string) {
  return path.split("/").filter(Boolean);
}

/** Matches a pathname against a pattern with `:param` and `:param?` segments (case-insensitive like Remix). */
export function matchPattern(pattern: string, pathname: string): boolean {
  const p = segments(pattern);
  const s = segments(pathname.replace(/\/+$/, ""));
  let i = 0;
  for (const seg of p) {
    const optional = seg.startsWith(":") && seg.endsWith("?");
    if (i >= s.length) {
      if (optional) continue;
      return false;
    }
    if (seg.startsWith(":")) {
      i++;
      continue;
    }
    if (seg.toLowerCase() !== s[i].toLowerCase()) return false;
    i++;
  }
  return i === s.length;
}

export function isDevicePath(pathname: string): boolean {
  return DEVICE_ROUTE_PATTERNS.some((p) => matchPattern(p, pathname));
}

/** Combines a parent's rule with a child's: the parent's feature, the child's permission (child wins on a clash). */
function combine(parent: AccessRule, child: AccessRule = {}): AccessRule {
  return {
    ...parent,
    ...Object.fromEntries(Object.entries(child).filter(([, v]) => v !== undefined)),
  };
}

export type RouteInfo = { item: MenuItem; section: MenuSection | null; rule: AccessRule };

/** Every item with its effective rule (section tsadmin flag, parent feature, own permission). */
export function flattenMenu(menu: MenuSection[] = MENU): RouteInfo[] {
  const out: RouteInfo[] = [];
  for (const section of menu) {
    for (const item of section.items) {
      const keep = item.tsadmin ?? section.tsadmin;
      const rule = combine(item.rule ?? {}, keep ? {} : { tsadmin: false });
      out.push({ item, section, rule });
      for (const child of item.children ?? []) {
        const childKeep = child.tsadmin ?? keep;
        out.push({
          item: child,
          section,
          rule: combine(rule, combine(child.rule ?? {}, childKeep ? {} : { tsadmin: false })),
        });
      }
    }
  }
  for (const item of EXTRA_ROUTES) out.push({ item, section: null, rule: item.rule ?? {} });
  return out;
}

const FLAT = flattenMenu();

/** The menu entry a path belongs to (its link or one of its `match` patterns), or null. */
export function routeInfo(pathname: string): RouteInfo | null {
  for (const info of FLAT) {
    const patterns = [...(info.item.href ? [info.item.href] : []), ...(info.item.match ?? [])];
    if (patterns.some((p) => matchPattern(p, pathname))) return info;
  }
  return null;
}

/** The guard's rule for a path: the same rule that shows or hides its menu entry. Unknown paths need only a session. */
export function ruleForPath(pathname: string): AccessRule {
  return routeInfo(pathname)?.rule ?? {};
}

/** The menu as this user sees it: hidden items removed, parents without visible children removed. */
export function visibleMenu(user: MenuUser, menu: MenuSection[] = MENU): MenuSection[] {
  const rules = new Map(flattenMenu(menu).map((i) => [i.item, i.rule]));
  const allowed = (item: MenuItem) => isAllowed(user, rules.get(item) ?? {});
  return menu
    .map((section) => ({
      ...section,
      items: section.items
        .filter(allowed)
        .map((item) =>
          item.children ? { ...item, children: item.children.filter(allowed) } : item,
        )
        .filter((item) => !item.children || item.children.length > 0),
    }))
    .filter((section) => section.items.length > 0);
}

/**
 * Menu search (SPEC §2.10): case-insensitive on titles and child titles. A parent matching by its
 * own title keeps all its children; a parent matching only by children keeps just those; a section
 * title match keeps the whole section.
 */
export function searchMenu(menu: MenuSection[], query: string): MenuSection[] {
  const q = query.trim().toLowerCase();
  if (!q) return menu;
  const hit = (title: string) => title.toLowerCase().includes(q);
  return menu
    .map((section) => {
      if (hit(section.title)) return section;
      const items = section.items
        .map((item) => {
          if (hit(item.title)) return item;
          const children = (item.children ?? []).filter((c) => hit(c.title));
          return children.length ? { ...item, children } : null;
        })
        .filter((i): i is MenuItem => i !== null);
      return { ...section, items };
    })
    .filter((section) => section.items.length > 0);
}

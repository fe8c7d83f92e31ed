/** The seeded people: first and last names for drivers, and the demo accounts (README.md). */
import { PERMISSIONS } from "./catalog";
import type { Group, User } from "./world";

const all = (value: boolean) => Object.fromEntries(PERMISSIONS.map((p) => [p, value]));

export const FIRST = [
  "Olivia",
  "Jack",
  "Charlotte",
  "Noah",
  "Amelia",
  "William",
  "Isla",
  "Oliver",
  "Mia",
  "Thomas",
  "Ava",
  "James",
  "Grace",
  "Lucas",
  "Chloe",
  "Henry",
  "Zoe",
  "Ethan",
  "Ruby",
  "Leo",
];
export const LAST = [
  "Smith",
  "Nguyen",
  "Williams",
  "Brown",
  "Wilson",
  "Taylor",
  "Johnson",
  "White",
  "Martin",
  "Anderson",
  "Thompson",
  "Walker",
  "Harris",
  "Lee",
  "Ryan",
  "Kelly",
  "Murphy",
  "Clarke",
  "Singh",
  "Chen",
];

export function buildUsers(groups: Group[]): User[] {
  const g = (companyid: number, ...names: string[]) =>
    groups.filter((x) => x.companyid === companyid && names.includes(x.nickname)).map((x) => x.id);
  // A driver fills in timesheets and forms; they change nothing of the fleet (none of the app's
  // fleet_edit, geofences_edit, share_links, beacons_edit, reports_manage, alerts_manage,
  // logbook_edit_all). The demo account may do everything but administer the company.
  const driverPerms = { ...all(false), access_timesheet: true, complete_forms: true };
  const demoPerms = { ...all(true), edit_permissions: false };
  const seeds: Array<Omit<User, "name" | "avatar" | "photo"> & { photo?: string | null }> = [
    {
      username_id: 1001,
      username: "admin",
      password: "admin123",
      first_name: "Alex",
      last_name: "Morgan",
      email: "admin@harbour.example",
      mobile: "+61 400 100 001",
      companyid: 1,
      tsadmin: false,
      group_ids: g(1, "management", "North side"),
      permissions: all(true),
    },
    {
      username_id: 1002,
      username: "tsadmin",
      password: "tsadmin123",
      first_name: "Tess",
      last_name: "Admin",
      email: "tsadmin@harbour.example",
      mobile: null,
      companyid: 1,
      tsadmin: true,
      group_ids: g(1, "management"),
      // Timesheets and people only: no change to vehicles, geofences, beacons, reports or logbooks.
      permissions: {
        ...all(false),
        admin_timesheet: true,
        access_timesheet: true,
        review_timesheet: true,
        people_view: true,
      },
    },
    {
      username_id: 1003,
      username: "driver",
      password: "driver123",
      first_name: "Dan",
      last_name: "Driver",
      email: "driver@harbour.example",
      mobile: "+61 400 100 003",
      companyid: 1,
      tsadmin: false,
      group_ids: g(1, "depot crew"),
      permissions: driverPerms,
      photo: null,
    },
    {
      username_id: 1004,
      username: "demo",
      password: "demo123",
      first_name: "Demo",
      last_name: "User",
      email: "demo@tracksmith.example",
      mobile: null,
      companyid: 1,
      tsadmin: false,
      group_ids: g(1, "North side"),
      permissions: demoPerms,
    },
    {
      username_id: 2001,
      username: "other",
      password: "other123",
      first_name: "Olive",
      last_name: "Other",
      email: "office@southside.example",
      mobile: null,
      companyid: 2,
      tsadmin: false,
      group_ids: g(2, "management"),
      permissions: all(true),
    },
    {
      username_id: 11201,
      username: "admin112",
      password: "admin123",
      first_name: "Iris",
      last_name: "Bark",
      email: "admin@ironbark.example",
      mobile: null,
      companyid: 112,
      tsadmin: false,
      group_ids: g(112, "management"),
      permissions: all(true),
    },
    {
      username_id: 12901,
      username: "admin129",
      password: "admin123",
      first_name: "Moe",
      last_name: "Reton",
      email: "admin@moreton.example",
      mobile: null,
      companyid: 129,
      tsadmin: false,
      group_ids: g(129, "management"),
      permissions: all(true),
    },
  ];
  return seeds.map((s) => ({
    ...s,
    name: `${s.first_name} ${s.last_name}`,
    photo: s.photo === undefined ? `/photos/users/${s.username_id}.svg` : s.photo,
    avatar: null,
  }));
}

/** Permission names with `false` for any the user lacks, so the map is complete. */
export function permissionsOf(user: User): Record<string, boolean> {
  return Object.fromEntries(PERMISSIONS.map((p) => [p, user.permissions[p] === true]));
}

import type { SessionUser } from "~/lib/user";
import type { PermissionName } from "~/services/upstream/schemas";

/**
 * What a menu item, route or form needs (SPEC §6). An item is hidden when the user lacks the named
 * permission (or every one of `anyPermission`), or when its feature flag is explicitly false; an
 * absent flag hides nothing. `tsadmin: false` marks items outside the restricted menu of tsadmin
 * users.
 */
export type AccessRule = {
  permission?: PermissionName;
  /** At least one of these (e.g. forms_add or forms_edit). */
  anyPermission?: readonly PermissionName[];
  feature?: string;
  tsadmin?: boolean;
};

export function isAllowed(
  user: Pick<SessionUser, "permissions" | "features_enabled" | "tsadmin">,
  rule: AccessRule = {},
): boolean {
  if (rule.permission && user.permissions[rule.permission] !== true) return false;
  if (rule.anyPermission && !rule.anyPermission.some((p) => user.permissions[p] === true))
    return false;
  if (rule.feature && user.features_enabled[rule.feature] === false) return false;
  if (user.tsadmin && rule.tsadmin === false) return false;
  return true;
}

/**
 * The rule of a posted form's intent among a path's (manifest `actions`): its own, else the path's
 * "*"; undefined when neither is declared (the guard then asks for all of the path's rules).
 * Own keys only.
 */
export function actionRule(
  actions: Readonly<Record<string, AccessRule>>,
  intent: string,
): AccessRule | undefined {
  return Object.hasOwn(actions, intent) ? actions[intent] : actions["*"];
}

/**
 * The rules of the app's changes (issue 15), named once for the manifests' `actions`, the module
 * code that checks ownership and the pages that hide what the user may not use.
 */
export const CAN = {
  /** Rename a vehicle, change its icon, permanent driver, tags and groups. */
  editFleet: { permission: "fleet_edit" },
  /** Set and delete geofences. */
  editGeofences: { permission: "geofences_edit" },
  /** Create and revoke public share links (vehicles and beacons). */
  shareLinks: { permission: "share_links" },
  /** Configure beacons. */
  editBeacons: { permission: "beacons_edit" },
  /** Run reports in the background; create scheduled reports and edit anyone's. */
  manageReports: { permission: "reports_manage" },
  /** Create alert rules and edit anyone's. */
  manageAlerts: { permission: "alerts_manage" },
  /** Change, add and delete trips in any vehicle's logbook. */
  editLogbook: { permission: "logbook_edit_all" },
  /** Add, edit and deactivate drivers and tags; review incidents; scoring settings. */
  manageDrivers: { permission: "drivers_manage" },
  /** Maintenance templates, programmes, tasks and their boards. */
  manageMaintenance: { permission: "maintenance_manage" },
  /** Concrete suppliers, mix designs, limits, strength results, pours and sensors. */
  manageConcrete: { permission: "concrete_manage" },
  /** Make and revoke fill-in links of forms, retry forwarding answers (upstream permissions). */
  manageFormLinks: { anyPermission: ["forms_add", "forms_edit"] },
  /**
   * The user's own things (their profile, feed, browsers, or a record the module checks belongs
   * to them): the page's rule is enough. Declared, so that no action is open by omission.
   */
  own: {},
} as const satisfies Record<string, AccessRule>;

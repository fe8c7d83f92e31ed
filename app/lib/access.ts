import type { SessionUser } from "~/lib/user";

/**
 * What a menu item or route needs (SPEC §6). An item is hidden when the user lacks the named
 * permission, or when its feature flag is explicitly false; an absent flag hides nothing.
 * `tsadmin: false` marks items outside the restricted menu of tsadmin users.
 */
export type AccessRule = { permission?: string; feature?: string; tsadmin?: boolean };

export function isAllowed(
  user: Pick<SessionUser, "permissions" | "features_enabled" | "tsadmin">,
  rule: AccessRule = {},
): boolean {
  if (rule.permission && user.permissions[rule.permission] !== true) return false;
  if (rule.feature && user.features_enabled[rule.feature] === false) return false;
  if (user.tsadmin && rule.tsadmin === false) return false;
  return true;
}

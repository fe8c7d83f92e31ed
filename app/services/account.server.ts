import type { SessionData } from "~/services/session.server";
import { upstream } from "~/services/api.server";
import { logInfo } from "~/services/log.server";
import { featureFlags, profile } from "~/services/upstream/index.server";

export type Profile = {
  username: string;
  name: string;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile: string | null;
  companyid: number;
  company_name: string | null;
  groups: { id: number; nickname: string }[];
  /** "upstream" when fresh from GET /user/profile, "session" when the upstream could not answer. */
  source: "upstream" | "session";
};

/**
 * The signed-in user's profile: fresh from the upstream (GET /user/profile), or what the session
 * holds when the upstream is unreachable, so the page still shows something true.
 */
export async function loadProfile(auth: SessionData): Promise<Profile> {
  const u = auth.user;
  const fallback: Profile = {
    username: u.username,
    name: u.name,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    mobile: null,
    companyid: u.companyid,
    company_name: null,
    groups: u.groups,
    source: "session",
  };
  try {
    const p = await profile(upstream(auth.token));
    // Tenant check: a profile of another company is never shown.
    if (p.companyid !== u.companyid) return fallback;
    return {
      username: p.username ?? u.username,
      name: p.name,
      first_name: p.first_name,
      last_name: p.last_name,
      email: p.email ?? null,
      mobile: p.mobile ?? null,
      companyid: p.companyid,
      company_name: p.company_name ?? null,
      groups: p.groups,
      source: "upstream",
    };
  } catch (error) {
    logInfo("account", `profile load failed, showing the session copy: ${(error as Error).message}`);
    return fallback;
  }
}

/** The company's feature flags (app setting of type 7), fresh; the session's copy on failure. */
export async function loadCompanyFeatures(auth: SessionData): Promise<{ features: Record<string, boolean>; source: "upstream" | "session" }> {
  try {
    // featureFlags() already swallows upstream failures as {} (SPEC §8); then the session's copy is truer.
    const features = await featureFlags(upstream(auth.token));
    if (Object.keys(features).length === 0) return { features: auth.user.features_enabled, source: "session" };
    return { features, source: "upstream" };
  } catch {
    return { features: auth.user.features_enabled, source: "session" };
  }
}

/** Every feature flag SPEC §6 names, so the company page lists absent ones too (absent = on). */
export const KNOWN_FEATURES = [
  "dashcam",
  "reporting",
  "cold_chain",
  "automation",
  "insight_tags",
  "vehicle_task_management",
  "inputs",
  "logbook",
  "driver_safety",
  "driver_management",
  "timesheet",
  "forms",
  "ble_beacons",
  "concrete_curing",
] as const;

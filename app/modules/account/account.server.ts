import { turnedOff, nextFlags, type KnownFeature, type ProfileInput } from "./schemas";
import type { SessionUser } from "~/lib/user";
import { upstream } from "~/services/api.server";
import { prisma } from "~/services/db.server";
import { logInfo } from "~/services/log.server";
import { updateSessionUser, type SessionData } from "~/services/session.server";
import {
  featureFlags,
  isUpstreamError,
  MESSAGES,
  profile,
  saveFeatureFlags,
  updateProfile,
} from "~/services/upstream/index.server";

export { KNOWN_FEATURES } from "./schemas";

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
    logInfo(
      "account",
      `profile load failed, showing the session copy: ${(error as Error).message}`,
    );
    return fallback;
  }
}

/** The company's feature flags (app setting of type 7), fresh; the session's copy on failure. */
export async function loadCompanyFeatures(
  auth: SessionData,
): Promise<{ features: Record<string, boolean>; source: "upstream" | "session" }> {
  try {
    // featureFlags() already swallows upstream failures as {} (SPEC §8); then the session's copy is truer.
    const features = await featureFlags(upstream(auth.token));
    if (Object.keys(features).length === 0)
      return { features: auth.user.features_enabled, source: "session" };
    return { features, source: "upstream" };
  } catch {
    return { features: auth.user.features_enabled, source: "session" };
  }
}

const UNAVAILABLE = MESSAGES.saveUnavailable;

export type SaveResult =
  | { ok: true; setCookie: string | null }
  | { ok: false; status: number; formErrors: string[]; fieldErrors: Record<string, string[]> };

const failed = (
  status: number,
  formErrors: string[],
  fieldErrors: Record<string, string[]> = {},
): SaveResult => ({ ok: false, status, formErrors, fieldErrors });

/**
 * Saves the signed-in user's own profile through PATCH /user/profile, then refreshes the session's
 * copy of the user so the avatar menu shows the new name at once. An empty mobile clears it.
 */
export async function saveProfile(
  request: Request,
  auth: SessionData,
  input: ProfileInput,
): Promise<SaveResult> {
  let saved;
  try {
    saved = await updateProfile(upstream(auth.token), {
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      mobile: input.mobile ? input.mobile : null,
    });
  } catch (error) {
    if (!isUpstreamError(error) || error.kind !== "http" || error.status >= 500) {
      logInfo(
        "account",
        `profile save failed user=${auth.user.username}: ${(error as Error).message}`,
      );
      return failed(503, [UNAVAILABLE]);
    }
    if (error.status === 409)
      return failed(409, [], { email: ["That email address belongs to another user."] });
    if (error.status === 400) {
      // The upstream names the field first ("email is not a valid email address"): show it there.
      const field = ["first_name", "last_name", "email", "mobile"].find((f) =>
        error.message.startsWith(`${f} `),
      );
      return field ? failed(400, [], { [field]: [error.message] }) : failed(400, [error.message]);
    }
    return failed(error.status, [error.message]);
  }
  // The upstream acts on the token's user; never copy another user's or company's data into the session.
  if (saved.username_id !== auth.user.username_id || saved.companyid !== auth.user.companyid) {
    logInfo(
      "account",
      `profile save answered for another user: expected ${auth.user.username_id}, got ${saved.username_id}`,
    );
    return failed(502, [
      "The tracking service answered for another account; nothing was changed here.",
    ]);
  }
  const user: SessionUser = {
    ...auth.user,
    first_name: saved.first_name,
    last_name: saved.last_name,
    name: saved.name,
    email: saved.email ?? null,
  };
  logInfo("account", `profile saved user=${auth.user.username}`);
  return { ok: true, setCookie: await updateSessionUser(request, user) };
}

export type FeaturesResult = SaveResult | { ok: "confirm"; off: KnownFeature[]; on: string[] };

/**
 * Saves the company's feature flags (app setting type 7) with the ticked features on and every
 * other known feature off. Turning a feature off needs `confirmed`; otherwise the caller gets the
 * list to confirm. Afterwards every live session of the company gets the new flags, so menus and
 * route guards change at once, not at the next sign-in.
 */
export async function saveCompanyFeatures(
  request: Request,
  auth: SessionData,
  on: string[],
  confirmed: boolean,
): Promise<FeaturesResult> {
  const { features: current } = await loadCompanyFeatures(auth);
  const next = nextFlags(current, on);
  const off = turnedOff(current, next);
  if (off.length > 0 && !confirmed) return { ok: "confirm", off, on };
  let saved: Record<string, boolean>;
  try {
    saved = await saveFeatureFlags(upstream(auth.token), next);
  } catch (error) {
    if (isUpstreamError(error) && error.kind === "http" && error.status === 403)
      return failed(403, ["You do not have permission to change company settings."]);
    if (isUpstreamError(error) && error.kind === "http" && error.status < 500)
      return failed(error.status, [error.message]);
    logInfo(
      "account",
      `features save failed company=${auth.user.companyid}: ${(error as Error).message}`,
    );
    return failed(503, [UNAVAILABLE]);
  }
  logInfo(
    "account",
    `features saved company=${auth.user.companyid} by=${auth.user.username} off=${Object.keys(saved)
      .filter((k) => !saved[k])
      .join(",")}`,
  );
  await refreshCompanySessions(auth.user.companyid, saved);
  return {
    ok: true,
    setCookie: await updateSessionUser(request, { ...auth.user, features_enabled: saved }),
  };
}

/** Puts new feature flags into the stored session of every user of one company (and only that company). */
async function refreshCompanySessions(companyId: number, features: Record<string, boolean>) {
  const rows = await prisma.session.findMany({
    where: { companyId, expiresAt: { gt: new Date() } },
    select: { id: true, data: true },
  });
  for (const row of rows) {
    const data = row.data as SessionData | null;
    if (!data?.user || data.user.companyid !== companyId) continue;
    const updated = { ...data, user: { ...data.user, features_enabled: features } };
    await prisma.session.updateMany({
      where: { id: row.id, companyId },
      data: { data: updated as object },
    });
  }
}

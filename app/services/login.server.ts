import { decodeJwt } from "jose";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { z } from "zod";
import type { RegisterSchema } from "~/lib/auth-schemas";
import { cleanDeep } from "~/lib/input";
import { RECOVERY_MESSAGES } from "~/lib/recovery";
import type { SessionUser } from "~/lib/user";
import { upstream } from "~/services/api.server";
import { createUserSession, destroyUserSession, getAuth } from "~/services/auth.server";
import { getEnv } from "~/services/env.server";
import { logError, logInfo } from "~/services/log.server";
import {
  isAccountBlocked,
  isLoginBlocked,
  isRecoveryBlocked,
  RATE_LIMIT_MESSAGE,
  RECOVERY_RATE_LIMIT_MESSAGE,
  recordLoginFailure,
  recordLoginSuccess,
  recordRecoveryFailure,
} from "~/services/rate-limit.server";
import { getSession, sessionStorage, type SessionData } from "~/services/session.server";
import * as api from "~/services/upstream/index.server";
import { compareText } from "~/lib/text-order";

/** SPEC §9: the demonstration token expiry, used when a token carries no readable expiry. */
export const DEMO_TOKEN_EXPIRY_SECONDS = 172800;

type Failure = { error: string; status: number };

const RECOVERY_WINDOW_MS = 30 * 60_000;

function tokenExpiry(token: string): number {
  try {
    const { exp } = decodeJwt(token);
    if (typeof exp === "number") return exp;
  } catch {
    // Not a JWT: fall back to the demonstration expiry.
  }
  return Math.floor(Date.now() / 1000) + DEMO_TOKEN_EXPIRY_SECONDS;
}

/**
 * After a successful login: the profile, permissions, feature flags (type 7; a failure is
 * ignored) and avatar (first photo; a failure is ignored), kept server-side with the token.
 */
export async function buildSessionData(
  token: string,
  fallbackUser?: api.UpstreamUser,
): Promise<SessionData> {
  // The whole sign-in is a call a person waits on: it may probe breakers an outage left open.
  const up = upstream(token).eager();
  const [profile, permissions, features] = await Promise.all([
    api.profile(up).catch((e) => {
      if (fallbackUser) return fallbackUser;
      throw e;
    }),
    api.permissions(up),
    api.featureFlags(up),
  ]);
  const avatar = await api.lastPhoto(up, profile.username_id).catch((e) => {
    logInfo("auth", `last photo unavailable: ${(e as Error).message}`);
    return null;
  });
  // The profile's text is cleaned of control characters: the session is stored as jsonb, which
  // refuses U+0000, so a NUL in a name made every sign-in of that person a 500.
  const user: SessionUser = cleanDeep({
    username_id: profile.username_id,
    username:
      profile.username ?? fallbackUser?.username ?? profile.email ?? String(profile.username_id),
    name: profile.name,
    first_name: profile.first_name,
    last_name: profile.last_name,
    email: profile.email ?? null,
    companyid: profile.companyid,
    tsadmin: profile.tsadmin,
    photo: profile.photo ?? null,
    avatar: avatar ?? profile.avatar ?? null,
    permissions,
    features_enabled: features,
    groups: [...profile.groups].sort((a, b) => compareText(a.nickname, b.nickname)),
    ...(profile.device_imeis ? { device_imeis: profile.device_imeis } : {}),
  });
  return { user, token, tokenExp: tokenExpiry(token) };
}

class LoginRefused extends Error {}

/** remix-auth with the form strategy: the verify step calls the upstream and builds the session data. */
const authenticator = new Authenticator<SessionData>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const result = await api.login(upstream().eager(), {
      username: String(form.get("username") ?? "").trim(),
      password: String(form.get("password") ?? ""),
    });
    if (!result.ok) throw new LoginRefused(result.message);
    return buildSessionData(result.token, result.user);
  }),
  "password",
);

function formRequest(fields: Record<string, string>) {
  return new Request("http://internal/login", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

async function authenticate(username: string, password: string): Promise<SessionData | Failure> {
  try {
    return await authenticator.authenticate("password", formRequest({ username, password }));
  } catch (e) {
    if (e instanceof LoginRefused) return { error: e.message, status: 401 };
    if (e instanceof api.UpstreamError) {
      logError("auth", e);
      return {
        error: api.isUpstreamFault(e)
          ? "The tracking service is not answering. Please try again in a minute."
          : e.message,
        status: 503,
      };
    }
    throw e;
  }
}

/**
 * Password sign-in with brute-force limits per account+address and per address (see
 * rate-limit.server.ts). Unknown usernames and wrong passwords get the same message and status.
 */
export async function handleLogin(
  request: Request,
  input: { username: string; password: string; redirectTo?: string },
  address: string,
  options: { adminOnly?: boolean } = {},
): Promise<Response | Failure> {
  if (await isLoginBlocked(input.username, address)) {
    logInfo("auth", `rate-limited user=${input.username} address=${address}`);
    return { error: RATE_LIMIT_MESSAGE, status: 429 };
  }
  const result = await authenticate(input.username, input.password);
  if ("error" in result) {
    if (result.status === 401) {
      await recordLoginFailure(input.username, address);
      logInfo("auth", `sign-in refused user=${input.username} address=${address}`);
    }
    return result;
  }
  // The password was right, but the account may be over its limit through its other identifier
  // (its e-mail address for its username, or the reverse): refuse, and give the token back.
  const who = {
    userId: result.user.username_id,
    username: result.user.username,
    email: result.user.email,
  };
  if (await isAccountBlocked(input.username, who, address)) {
    logInfo("auth", `rate-limited account=${who.userId} address=${address}`);
    await api.logout(upstream(result.token)).catch(() => undefined);
    return { error: RATE_LIMIT_MESSAGE, status: 429 };
  }
  if (
    options.adminOnly &&
    !result.user.tsadmin &&
    result.user.permissions.edit_permissions !== true
  ) {
    return {
      error: "This account is not an administrator. Use the ordinary sign-in page.",
      status: 403,
    };
  }
  await recordLoginSuccess(input.username, who, address);
  return createUserSession(request, result, input.redirectTo);
}

/** Sign-up (expects 201), then signs in with the new account. */
export async function handleRegister(
  request: Request,
  info: z.infer<typeof RegisterSchema>,
): Promise<Response | Failure> {
  try {
    await api.signUp(upstream(), { ...info, mobile: info.mobile || undefined });
  } catch (e) {
    if (e instanceof api.UpstreamError) return { error: api.MESSAGES.signUpFailed, status: 400 };
    throw e;
  }
  const result = await authenticate(info.email, info.password);
  if ("error" in result) return result;
  return createUserSession(request, result, "/dashboard/assets");
}

export async function handleDemoLogin(request: Request): Promise<Response | Failure> {
  const env = getEnv();
  const result = await authenticate(env.DEMO_USERNAME, env.DEMO_PASSWORD);
  if ("error" in result)
    return { error: "The demo is not available right now. Please try again later.", status: 503 };
  return createUserSession(request, result, "/dashboard/assets");
}

/**
 * Logout clears the user and the token once the upstream has ended its session. When it has not
 * (SPEC §8 "Logout fails": error snackbar 'Unable to logout'), the user stays signed in and is told,
 * rather than being signed out here while the upstream token lives on: they may try again. A 401
 * means the upstream session has already ended, so ours ends too.
 */
export async function handleLogout(
  request: Request,
): Promise<Response | { error: typeof api.MESSAGES.logoutFailed; status: 502 }> {
  const auth = await getAuth(request);
  if (auth) {
    try {
      await api.logout(upstream(auth.token));
    } catch (e) {
      if (!(e instanceof api.UpstreamError && e.status === 401)) {
        logInfo("auth", `upstream logout failed: ${(e as Error).message}`);
        return { error: api.MESSAGES.logoutFailed, status: 502 };
      }
    }
  }
  return destroyUserSession(request, "/login");
}

/**
 * Recovery step 1 (SPEC §4): the token login. A missing token is reported and the call still
 * proceeds; no token in the answer and a failed call have their own messages. Failed tokens count
 * per address (guessing is limited like passwords).
 */
export async function recoverWithToken(
  request: Request,
  token: string,
  address: string,
): Promise<{ ok: true; headers: Headers } | { ok: false; errors: string[]; status?: number }> {
  if (await isRecoveryBlocked(address)) {
    logInfo("auth", `recovery rate-limited address=${address}`);
    return { ok: false, errors: [RECOVERY_RATE_LIMIT_MESSAGE], status: 429 };
  }
  const errors: string[] = token ? [] : [RECOVERY_MESSAGES.missingToken];
  let bearer: string;
  try {
    bearer = await api.tokenLogin(upstream().eager(), token);
  } catch (e) {
    await recordRecoveryFailure(address);
    const noToken = e instanceof api.UpstreamError && e.message === api.MESSAGES.tokenLoginNoToken;
    return {
      ok: false,
      errors: [...errors, noToken ? RECOVERY_MESSAGES.noToken : RECOVERY_MESSAGES.failed],
    };
  }
  try {
    const data = await buildSessionData(bearer);
    const storage = sessionStorage();
    const old = await getSession(request);
    if (old.id) await storage.destroySession(old);
    const session = await storage.getSession();
    session.set("user", data.user);
    session.set("token", data.token);
    session.set("tokenExp", data.tokenExp);
    session.set("recoveredAt", Date.now());
    return {
      ok: true,
      headers: new Headers({ "Set-Cookie": await storage.commitSession(session) }),
    };
  } catch (e) {
    logError("auth", e);
    return { ok: false, errors: [...errors, RECOVERY_MESSAGES.noToken] };
  }
}

export async function isRecoverySession(request: Request): Promise<boolean> {
  if (!(await getAuth(request))) return false;
  const recoveredAt = (await getSession(request)).get("recoveredAt");
  return typeof recoveredAt === "number" && Date.now() - recoveredAt <= RECOVERY_WINDOW_MS;
}

/** Recovery step 2: the new password, set with the recovery session's bearer. Empty is refused without JS too. */
export async function resetPasswordForSession(
  request: Request,
  password: FormDataEntryValue | null,
): Promise<{ ok: true } | { ok: false; status: number; fieldError?: string; errors?: string[] }> {
  if (typeof password !== "string" || password.length === 0)
    return { ok: false, status: 400, fieldError: "Enter a new password" };
  const auth = await getAuth(request);
  // Only a session opened by a recovery link (in the last 30 minutes) may set a password this way.
  if (!auth || !(await isRecoverySession(request)))
    return { ok: false, status: 401, errors: [RECOVERY_MESSAGES.failed] };
  try {
    await api.resetPassword(upstream(auth.token), password);
    return { ok: true };
  } catch (e) {
    return {
      ok: false,
      status: 400,
      errors: [e instanceof api.UpstreamError ? e.message : api.MESSAGES.generic],
    };
  }
}
